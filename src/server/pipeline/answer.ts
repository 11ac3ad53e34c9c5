import type { Context } from 'hono';
import type { Refusal } from '../errors';

/**
 * A refusal as the answer to a request: its status and its body in the error shape, never cached, carrying the
 * request's id back (the one a member quotes) and, when it says when to come back, Retry-After.
 */
export function answerRefusal(c: Context, refusal: Refusal): Response {
  c.header('Cache-Control', 'no-store');
  const requestId = c.req.header('x-request-id');
  if (requestId) c.header('X-Request-Id', requestId);
  if (refusal.retryAfterSeconds !== undefined) c.header('Retry-After', String(refusal.retryAfterSeconds));
  return c.json(refusal.body(), refusal.status);
}
