import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { randomBytesHex } from './domain/ids';
import { requestHeader } from './request-header';

/**
 * Headers on every answer, of the sandbox and of the console server alike: no sniffing, no referrer, no framing, a
 * CSP that lets a JSON answer do nothing if it is ever opened as a page (index.html sets its own), and a browsing
 * context group of its own for a page.
 */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** A caller's request id is echoed if it is a plausible one; otherwise the answer gets a new one. */
const CALLER_REQUEST_ID = /^[\w\-=]{1,255}$/;

export function requestIdFor(callerId: string | undefined): string {
  return callerId && CALLER_REQUEST_ID.test(callerId) ? callerId : `req_${randomBytesHex(16)}`; // from a pool of randomness: a UUID per answer was 1.5% of a read's cost
}

/** The Node response being answered, when served by Node (the adapter passes it as `env.outgoing`). */
function nodeResponseOf(c: Context): ServerResponse | undefined {
  return (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}

/**
 * Sets headers of the answer before the handler runs; the handler's own headers win. Served by Node, they go on the
 * Node response, which joins them to the handler's when it writes the head: Hono's way (`c.header`) builds a
 * WHATWG Headers object per request, which cost about a fifth of a one-transfer read (bench/REPORT.md). In process
 * (`app.request`, tests), there is no Node response, and Hono's way is used.
 */
export function presetHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  const outgoing = nodeResponseOf(c);
  if (outgoing && !outgoing.headersSent) {
    for (const name in headers) outgoing.setHeader(name, headers[name] as string);
  } else {
    for (const name in headers) c.header(name, headers[name]);
  }
}

// Node responses that have the baseline: the console server sets it, and the sandbox it embeds would set it again.
const hasBaseline = new WeakSet<ServerResponse>();

/**
 * The baseline headers, once per answer: each header costs Node a validation when set and again when written, and
 * the embedded sandbox answers on the console server's response (a tenth of a read's cost was setting them twice).
 */
export function presetBaseline(c: Context): void {
  const outgoing = nodeResponseOf(c);
  if (outgoing) {
    if (hasBaseline.has(outgoing)) return;
    hasBaseline.add(outgoing);
  }
  presetHeaders(c, BASELINE_HEADERS);
}

/** A header of the answer, wherever presetHeaders put it. */
export function answeredHeader(c: Context, name: string): string | undefined {
  const fromResponse = c.res.headers.get(name);
  if (fromResponse !== null) return fromResponse;
  const value = nodeResponseOf(c)?.getHeader(name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The baseline headers and a request id on every answer (the id also in the context as `requestId`), and
 * `Cache-Control: no-store` on the API's answers.
 */
export function baselineHeaders(): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return (c, next) => {
    const id = requestIdFor(requestHeader(c, 'x-request-id'));
    c.set('requestId', id);
    presetBaseline(c);
    presetHeaders(
      c,
      c.req.path.startsWith('/v2')
        ? { 'Cache-Control': 'no-store', 'X-Request-Id': id }
        : { 'X-Request-Id': id },
    );
    return next();
  };
}
