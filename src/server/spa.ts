import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { pageSecurityPolicy } from '../node/security-headers';

/** Where index.html asks for the nonce of this response (src/app/theme.ts reads it). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built console: hashed assets cached for a year (their .br and .gz copies when the browser takes them),
 * and Vite's index.html for every client route, never cached, with this response's CSP nonce written in.
 */
export function mountSpa(app: Hono, staticDir: string): void {
  let index: string | null = null;
  app.use(
    '/assets/*',
    serveStatic({
      root: staticDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.all('/assets/*', (c) => c.text('Not found', 404));
  const publicFiles = serveStatic({
    root: staticDir,
    precompressed: true,
    onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
  });
  app.use('*', async (c, next) => {
    if (c.req.path === '/' || c.req.path === '/index.html' || c.req.path.startsWith('/.')) return next();
    return publicFiles(c, next);
  });
  app.get('*', (c) => {
    try {
      index ??= readFileSync(join(staticDir, 'index.html'), 'utf8');
    } catch {
      return c.text(
        'The console is not built: run `npm run build` (or `npm start`, which builds first).',
        503,
      );
    }
    c.header('Cache-Control', 'no-store');
    return c.html(index.replaceAll(NONCE_PLACEHOLDER, pageSecurityPolicy(c)));
  });
}
