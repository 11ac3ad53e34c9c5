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

/**
 * The path of the first string (or key) of a parsed body that holds a NUL, or null. Walked with a stack of its own,
 * not by recursion, so that a body of thousands of nested arrays is read, never a stack overflow (a 500).
 */
export function nulFieldIn(body: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || 'body';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i], path: path ? `${path}.${i}` : String(i) });
      }
    } else if (value && typeof value === 'object') {
      const fields = Object.entries(value);
      for (const [key] of fields) if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
      for (let i = fields.length - 1; i >= 0; i--) {
        const [key, field] = fields[i] as [string, unknown];
        stack.push({ value: field, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

export function nulRefusal(field: string, code = 'invalid-request'): Refusal {
  return new Refusal(400, code, MESSAGE, { errors: [{ path: field, message: MESSAGE }] });
}
