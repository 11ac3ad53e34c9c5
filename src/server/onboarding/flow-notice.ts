/**
 * A page the console server answers on a flow's link itself, when it holds what the payee sent (a payout method that
 * waits for a second member, a payout that needs approval): the look of the service's own pages (their stylesheet),
 * no script, and the words of what happened.
 */

import { escapeHtml } from '../../lib/escape-html';

/** The stylesheet of the hosted flow's pages, on this origin. */
const FLOW_STYLESHEET = '/flow/assets/flow.css';

export function flowNotice(
  status: 200 | 202 | 403 | 409 | 503,
  organization: string,
  title: string,
  text: string,
): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(organization)}</title>
<link rel="stylesheet" href="${FLOW_STYLESHEET}">
</head>
<body>
<main>
<p class="org">${escapeHtml(organization)}</p>
<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(text)}</p>
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    },
  });
}
