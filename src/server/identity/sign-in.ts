import { isRole, type Role } from '../../lib/roles';
import { countFailedSignIns } from '../audit/chain';
import type { ConsoleDb } from '../db/database';
import { findMemberByEmail, type MemberRow, normalEmail, type OrganizationRow } from '../members/members';
import { newSecret, passwordMatches, sha256Hex } from './secrets';
import { totpMatches } from './totp';

export interface SignInPolicy {
  /** Failed sign-ins per email within the window before a 429; an address (an office behind one NAT) gets 5×. */
  failureLimit: number;
  failureWindowMs: number;
  /** A session unused this long is over. */
  idleTimeoutMs: number;
  /** Roles that must use a TOTP code (finance and admin outside the sandbox). */
  totpRequiredFor: readonly Role[];
}

export type SignInResult =
  | { kind: 'signed-in'; member: MemberRow; secret: string }
  | { kind: 'refused' }
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
  const member = await findMemberByEmail(db, email);
  const usable = member && member.status === 'active' ? member : undefined;
  const matches = await passwordMatches(usable?.password_hash ?? null, given.password);
  if (!usable || !matches) return { kind: 'refused' };
  if (usable.totp_secret) {
    if (!given.totp) return { kind: 'totp-required', member: usable };
    if (!totpMatches(usable.totp_secret, given.totp, now.getTime()))
      return { kind: 'totp-wrong', member: usable };
  }
  const secret = newSecret();
  const at = now.toISOString();
  await db
    .insertInto('sessions')
    .values({ secret_hash: sha256Hex(secret), member_id: usable.id, created_at: at, last_used_at: at })
    .execute();
  await db.updateTable('members').set({ last_seen_at: at }).where('id', '=', usable.id).execute();
  return { kind: 'signed-in', member: usable, secret };
}

export interface SessionMember {
  member: MemberRow & { role: Role };
  organization: OrganizationRow;
  secretHash: string;
  /** A paying role outside the sandbox with no TOTP yet: only enrolment is open. */
  mustEnrollTotp: boolean;
}

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
  const secretHash = sha256Hex(secret);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .innerJoin('organizations', 'organizations.id', 'members.org_id')
    .selectAll('members')
    .select([
      'sessions.last_used_at as session_used_at',
      'organizations.name as org_name',
      'organizations.client_id as org_client_id',
      'organizations.sandbox_api_key as org_sandbox_api_key',
      'organizations.batch_secret as org_batch_secret',
      'organizations.created_at as org_created_at',
    ])
    .where('sessions.secret_hash', '=', secretHash)
    .executeTakeFirst();
  if (!row || row.id !== memberId || row.status !== 'active' || !isRole(row.role)) return null;
  const idleFor = now.getTime() - new Date(row.session_used_at).getTime();
  if (idleFor > policy.idleTimeoutMs) {
    await db.deleteFrom('sessions').where('secret_hash', '=', secretHash).execute();
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    const at = now.toISOString();
    await db
      .updateTable('sessions')
      .set({ last_used_at: at })
      .where('secret_hash', '=', secretHash)
      .execute();
    await db.updateTable('members').set({ last_seen_at: at }).where('id', '=', row.id).execute();
  }
  const {
    session_used_at: _used,
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
    mustEnrollTotp: mustEnrollTotp(policy, { ...member, role: row.role }),
  };
}

/** A role that must use a second factor, not enrolled yet: the server refuses it all but the set-up. */
export function mustEnrollTotp(
  policy: SignInPolicy,
  member: { role: Role; totp_secret: string | null },
): boolean {
  return member.totp_secret === null && policy.totpRequiredFor.includes(member.role);
}

export async function endSession(db: ConsoleDb, secretHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('secret_hash', '=', secretHash).execute();
}
