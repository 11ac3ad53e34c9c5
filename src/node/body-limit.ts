import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './error-body';

export const BODY_LIMIT_BYTES = 65_536;

/** An approval request holds a whole payments file: up to 1,000 payments of at most 4 KiB of metadata each. */
export const FILE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * A body over `maxBytes` (BODY_LIMIT_BYTES unless said) is refused with 413, in the one error shape, before anything
 * reads it. A declared Content-Length is judged from the header alone; only a chunked body goes through Hono's
 * streaming check, which rebuilds the whole request as a web stream on Node.
 */
export function limitBodySize(maxBytes = BODY_LIMIT_BYTES): MiddlewareHandler {
  const tooLarge: Parameters<typeof bodyLimit>[0]['onError'] = (c) =>
    c.json(errorBody('body-too-large', `The body exceeds ${maxBytes} bytes`), 413);
  const streaming = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return streaming(c, next);
    if (Number(declared) > maxBytes) return tooLarge(c);
    await next();
  };
}
