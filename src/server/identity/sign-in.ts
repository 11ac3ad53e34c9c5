import { can, isRole, type Role } from '../../lib/roles';
import type { ConsoleDb } from '../db/database';
import * as ssoRows from '../db/repositories/sso/sso';
import { countFailedSignIns } from '../db/repositories/team/audit-trail';
import * as memberRows from '../db/repositories/team/members';
import { findOrganization } from '../db/repositories/team/organizations';
import * as sessionRows from '../db/repositories/team/sessions';
import { sealerOf } from '../db/seals';
import {
  findMemberByEmail,
  type MemberRow,
  memberView,
  normalEmail,
  type OrganizationRow,
} from '../members/members';
import { passwordBarred } from '../sso/password-rule';
import type { Team } from '../team';
import type { SignInPolicy } from './policy';
import { newSecret, passwordMatches } from './secrets';
import { totpStep } from './totp';

export type SignInResult =
  | { kind: 'signed-in'; member: MemberRow; secret: string }
  | { kind: 'refused' }
  /** The password was right, but the organization signs this member in only through its provider. */
  | { kind: 'passwords-off'; member: MemberRow }
  | { kind: 'totp-required'; member: MemberRow }
  | { kind: 'totp-wrong'; member: MemberRow }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

async function retryAfter(
  db: ConsoleDb,
  policy: SignInPolicy,
  email: string,
  address: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - policy.failureWindowMs).toISOString();
  let wait = 0;
  for (const [by, limit] of [
    [{ email }, policy.failureLimit],
    [{ address }, policy.failureLimit * 5],
  ] as const) {
    const { count, oldest } = await countFailedSignIns(db, by, since);
    if (count >= limit && oldest) {
      const freeAt = new Date(oldest).getTime() + policy.failureWindowMs;
      wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000));
    }
  }
  return Math.max(wait, 0);
}

/**
 * Checks an email, password and (when enrolled) TOTP code. An unknown email, a disabled or invited member and a wrong
 * password all give the same `refused` after the same work (a password hash is verified in each case).
 */
export async function signIn(
  db: ConsoleDb,
  policy: SignInPolicy,
  given: { email: string; password: string; totp?: string | undefined; address: string },
  now = new Date(),
): Promise<SignInResult> {
  const email = normalEmail(given.email);
  const wait = await retryAfter(db, policy, email, given.address, now);
  if (wait > 0) return { kind: 'rate-limited', retryAfterSeconds: wait };
  // A member row that does not verify (a role, a password hash written into the database) signs nobody in.
  const member = memberRows.intactMember(db, await findMemberByEmail(db, email));
  const usable = member && member.status === 'active' ? member : undefined;
  const matches = await passwordMatches(usable?.password_hash ?? null, given.password);
  if (!usable || !matches) return { kind: 'refused' };
  if (await passwordBarred(db, usable)) return { kind: 'passwords-off', member: usable };
  if (usable.totp_secret) {
    if (!given.totp) return { kind: 'totp-required', member: usable };
    // A code is taken once: one of the step last accepted, or earlier, is wrong now (a code seen over a shoulder).
    const step = totpStep(usable.totp_secret, given.totp, now.getTime());
    if (step === null || !(await memberRows.acceptTotpStep(db, usable.id, step)))
      return { kind: 'totp-wrong', member: usable };
  }
  const secret = newSecret();
  const at = now.toISOString();
  await sessionRows.insertSession(db, {
    secret_hash: sealerOf(db).sessionHash(usable.id, secret),
    member_id: usable.id,
    created_at: at,
    last_used_at: at,
  });
  await memberRows.updateMember(db, usable.id, { last_seen_at: at });
  return { kind: 'signed-in', member: usable, secret };
}

/** Who a sign-in names in the trail: the member the email belongs to, so that their organization's page shows it. */
export interface SignInAttempt {
  result: SignInResult;
  /** The member whose email it was (a failure included), if any. */
  named: MemberRow | undefined;
  /** What a signed-in member's browser keeps. */
  session?: { member_id: string; secret: string } & ReturnType<typeof sessionAnswer>;
}

/** A member's sign-in, as the API answers it. */
export async function attemptSignIn(
  team: Team,
  given: { email: string; password: string; totp?: string | undefined; address: string },
): Promise<SignInAttempt> {
  const db = team.database.db;
  const result = await signIn(db, team.policy, given, team.now());
  const named = 'member' in result ? result.member : await findMemberByEmail(db, given.email);
  if (result.kind !== 'signed-in') return { result, named };
  const member = result.member;
  const organization = await findOrganization(db, member.org_id);
  if (!organization) throw new Error(`The organization of member ${member.id} is gone`);
  const withRole = { ...member, role: isRole(member.role) ? member.role : 'viewer' };
  return {
    result,
    named,
    session: {
      member_id: member.id,
      secret: result.secret,
      ...sessionAnswer({
        member: withRole,
        organization,
        mustEnrollTotp: mustEnrollTotp(team.policy, withRole),
      }),
    },
  };
}

