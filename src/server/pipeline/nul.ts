import { Refusal } from '../errors';

/**
 * The NUL character (U+0000), which PostgreSQL refuses in text: a request that carries one in its path, its query or
 * a field of its body is refused at the edge with a 400 in the error shape (and a line), on SQLite too, so that no
 * database ever answers it with a 500.
 */

const MESSAGE = 'Remove the NUL character (\\u0000): the console accepts none';

/** Where a URL carries a NUL, raw or percent-encoded: its path, its query, or nowhere. */
export function nulInUrl(url: string): 'path' | 'query' | null {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at);
  const carries = (text: string) => text.includes('\u0000') || /%00/i.test(text);
  if (carries(path)) return 'path';
  if (carries(query)) return 'query';
  return null;
}

/** The path of the first string (or key) of a parsed body that holds a NUL, or null. */
export function nulFieldIn(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulFieldIn(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return here;
      const found = nulFieldIn(field, here);
      if (found) return found;
    }
  }
  return null;
}

export function nulRefusal(field: string, code = 'invalid-request'): Refusal {
  return new Refusal(400, code, MESSAGE, { errors: [{ path: field, message: MESSAGE }] });
}
