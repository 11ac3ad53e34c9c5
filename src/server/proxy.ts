import type { Context } from 'hono';
import { errorBody } from '../sandbox/http-error';

/** Headers a caller may send upstream, and headers of the answer the browser gets back. Nothing else crosses. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'authorization', 'api-app-id', 'x-request-id'];
const RETURNED_RESPONSE_HEADERS = ['content-type', 'x-request-id', 'retry-after'];

export interface ProxyOptions {
  upstream: URL;
  timeoutMs: number;
}

/** `{base}/v2/...` for `/v2/...`, keeping the base's own path (`https://api.dots.dev/api`). */
export function upstreamUrlFor(base: URL, pathAndQuery: string): string {
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${pathAndQuery}`;
}

/**
 * Forwards a /v2 request to the real service and returns its status and body as they are. An upstream that cannot
 * be reached answers 502 and one that is too slow 504, both in the error shape, so the browser never hangs.
 */
export function proxyTo({ upstream, timeoutMs }: ProxyOptions) {
  return async (c: Context): Promise<Response> => {
    const incoming = new URL(c.req.url);
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    const requestId = c.req.header('x-request-id');
    const fail = (status: 502 | 504, code: string, message: string) => {
      if (requestId) c.header('X-Request-Id', requestId);
      c.header('Cache-Control', 'no-store');
      return c.json(errorBody(code, message), status);
    };
    try {
      const response = await fetch(upstreamUrlFor(upstream, incoming.pathname + incoming.search), {
        method,
        headers,
        body: body && body.byteLength > 0 ? body : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const payload = await response.arrayBuffer();
      const out = new Headers({ 'Cache-Control': 'no-store' });
      for (const name of RETURNED_RESPONSE_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) out.set(name, value);
      }
      if (!out.has('x-request-id') && requestId) out.set('X-Request-Id', requestId);
      const emptyStatus = response.status === 204 || response.status === 304;
      return new Response(emptyStatus ? null : payload, { status: response.status, headers: out });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return fail(504, 'upstream-timeout', `The payout service did not answer within ${timeoutMs} ms`);
      }
      return fail(502, 'upstream-unreachable', `The payout service at ${upstream.host} could not be reached`);
    }
  };
}
