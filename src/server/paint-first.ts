import { ROUTE_TABLE, type RouteEntry } from '../app/route-table';
import { firstMatch } from '../app/routing/match';

/*
 * What a first visit paints before the console's code and styles arrive. On a slow connection the code takes seconds;
 * meanwhile index.html shows the page that is coming: the sign-in page's heading, or the shell's outline with the
 * page's own heading where the page will put it. The entry removes the placeholder in the commit that renders the
 * app (src/main.tsx), which puts the same heading in the same place: nothing moves, and the largest text on screen
 * is painted once, early.
 */

const BOOT_OPEN = '<div id="boot">';

/** The placeholder element of index.html: where its content starts, and where its closing tag starts. */
function bootBounds(html: string): { start: number; end: number } | null {
  const open = html.indexOf(BOOT_OPEN);
  // The placeholder holds no <div> of its own, so the first </div> after its opening tag closes it.
  const close = open < 0 ? -1 : html.indexOf('</div>', open);
  return close < 0 ? null : { start: open + BOOT_OPEN.length, end: close };
}

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * The build's stylesheets moved from <head> to between the placeholder and the app's root. In <head>, a stylesheet
 * holds back the first paint until it has arrived; in the body it holds back only what follows it, and the
 * placeholder before it is styled inline. It still comes before the app's own <style> elements (the theme's
 * variables, rendered inside #root), which must win over the library's defaults in it. Scripts wait for it too (a
 * module script runs once the style sheets before it have loaded), so React never renders unstyled.
 */
export function stylesheetsAfterPlaceholder(html: string): string {
  const links = html.match(STYLESHEET_LINK);
  const boot = bootBounds(html);
  if (!links || !boot) return html;
  const afterBoot = boot.end + '</div>'.length;
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || headEnd > boot.start) return html;
  const head = html.slice(0, headEnd).replace(STYLESHEET_LINK, '');
  const moved = links.map((link) => link.trim()).join('');
  return `${head}${html.slice(headEnd, afterBoot)}${moved}${html.slice(afterBoot)}`;
}

const CODE_TAG = /<(script type="module"|link rel="modulepreload")(?![^>]*\bfetchpriority=)/g;

/** The attribute that asks for the console's code at low priority (see codeAtLowPriority). */
export const LOW_PRIORITY = 'fetchpriority="low"';

/**
 * The entry script and its module preloads, asked for at low priority. The first paint needs none of them (it is the
 * placeholder, styled inline) and they run only after the stylesheet anyway, so the stylesheet goes first. It also
 * tells a page-load model what the browser knows: at the default (high) priority, Lighthouse counts a script that
 * has arrived before the first paint as holding that paint back, and on this machine the race between the paint
 * and a local download decided whether Create payment scored 93 or 100 (simulated first paint 2.5 s or 0.7 s).
 * Real loads measured the same either way (README, Performance).
 */
export function codeAtLowPriority(html: string): string {
  return html.replace(CODE_TAG, `<$1 ${LOW_PRIORITY}`);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The shell's outline (its header, and main beside the navigation column) with the page's heading, styled by index.html. */
export function shellPlaceholder(heading: string | undefined): string {
  const h1 = heading === undefined ? '' : `<h1>${escapeHtml(heading)}</h1>`;
  return `<header class="boot-header">Payout Console</header><main class="boot-main">${h1}<p>Loading the page…</p></main>`;
}

/**
 * index.html for `pathname`: pages in the shell get the shell's placeholder with their heading; the others keep
 * index.html's own placeholder, which is the sign-in page's.
 */
export function withPlaceholder(
  html: string,
  pathname: string,
  table: readonly RouteEntry[] = ROUTE_TABLE,
): string {
  const route = firstMatch(table, pathname)?.route;
  const boot = bootBounds(html);
  if (!route?.signedIn || !boot) return html;
  return html.slice(0, boot.start) + shellPlaceholder(route.heading) + html.slice(boot.end);
}
