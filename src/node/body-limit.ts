import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './error-body';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './json-depth';

export const BODY_LIMIT_BYTES = 65_536;

const UTF8 = new TextDecoder();

/**
 * A file's body: an approval request holds a whole payments file (up to 1,000 payments of at most 4 KiB of metadata
 * each), and a payout batch holds up to 5,000 items.
 */
export const FILE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** A bill's invoice: a PDF of at most 10 MiB, sent as base64 in JSON (a third more) or as a multipart upload. */
export const INVOICE_BODY_LIMIT_BYTES = 14 * 1024 * 1024;
const INVOICE_PATHS = /^\/v2\/accounts-payable\/payables(\/upload-from-file|\/[^/]+\/file)?$/;

/** The `/v2` routes whose body is a file rather than one request: a payout batch, a bill's invoice. */
export function bodyLimitOf(path: string): number {
  if (path === '/v2/payout-batches') return FILE_BODY_LIMIT_BYTES;
  return INVOICE_PATHS.test(path) ? INVOICE_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/**
 * Whether the request has a body: from its headers when they say (every request off the network does), else from the
 * request itself (one made in this process: asking Node's request for its body builds the whole web request).
 */
function hasBody(c: Context): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const length = c.req.header('content-length');
  return length === undefined ? c.req.raw.body !== null : length !== '0';
}

/**
 * A body over `maxBytes` (BODY_LIMIT_BYTES unless said) is refused with 413, in the one error shape, before anything
 * reads it; one within it that nests deeper than MAX_BODY_DEPTH, with 400. A declared Content-Length is judged from the header alone; only a chunked body goes through Hono's
 * streaming check, which rebuilds the whole request as a web stream on Node.
 */
export function limitBodySize(
  maxBytes: number | ((path: string) => number) = BODY_LIMIT_BYTES,
  /** Told of each refusal and its status before it is answered (the console server writes it in the trail). */
  onRefused?: (c: Context, status: 400 | 413) => Promise<void>,
): MiddlewareHandler {
  const limitOf = typeof maxBytes === 'number' ? () => maxBytes : maxBytes;
  const checks = new Map<number, MiddlewareHandler>();
  const tooLarge = async (c: Context, limit: number) => {
    const answer = c.json(errorBody('body-too-large', `The body exceeds ${limit} bytes`), 413);
    await onRefused?.(c, 413);
    return answer;
  };
  const streamingCheck = (limit: number) => {
    let check = checks.get(limit);
    if (!check) {
      check = bodyLimit({ maxSize: limit, onError: (c) => tooLarge(c, limit) });
      checks.set(limit, check);
    }
    return check;
  };
  const tooDeep = async (c: Context) => {
    const answer = c.json(
      errorBody('body-too-deep', `The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep`),
      400,
    );
    await onRefused?.(c, 400);
    return answer;
  };
  // Within its size, a body that nests too deep is refused before anything parses it (node/json-depth.ts). The bytes
  // are read once through Hono's body cache, where every later reader of `c.req` finds them (as text too): rebuilding
  // the request around them cost a member's payment a tenth of its rate.
  const checkDepth = async (c: Context, next: () => Promise<void>) => {
    const type = c.req.header('content-type') ?? '';
    if (!hasBody(c) || type.startsWith('multipart/form-data')) return next();
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (nestsDeeperThan(bytes)) return tooDeep(c);
    // Hono keeps promises there, though its type names the values.
    const cache = c.req.bodyCache as { text?: Promise<string> };
    cache.text ??= Promise.resolve(UTF8.decode(bytes));
    return next();
  };
  return async (c, next) => {
    const limit = limitOf(c.req.path);
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) {
      return streamingCheck(limit)(c, () => checkDepth(c, next) as Promise<void>);
    }
    if (Number(declared) > limit) return tooLarge(c, limit);
    return checkDepth(c, next);
  };
}
