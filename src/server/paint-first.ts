import { hash } from 'node:crypto';
import { ROUTE_TABLE, type RouteEntry } from '../app/route-table';
import { firstMatch } from '../app/routing/match';
import { loadCodeAfterFirstPaint } from './code-after-paint';

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

/** The console's own files in the built page: its stylesheets, module preloads and entry script. */
const CODE_TAG =
  /[ \t]*(?:<link rel="(?:stylesheet|modulepreload)"[^>]*>|<script type="module"[^>]*><\/script>)\n?/g;

const CODE_TEMPLATE_ID = 'console-code';
const CODE_TEMPLATE_END = '</template>';

/** The inline loader (code-after-paint.ts), as index.html runs it. */
export const CODE_LOADER = `<script>(${loadCodeAfterFirstPaint.toString()})(${JSON.stringify(CODE_TEMPLATE_ID)})</script>`;

/**
 * The build's stylesheet, preloads and entry script moved, inert, into a <template> right after the placeholder,
 * with the loader that makes them live once the placeholder is painted (see code-after-paint.ts). Stylesheets
 * first, in order: they go live in the template's place, before the app's root, whose <style> elements (the theme's
 * variables) must win over the library's defaults in them.
 */
export function codeAfterFirstPaint(html: string): string {
  const boot = bootBounds(html);
  const tags = html.match(CODE_TAG);
  if (!boot || !tags) return html;
  const trimmed = tags.map((tag) => tag.trim());
  const isStylesheet = (tag: string) => tag.includes('rel="stylesheet"');
  const ordered = [...trimmed.filter(isStylesheet), ...trimmed.filter((tag) => !isStylesheet(tag))];
  const afterBoot = boot.end + '</div>'.length;
  const code = `<template id="${CODE_TEMPLATE_ID}">${ordered.join('')}${CODE_TEMPLATE_END}${CODE_LOADER}`;
  const before = html.slice(0, afterBoot).replace(CODE_TAG, '');
  return `${before}${code}${html.slice(afterBoot).replace(CODE_TAG, '')}`;
}

/** `tags` (a page's own module preloads) added to the code that goes live after the first paint. */
export function withCode(html: string, tags: string): string {
  const end = html.indexOf(CODE_TEMPLATE_END);
  return end < 0
    ? html.replace('</head>', `${tags}</head>`)
    : `${html.slice(0, end)}${tags}${html.slice(end)}`;
}

/** CSP sources (`'sha256-…'`) for the inline scripts of a page: the loader's, which is the same on every visit. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${hash('sha256', match[1] ?? '', 'base64')}'`,
  );
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
