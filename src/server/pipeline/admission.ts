import type { Context } from 'hono';
import { type Access, can, leastRoleFor, ROLE_LABELS } from '../../lib/roles';
import { parseBasic } from '../../node/basic-auth';
import { Refusal } from '../errors';
import { type SessionMember, sessionMember } from '../identity/sign-in';
import type { Team } from '../team';

export const MEMBER_ID = /^mem_[0-9a-f]{32}$/;

export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'in-process';
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

/** Admitted (with the member, none for a public route), or refused (with the member when there is one). */
export type Admission = { member: SessionMember | null } | { refused: Refusal; member: SessionMember | null };

/**
 * The first three steps, shared by the team's routes and the `/v2` gate: a live session (unless public), a second
 * factor where the role needs one (unless the route is how it is set up), and the permission.
 */
export async function admit(
  team: Team,
  c: Context,
  access: Access,
  /** The member already looked up for this request (the `/v2` gate looks first), or undefined to look now. */
  resolved?: SessionMember | null,
): Promise<Admission> {
  if (access === 'public') return { member: null };
  const member = resolved === undefined ? await memberOf(team, c) : resolved;
  if (!member) {
    return {
      refused: new Refusal(401, 'session-ended', 'Your session has ended: sign in again'),
      member: null,
    };
  }
  if (access === 'session') return { member };
  if (member.mustEnrollTotp) {
    return {
      member,
      refused: new Refusal(
        403,
        'totp-enrollment-required',
        'Set up your authenticator app before you continue',
      ),
    };
  }
  if (!can(member.member.role, access)) {
    const needed = leastRoleFor(access);
    return {
      member,
      refused: new Refusal(
        403,
        'forbidden-for-role',
        `This needs the ${ROLE_LABELS[needed]} role (or higher); you are ${ROLE_LABELS[member.member.role]}`,
      ),
    };
  }
  return { member };
}
