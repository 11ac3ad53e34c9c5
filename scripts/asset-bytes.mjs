// The gzip size of the built assets a page requested: what the bundle budget counts (deterministic for a build).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const BUDGET_KIB = { js: 120, css: 30 };

/** Starts recording the /assets/ a Playwright page requests; call the result for the paths so far. */
export function recordAssets(page) {
  const paths = new Set();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) paths.add(path);
  });
  return () => [...paths];
}

/** gzip -9 sizes from dist/, in KiB with one decimal, split into JS and CSS. */
export function gzipKiB(paths, distDir = 'dist') {
  const bytes = { js: 0, css: 0 };
  for (const path of paths) {
    const size = gzipSync(readFileSync(`${distDir}${path}`), { level: 9 }).length;
    if (path.endsWith('.css')) bytes.css += size;
    else if (path.endsWith('.js')) bytes.js += size;
  }
  return { js: +(bytes.js / 1024).toFixed(1), css: +(bytes.css / 1024).toFixed(1) };
}
