import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header by its lower-case name. Served by Node, it is read from the headers Node has already parsed (its
 * server reads them for every request); Hono's `c.req.header` looks each name up again in the raw headers, and a
 * request asks for five or six of them (with the host guard's memo, a read of one transfer went from 44-57% to
 * 45-64% of the bench's ceiling, in turns). Node keeps the
 * first of a repeated Host or Authorization and joins repeats of the others, as a Node server does. In process
 * (`app.request`, tests), Hono's way is used.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const parsed = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming?.headers;
  if (!parsed) return c.req.header(name);
  const value = parsed[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