export interface SessionMember {
  member: MemberRow & { role: Role };
  organization: OrganizationRow;
  secretHash: string;
  /** A paying role outside the sandbox with no TOTP yet: only enrolment is open. */
  mustEnrollTotp: boolean;
}

/** What a signed-in member's browser keeps: who they are and, for paying roles, the batch secret. */
export function sessionAnswer(found: Pick<SessionMember, 'member' | 'organization' | 'mustEnrollTotp'>) {
  return {
    member: memberView(found.member),
    organization: { name: found.organization.name },
    must_enroll_totp: found.mustEnrollTotp,
    batch_secret: can(found.member.role, 'pay') ? found.organization.batch_secret : undefined,
  };
}

/** How a session's secret made at a single sign-on begins: such a session needs its provider record (sso/). */
export const SSO_SECRET_PREFIX = 'sso.';

/** Recorded at most once a minute per session: a request is a read, not a write. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The member behind `Basic base64(member_id:secret)`, or null: one indexed look-up by the secret's hash. A session
 * is over when unused for the idle timeout, or its member is no longer active (disabling or a role change also
 * deletes it).
 */
export async function sessionMember(
  db: ConsoleDb,
  policy: SignInPolicy,
  memberId: string,
  secret: string,
  now = new Date(),
): Promise<SessionMember | null> {
  // One HMAC finds the session (a row a database writer made for a secret of their choosing is never found), one
  // more checks the member's seal: a role or status written into the database opens nothing.
  const secretHash = sealerOf(db).sessionHash(memberId, secret);
  const found = await sessionRows.findSessionWithMember(db, secretHash);
  if (!found || found.id !== memberId) return null;
  const row = memberRows.intactMember(db, found);
  if (row?.status !== 'active' || !isRole(row.role)) return null;
  // A session the provider vouched for (its secret says so, under the HMAC) lives only while its provider record
  // does, checked no later than now: deleted or dated ahead in the database, the provider's checks would never reach it.
  // A password session of a member the organization no longer lets use one ends here, at its next request.
  if (!secret.startsWith(SSO_SECRET_PREFIX) && (await passwordBarred(db, row))) {
    await sessionRows.deleteSession(db, secretHash);
    return null;
  }
  if (secret.startsWith(SSO_SECRET_PREFIX)) {
    const vouched = await ssoRows.vouchedSession(db, secretHash);
    const aheadBy = vouched ? new Date(vouched.checked_at).getTime() - now.getTime() : Number.NaN;
    if (!vouched || vouched.member_id !== memberId || !(aheadBy <= TOUCH_EVERY_MS)) {
      await sessionRows.deleteSession(db, secretHash);
      return null;
    }
  }
  const idleFor = now.getTime() - new Date(row.session_used_at).getTime();
  if (idleFor > policy.idleTimeoutMs) {
    await sessionRows.deleteSession(db, secretHash);
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    const at = now.toISOString();
    await sessionRows.touchSession(db, secretHash, at);
    await memberRows.updateMember(db, row.id, { last_seen_at: at });
  }
  const {
    session_used_at: _used,
    session_provider_mfa,
    org_name,
    org_client_id,
    org_sandbox_api_key,
    org_batch_secret,
    org_created_at,
    ...member
  } = row;
  return {
    member: { ...member, role: row.role },
    organization: {
      id: member.org_id,
      name: org_name,
      client_id: org_client_id,
      sandbox_api_key: org_sandbox_api_key,
      batch_secret: org_batch_secret,
      created_at: org_created_at,
    },
    secretHash,
    // A second factor the company's provider checked at this sign-in stands for the TOTP here (sso/).
    mustEnrollTotp: session_provider_mfa ? false : mustEnrollTotp(policy, { ...member, role: row.role }),
  };
}

/** A role that must use a second factor, not enrolled yet: the server refuses it all but the set-up. */
export function mustEnrollTotp(
  policy: SignInPolicy,
  member: { role: Role; totp_secret: string | null },
): boolean {
  return member.totp_secret === null && policy.totpRequiredFor.includes(member.role);
}

/** Signs out: the session's secret no longer opens anything. */
export function endSession(team: Team, secretHash: string): Promise<void> {
  return sessionRows.deleteSession(team.database.db, secretHash);
}
