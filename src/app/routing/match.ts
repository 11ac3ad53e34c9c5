/**
 * Path patterns as the route table writes them: `/transfers/:transferId`, or `*` for anything. A pure function, so
 * that the table's behaviour is tested without a browser.
 */
export type Params = Readonly<Record<string, string>>;

export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const want = split(pattern);
  const have = split(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    const value = have[i] as string;
    if (part.startsWith(':')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(value);
      } catch {
        return null; // a malformed escape is no match, as an unknown path is
      }
      params[part.slice(1)] = decoded;
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/** Segments without the empty ones: `/a/b/` and `/a/b` are one path, and a parameter is never empty. */
function split(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** The first route whose pattern matches, with its parameters. */
export function firstMatch<R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: Params } | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
