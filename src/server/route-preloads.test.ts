import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app/route-table';
import { type BuildManifest, modulePreloadLinks, routePreloads } from './route-preloads';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_forms.js': { file: 'assets/forms-1.js', imports: ['_react.js', '_zod.js'] },
  '_zod.js': { file: 'assets/zod-1.js' },
  // The layout as the table names it (SIGNED_IN_LAYOUT).
  'src/app/layout/SignedInLayout.tsx': { file: 'assets/Layout-1.js', imports: ['index.html', '_react.js'] },
  'src/Pay.tsx': { file: 'assets/Pay-1.js', imports: ['index.html', '_forms.js'] },
};
const table: RouteEntry[] = [
  { path: '/sign-in', signedIn: false },
  { path: '/pay/:id', page: 'src/Pay.tsx#Pay', signedIn: true },
  { path: '*', signedIn: true },
];

describe('modulepreload hints by route', () => {
  const preloads = routePreloads(manifest, table);

  it('names the layout, the page and what they import, not what the entry already loads', () => {
    expect(preloads('/pay/42')).toEqual([
      '/assets/Layout-1.js',
      '/assets/Pay-1.js',
      '/assets/forms-1.js',
      '/assets/zod-1.js',
    ]);
  });

  it('names nothing for a page in the entry, and only the layout for one in the entry inside the shell', () => {
    expect(preloads('/sign-in')).toEqual([]);
    expect(preloads('/no/such/page')).toEqual(['/assets/Layout-1.js']);
  });

  it('writes them as module preloads', () => {
    expect(modulePreloadLinks(['/assets/a.js'])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a.js">',
    );
  });
});
