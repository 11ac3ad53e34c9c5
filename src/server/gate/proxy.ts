import { errorBody } from '../../node/error-body';
import { opsEvents } from '../ops/events';

/** Headers a caller may send upstream, and headers of the answer the browser gets back. Nothing else crosses. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'authorization', 'api-app-id', 'x-request-id'];
const RETURNED_RESPONSE_HEADERS = ['content-type', 'x-request-id', 'retry-after', 'idempotent-replayed'];

export interface ProxyOptions {
  upstream: URL;
  timeoutMs: number;
  maxResponseBytes: number;
}

/**
 * `{base}/v2/...` for a request path `/v2/...`, keeping the base's own path (`https://api.dots.dev/api`), or null
 * for anything that could leave `{base}/v2/`: dot segments (plain or encoded), backslashes, empty segments.
 */
export function upstreamUrlFor(base: URL, pathAndQuery: string): string | null {
  const [path = ''] = pathAndQuery.split('?', 1);
  if (!path.startsWith('/v2/') && path !== '/v2') return null;
  if (/(^|\/)(\.|%2e){1,2}(\/|$)|\\|%5c|%2f|\/\//i.test(path)) return null;
  const prefix = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const target = new URL(`${prefix}${pathAndQuery}`);
  if (
    target.origin !== base.origin ||
    !target.pathname.startsWith(`${new URL(prefix).pathname.replace(/\/$/, '')}/v2`)
  ) {
    return null;
  }
  return target.toString();
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return null;
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Forwards a /v2 request to the real service and returns its status and body as they are. Only allow-listed headers
 * cross, both ways (no cookies, no hop-by-hop headers, no WWW-Authenticate that would open the browser's own login
 * prompt). An upstream that cannot be reached answers 502, one that is too slow 504, an answer over the size cap 502,
 * all in the error shape, so the browser never hangs. Nothing here logs a header.
 */
export function proxyTo({ upstream, timeoutMs, maxResponseBytes }: ProxyOptions) {
  return async (incomingRequest: Request, authorization?: string): Promise<Response> => {
    const incoming = new URL(incomingRequest.url);
    const requestId = incomingRequest.headers.get('x-request-id');
    const fail = (status: 400 | 502 | 504, code: string, message: string) =>
      Response.json(errorBody(code, message), {
        status,
        headers: { 'Cache-Control': 'no-store', ...(requestId ? { 'X-Request-Id': requestId } : {}) },
      });
    const target = upstreamUrlFor(upstream, incoming.pathname + incoming.search);
    if (!target) return fail(400, 'path-not-allowed', 'Only /v2 paths are forwarded');
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = incomingRequest.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    if (authorization) headers.set('authorization', authorization);
    const method = incomingRequest.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await incomingRequest.arrayBuffer();
    try {
      const response = await fetch(target, {
        method,
        headers,
        body: body && body.byteLength > 0 ? body : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const payload = await readCapped(response, maxResponseBytes);
      if (payload === null) {
        opsEvents.emit('upstream-error', { kind: 'too-large' });
        return fail(
          502,
          'upstream-response-too-large',
          `The payout service answered more than ${maxResponseBytes} bytes`,
        );
      }
      const out = new Headers({ 'Cache-Control': 'no-store' });
      for (const name of RETURNED_RESPONSE_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) out.set(name, value);
      }
      if (!out.has('x-request-id') && requestId) out.set('X-Request-Id', requestId);
      const emptyStatus = response.status === 204 || response.status === 304;
      return new Response(emptyStatus ? null : new Uint8Array(payload), {
        status: response.status,
        headers: out,
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        opsEvents.emit('upstream-error', { kind: 'timeout' });
        return fail(504, 'upstream-timeout', `The payout service did not answer within ${timeoutMs} ms`);
      }
      opsEvents.emit('upstream-error', { kind: 'unreachable' });
      return fail(502, 'upstream-unreachable', `The payout service at ${upstream.host} could not be reached`);
    }
  };
}
