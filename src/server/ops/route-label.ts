/**
 * A request's path as a metric's and a log line's route: ids, tokens and one-time links replaced by a placeholder,
 * so that the label set stays small and nothing that stands for a person (a flow's token, a member's link) is kept.
 * Pure: the same path gives the same label on every server.
 */
const KNOWN_PREFIXES = [
  '/v2',
  '/api/team',
  '/sandbox',
  '/flow',
  '/config.json',
  '/healthz',
  '/readyz',
  '/metrics',
];

/** A path segment that names one object rather than a kind of thing. */
function isIdentifier(segment: string): boolean {
  return (
    /^\d+$/.test(segment) ||
    (/\d/.test(segment) && segment.length >= 8) ||
    segment.length > 24 ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment) ||
    /^(mem|req|srv|tok|inv|bill|ven)_/.test(segment)
  );
}

export function routeLabel(method: string, path: string): string {
  const known = KNOWN_PREFIXES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  // Everything else is the console's pages (the SPA's index) or an asset: one label each, never the path as sent.
  if (!known) return `${method} ${/\.[a-z0-9]+$/i.test(path) ? '(asset)' : '(page)'}`;
  // A flow's pages carry the payee's one-time token right after the prefix.
  if (known === '/flow') return `${method} /flow/:token${path.split('/').length > 3 ? '/…' : ''}`;
  const segments = path
    .split('/')
    .slice(1, 8)
    .map((segment) => (isIdentifier(segment) ? ':id' : segment.slice(0, 40)));
  return `${method} /${segments.join('/')}`;
}

/**
 * Route labels worked out once per route: the paths asked again and again (a payment, a list, a health check) are
 * a look-up from their second request. Only a path the label keeps whole is kept (nothing replaced): a path with an
 * id or a flow's token is worked out each time, so no token stays in memory and the table stays the size of the
 * routes. Bounded all the same (a client may ask any path): when full it starts over.
 */
export class RouteLabels {
  private readonly known = new Map<string, string>();
  constructor(private readonly limit = 1_000) {}

  of(method: string, path: string): string {
    const key = `${method} ${path}`;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const label = routeLabel(method, path);
    if (label === key) {
      if (this.known.size >= this.limit) this.known.clear();
      this.known.set(key, label);
    }
    return label;
  }

  /** How many routes are kept (for tests). */
  get size(): number {
    return this.known.size;
  }
}
