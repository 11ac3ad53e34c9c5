import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app/route-table';
import {
  codeAtLowPriority,
  shellPlaceholder,
  stylesheetsAfterPlaceholder,
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

describe('the stylesheet after the placeholder', () => {
  it('moves the build stylesheet from <head> to between the placeholder and the root', () => {
    const html = stylesheetsAfterPlaceholder(BUILT);
    const [head = '', body = ''] = html.split('</head>');
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).toContain('rel="modulepreload"'); // preloads and the entry stay where they start early
    expect(head).toContain('src="/assets/index-1.js"');
    const boot = body.indexOf('<div id="boot">');
    const link = body.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    const root = body.indexOf('<div id="root">');
    expect(boot).toBeGreaterThan(-1);
    expect(link).toBeGreaterThan(boot);
    expect(root).toBeGreaterThan(link);
  });

  it('moves every stylesheet, in order', () => {
    const two = BUILT.replace(
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '<link rel="stylesheet" href="/a.css">\n    <link rel="stylesheet" href="/b.css">',
    );
    const body = stylesheetsAfterPlaceholder(two).split('</head>')[1] ?? '';
    expect(body).toContain(
      '</main></div><link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/b.css">',
    );
  });

  it('leaves a page without a placeholder or without stylesheets as it is', () => {
    const noBoot = BUILT.replace('<div id="boot">', '<div id="elsewhere">');
    expect(stylesheetsAfterPlaceholder(noBoot)).toBe(noBoot);
    const noLinks = BUILT.replace(/\s*<link rel="stylesheet"[^>]*>/, '');
    expect(stylesheetsAfterPlaceholder(noLinks)).toBe(noLinks);
  });
});

describe('the code at low priority', () => {
  it('asks for the entry and its preloads at low priority, and for nothing else', () => {
    const html = codeAtLowPriority(BUILT);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html.match(/fetchpriority/g)).toHaveLength(2);
  });

  it('leaves a priority already given as it is, so that applying it twice changes nothing', () => {
    const once = codeAtLowPriority(BUILT);
    expect(codeAtLowPriority(once)).toBe(once);
    const high = BUILT.replace('<script type="module"', '<script type="module" fetchpriority="high"');
    expect(codeAtLowPriority(high)).toContain('<script type="module" fetchpriority="high" crossorigin');
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
