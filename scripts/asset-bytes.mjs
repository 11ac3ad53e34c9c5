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

/**
 * Holds back what a page asks for when the browser is idle (code loaded ahead of need), so that a first load shows
 * alone; `releaseIdleLoads(page)` lets it through. Call before the page loads.
 */
export function holdIdleLoads(page) {
  // Text, not a function: a loader that rewrites this file (tsx in the bench) may add helpers the page lacks.
  // Once released, idle callbacks are the browser's again: a chain of loads asks for one idle period after another.
  return page.addInitScript(`(() => {
    const held = [];
    let released = false;
    const request = window.requestIdleCallback.bind(window);
    const cancel = window.cancelIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => (released ? request(callback, options) : held.push(callback));
    window.cancelIdleCallback = (handle) => released && cancel(handle);
    window.__releaseIdleLoads = () => {
      released = true;
      held.splice(0).forEach((callback) => callback());
    };
  })()`);
}

/**
 * Lets the held loads through, and returns once the page has asked for nothing new for a second: the loads chain,
 * one idle period after another, so the page's network is quiet between them.
 */
export async function releaseIdleLoads(page, quietMs = 1000) {
  let requests = 0;
  const count = () => requests++;
  page.on('request', count);
  try {
    await page.evaluate('window.__releaseIdleLoads()');
    for (let seen = -1; seen !== requests; ) {
      seen = requests;
      await page.waitForTimeout(quietMs);
    }
  } finally {
    page.off('request', count);
  }
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
