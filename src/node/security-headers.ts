import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';

/*
 * Every Content-Security-Policy and security header of the console server and the sandbox, in this one module.
 */

/**
 * Every answer: no sniffing, no referrer, no framing, a browsing context group of its own, and a CSP under which a
 * JSON answer opened as a page can do nothing. The console's page sets its own CSP (`pageSecurityHeaders`), which
 * this one leaves in place (it runs outside it). Strict-Transport-Security is left to the TLS terminator in front:
 * the server itself speaks plain HTTP, on loopback by default.
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
    overwrite: false,
  });
}

/**
 * The console's page: scripts from this origin only (no inline script, no eval); styles from this origin and
 * <style> elements carrying this response's nonce (Mantine's CSS variables, through getStyleNonce), which the page
 * handler reads as `c.get('secureHeadersNonce')`. Style *attributes* need 'unsafe-inline' in style-src-attr, since
 * Mantine sets CSS variables on elements: that allows presentation only, never script.
 */
export function pageSecurityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", NONCE],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
  });
}
