import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app/route-table';
import {
  CODE_LOADER,
  codeAfterFirstPaint,
  inlineScriptHashes,
  shellPlaceholder,
  withCode,
  withPlaceholder,
} from './paint-first';

const BUILT = `<!doctype html>
<html>
  <head>
    <style nonce="n">#boot { font-family: system-ui; }</style>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="boot"><main class="boot"><h1>Payout Console</h1></main></div>
    <div id="root"></div>
  </body>
</html>`;

/** The inert code of a page, and what follows it up to the app's root. */
const codeOf = (html: string) =>
  /<template id="console-code">(.*?)<\/template>(<script>.*?<\/script>)/s.exec(html)?.slice(1) ?? [];

describe('the code after the first paint', () => {
  it("moves the build's stylesheet, preloads and entry into an inert template after the placeholder", () => {
    const html = codeAfterFirstPaint(BUILT);
    const [head = '', body = ''] = html.split('</head>');
    expect(head).not.toMatch(/<link rel="(stylesheet|modulepreload)"|<script type="module"/);
    expect(head).toContain('<style nonce="n">'); // the placeholder's own styles stay
    const [code = '', loader = ''] = codeOf(body);
    expect(code).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    );
    expect(loader).toBe(CODE_LOADER);
    const boot = body.indexOf('<div id="boot">');
    const template = body.indexOf('<template id="console-code">');
    const root = body.indexOf('<div id="root">');
    expect(boot).toBeGreaterThan(-1);
    expect(template).toBeGreaterThan(boot);
    expect(root).toBeGreaterThan(body.indexOf(CODE_LOADER));
  });

  it('puts every stylesheet first, in order, wherever the build wrote it', () => {
    const two = BUILT.replace(
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '<link rel="stylesheet" href="/a.css">',
    ).replace('<div id="root">', '<link rel="stylesheet" href="/b.css"><div id="root">');
    const [code = ''] = codeOf(codeAfterFirstPaint(two));
    expect(code).toMatch(
      /^<link rel="stylesheet" href="\/a.css"><link rel="stylesheet" href="\/b.css"><script/,
    );
  });

  it('leaves a page without a placeholder or without code as it is', () => {
    const noBoot = BUILT.replace('<div id="boot">', '<div id="elsewhere">');
    expect(codeAfterFirstPaint(noBoot)).toBe(noBoot);
    const noCode = BUILT.replace(/\s*<(link|script)[^>]*>(<\/script>)?/g, '');
    expect(codeAfterFirstPaint(noCode)).toBe(noCode);
  });

  it("adds a page's own preloads to the code that waits, or to <head> in a page without it", () => {
    const tags = '<link rel="modulepreload" crossorigin href="/assets/page-1.js">';
    const [code = ''] = codeOf(withCode(codeAfterFirstPaint(BUILT), tags));
    expect(code.endsWith(tags)).toBe(true);
    expect(withCode(BUILT, tags)).toContain(`${tags}</head>`);
  });

  it('names the inline loader by its hash for the CSP, and nothing else', () => {
    const html = codeAfterFirstPaint(BUILT);
    const body = /<script>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
    expect(inlineScriptHashes(BUILT)).toEqual([]);
  });
});

const TABLE: RouteEntry[] = [
  { path: '/sign-in', signedIn: false },
  { path: '/payments/new', page: 'p.tsx#P', signedIn: true, heading: 'Create payment' },
  { path: '/users/:userId', page: 'u.tsx#U', signedIn: true },
  { path: '/odd', page: 'o.tsx#O', signedIn: true, heading: '<Fees & "rates">' },
  { path: '*', signedIn: true, heading: 'Page not found' },
];

describe('the placeholder of each page', () => {
  const page = (path: string) => withPlaceholder(BUILT, path, TABLE);
  const bootOf = (html: string) => /<div id="boot">(.*?)<\/div>/s.exec(html)?.[1];

  it("keeps index.html's own placeholder (the sign-in page's) for pages outside the shell", () => {
    expect(page('/sign-in')).toBe(BUILT);
  });

  it("puts the shell's outline with the page's heading in its place", () => {
    expect(bootOf(page('/payments/new'))).toBe(shellPlaceholder('Create payment'));
    expect(bootOf(page('/payments/new'))).toContain(
      '<main class="boot-main"><h1>Create payment</h1><p>Loading the page…</p></main>',
    );
    expect(page('/payments/new')).toContain('<div id="root"></div>');
    expect(bootOf(page('/no/such/page'))).toContain('<h1>Page not found</h1>');
  });

  it('leaves the heading out where the page names it from its data, and escapes what it writes', () => {
    expect(bootOf(page('/users/42'))).toBe(shellPlaceholder(undefined));
    expect(bootOf(page('/users/42'))).not.toContain('<h1>');
    expect(bootOf(page('/odd'))).toContain('<h1>&lt;Fees &amp; &quot;rates&quot;&gt;</h1>');
  });
});
