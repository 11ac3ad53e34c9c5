import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { ROUTE_TABLE } from '../app/route-table';
import { firstMatch } from '../app/routing/match';
import { inlineScriptHashes, withCode, withPlaceholder } from './paint-first';
import { type BuildManifest, modulePreloadLinks, routePreloads } from './route-preloads';
import { contentSecurityPolicy } from './security-headers';

export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built console: hashed assets cached for a year, and index.html for every client route, never cached,
 * with a fresh CSP nonce written into its <meta name="csp-nonce"> for the style elements Mantine adds, the chunks of
 * the page asked for named as module preloads (from the build's manifest, when there is one), and that page's
 * placeholder to paint until they have arrived. Its inline loader (paint-first.ts) is allowed by its hash: the same
 * on every visit, unlike a nonce.
 */
export function mountSpa(app: Hono, staticDir: string): void {
  // index.html, read once, with the CSP sources of its inline script (the same for every page made of it).
  let index: { html: string; scriptSources: string[] } | null = null;
  const loadIndex = () => {
    if (!index) {
      const html = readFileSync(join(staticDir, 'index.html'), 'utf8');
      index = { html, scriptSources: inlineScriptHashes(html) };
    }
    return index;
  };
  let preloadsOf: ((pathname: string) => string[]) | null = null;
  const loadPreloads = () => {
    if (!preloadsOf) {
      const manifestFile = join(staticDir, '.vite', 'manifest.json');
      preloadsOf = existsSync(manifestFile)
        ? routePreloads(JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest)
        : () => [];
    }
    return preloadsOf;
  };

  app.use(
    '/assets/*',
    serveStatic({
      root: staticDir,
      // The build's .br and .gz copies (scripts/precompress.mjs), when the browser takes them.
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.all('/assets/*', (c) => c.text('Not found', 404));
  const publicFiles = serveStatic({
    root: staticDir,
    precompressed: true,
    onFound: (_p, ctx) => ctx.header('Cache-Control', 'no-cache'),
  });
  app.use('*', async (c, next) => {
    // The build's own files (.vite/manifest.json) are for this server, not for browsers.
    if (c.req.path === '/' || c.req.path === '/index.html' || c.req.path.startsWith('/.')) return next();
    return publicFiles(c, next);
  });
  // index.html with the page's preloads and placeholder depends only on the route a path matches: made once per
  // route, so a request only writes its nonce in.
  const pages = new Map<string, string>();
  const pageFor = (pathname: string): string => {
    const route = firstMatch(ROUTE_TABLE, pathname)?.route.path ?? '';
    let page = pages.get(route);
    if (page === undefined) {
      const preloads = modulePreloadLinks(loadPreloads()(pathname));
      page = withCode(withPlaceholder(loadIndex().html, pathname), preloads);
      pages.set(route, page);
    }
    return page;
  };

  app.get('*', (c) => {
    let page: string;
    try {
      page = pageFor(c.req.path);
    } catch {
      return c.text(
        'The console is not built: run `npm run build` (or `npm start`, which builds first).',
        503,
      );
    }
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', contentSecurityPolicy(nonce, loadIndex().scriptSources));
    c.header('Cache-Control', 'no-store');
    return c.html(page.replaceAll(NONCE_PLACEHOLDER, nonce));
  });
}
