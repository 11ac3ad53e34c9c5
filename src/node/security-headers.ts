import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

/*
 * Every Content-Security-Policy and security header of the console server and the sandbox, in this one module.
 */

/**
 * Every answer: no sniffing, no referrer, no framing, a browsing context group of its own, and a CSP under which a
 * JSON answer opened as a page can do nothing (the console's page replaces it: `pageSecurityPolicy`).
 * Strict-Transport-Security is left to the TLS terminator in front: the server itself speaks plain HTTP, on loopback
 * by default. Set before the handler runs, as the handler's own headers are: set on a finished response, a header
 * makes the Node adapter rebuild the whole response.
 */
const BASELINE: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    for (const [name, value] of Object.entries(BASELINE)) c.header(name, value);
    await next();
  };
}

/**
 * The console's page: scripts from this origin only (no inline script, no eval); styles from this origin and <style>
 * elements carrying this response's nonce (Mantine's CSS variables, through getStyleNonce). Style *attributes* need
 * 'unsafe-inline' in style-src-attr, since Mantine sets CSS variables on elements: that allows presentation only,
 * never script. Returns the nonce, for the page to carry.
 */
export function pageSecurityPolicy(c: Context): string {
  const nonce = randomBytes(16).toString('base64');
  c.header(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      "script-src 'self'",
      `style-src 'self' 'nonce-${nonce}'`,
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      // A bill's invoice, fetched with the member's credentials, is shown by the browser's own viewer from a blob: URL.
      'frame-src blob:',
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  return nonce;
}
