import type { Context } from 'hono';
import { errorBody } from '../../node/error-body';
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

/**
 * The answer to a request that would write a line on an audit trail cut under this server (audit/witness.ts): 503 in
 * the error shape, never a success that nobody could account for. Not a client's mistake: the server's own state.
 */
export function answerTrailBroken(c: Context): Response {
  c.header('Cache-Control', 'no-store');
  const requestId = c.req.header('x-request-id');
  if (requestId) c.header('X-Request-Id', requestId);
  return c.json(
    errorBody(
      'audit-trail-broken',
      'The audit trail was changed in the database, so this server writes nothing until an operator looks into it',
    ),
    503,
  );
}
