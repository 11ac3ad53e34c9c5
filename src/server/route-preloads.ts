import { lazyModulesOf, ROUTE_TABLE, type RouteEntry } from '../app/route-table';
import { firstMatch } from '../app/routing/match';

/** What Vite's build manifest (build.manifest) says of a module: its chunk, and the chunks it imports. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

/** A chunk and every chunk it imports, as manifest keys. */
function closure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * For a path of the console, the built chunks its page needs beyond what index.html already loads (the entry and
 * its imports): the page, its layout and what they import. Named in index.html as modulepreload links, they download
 * beside the entry; without them a deep link fetched the entry, ran it, and only then asked for its page.
 */
export function routePreloads(
  manifest: BuildManifest,
  table: readonly RouteEntry[] = ROUTE_TABLE,
): (pathname: string) => string[] {
  const inEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, inEntry);
  const byPath = new Map<string, string[]>();
  for (const entry of table) {
    const needed = new Set<string>();
    for (const module of lazyModulesOf(entry)) closure(manifest, module, needed);
    const files = [...needed].filter((key) => !inEntry.has(key)).map((key) => `/${manifest[key]?.file}`);
    byPath.set(entry.path, files);
  }
  return (pathname) => {
    const match = firstMatch(table, pathname);
    return match ? (byPath.get(match.route.path) ?? []) : [];
  };
}

/** The <link> elements for index.html (live once the placeholder is painted: paint-first.ts, withCode). */
export function modulePreloadLinks(files: readonly string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
}
