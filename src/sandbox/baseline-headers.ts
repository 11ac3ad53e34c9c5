/**
 * Headers on every answer, of the sandbox and of the console server alike: no sniffing, no referrer, no framing, and
 * a CSP that lets a JSON answer do nothing if it is ever opened as a page (index.html sets its own).
 */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};
