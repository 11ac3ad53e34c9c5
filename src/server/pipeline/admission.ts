import type { Context } from 'hono';
import { parseBasic } from '../../node/basic-auth';
import { errorBody } from '../../node/error-body';
import { type SessionMember, sessionMember } from '../identity/sign-in';
import type { Team } from '../team';

export const MEMBER_ID = /^mem_[0-9a-f]{32}$/;

export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'in-process';
}

export function refusal(c: Context, status: 401 | 403, code: string, message: string): Response {
  c.header('Cache-Control', 'no-store');
  const requestId = c.req.header('x-request-id');
  if (requestId) c.header('X-Request-Id', requestId);
  return c.json(errorBody(code, message), status);
}

/**
 * The member of a request with member credentials: a live session, or null; undefined when the request carries no
 * member credentials at all (none, or an organization's key).
 */
export async function memberOf(team: Team, c: Context): Promise<SessionMember | null | undefined> {
  const basic = parseBasic(c.req.header('authorization'));
  if (!basic || !MEMBER_ID.test(basic.user)) return undefined;
  return sessionMember(team.database.db, team.policy, basic.user, basic.password, team.now());
}
