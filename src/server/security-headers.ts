import type { MiddlewareHandler } from 'hono';
import { presetBaseline } from '../sandbox/baseline-headers';

/**
 * The production Content-Security-Policy. Scripts: files of this origin, and the inline scripts of index.html by
 * their hash (the loader of paint-first.ts; no other inline script, no eval). Styles: files of
 * this origin, and <style> elements carrying this response's nonce (Mantine's CSS variables, via getStyleNonce);
 * style *attributes* need 'unsafe-inline' in style-src-attr, since Mantine sets CSS variables on elements. That
 * allows no script, only inline presentation.
 */
export function contentSecurityPolicy(nonce: string, scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    `style-src 'self' 'nonce-${nonce}' 'report-sample'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(): MiddlewareHandler<{ Variables: { cspNonce?: string } }> {
  // Set before the handler: a handler may replace the CSP (index.html has its own with a nonce), and setting headers
  // on a finished response would make the Node adapter rebuild it (the top cost in a profile of the hot path).
  return (c, next) => {
    presetBaseline(c);
    return next();
  };
}
