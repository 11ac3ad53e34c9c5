import { can, isRole, type Role } from '../../lib/roles';
import type { ConsoleDb, ConsoleTables } from '../db/database';
import { hashPassword, newMemberId, newSecret, sha256Hex } from '../identity/secrets';

export type MemberRow = ConsoleTables['members'];
export type OrganizationRow = ConsoleTables['organizations'];
export type MemberStatus = 'invited' | 'active' | 'disabled';

/** What the console and the team API show of a member: never a hash or a TOTP secret. */
export interface MemberView {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: MemberStatus;
  totp_enrolled: boolean;
  created_at: string;
  last_seen_at: string | null;
}

export function memberView(row: MemberRow): MemberView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    status: row.status as MemberStatus,
    totp_enrolled: row.totp_secret !== null,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
  };
}

export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The organization the console acts for under this client id, made on first sight. */
export async function ensureOrganization(
  db: ConsoleDb,
  org: { clientId: string; name: string; sandboxApiKey: string | null },
  now = new Date(),
): Promise<OrganizationRow> {
  await db
    .insertInto('organizations')
    .values({
      id: crypto.randomUUID(),
      name: org.name,
      client_id: org.clientId,
      sandbox_api_key: org.sandboxApiKey,
      batch_secret: newSecret(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  return db
    .selectFrom('organizations')
    .selectAll()
    .where('client_id', '=', org.clientId)
    .executeTakeFirstOrThrow();
}

export interface NewMember {
  orgId: string;
  email: string;
  name: string;
  role: Role;
  /** Absent: the member is invited and sets a password through a link. */
  password?: string;
  totpSecret?: string;
}

/**
 * Adds a member. With `ifAbsent`, a member who already has the email is answered instead (two servers making the
 * same demo team at once make one).
 */
export async function insertMember(
  db: ConsoleDb,
  member: NewMember,
  now = new Date(),
  options: { ifAbsent?: boolean } = {},
): Promise<MemberRow> {
  const status = member.password ? 'active' : 'invited';
  const row: MemberRow = {
    id: newMemberId(),
    org_id: member.orgId,
    email: normalEmail(member.email),
    name: member.name.trim(),
    role: member.role,
    status,
    password_hash: member.password ? await hashPassword(member.password) : null,
    totp_secret: member.totpSecret ?? null,
    totp_pending_secret: null,
    created_at: now.toISOString(),
    last_seen_at: null,
    approver_since: status === 'active' && can(member.role, 'pay') ? now.toISOString() : null,
    password_link_shown_to: null,
    password_set_at: member.password ? now.toISOString() : null,
    held_until: null,
    held_by: null,
  };
  if (!options.ifAbsent) {
    await db.insertInto('members').values(row).execute();
    return row;
  }
  await db
    .insertInto('members')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return (await findMemberByEmail(db, row.email)) ?? row;
}

/**
 * From when a member's approvals count after a change of role or status: kept while they stay an active member of a
 * paying role, restarted when they become one, and gone when they stop being one.
 */
export function approverSinceAfter(
  before: Pick<MemberRow, 'role' | 'status' | 'approver_since'>,
  after: { role: string; status: string },
  now: Date,
): string | null {
  const pays = (m: { role: string; status: string }) =>
    m.status === 'active' && isRole(m.role) && can(m.role, 'pay');
  if (!pays(after)) return null;
  return pays(before) && before.approver_since !== null ? before.approver_since : now.toISOString();
}

export function findMemberByEmail(db: ConsoleDb, email: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst();
}

export function findMember(db: ConsoleDb, orgId: string, id: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

export function listMembers(db: ConsoleDb, orgId: string): Promise<MemberRow[]> {
  return db.selectFrom('members').selectAll().where('org_id', '=', orgId).orderBy('email').execute();
}

/** Members of an organization, of any status and role unless narrowed. */
export async function countMembers(
  db: ConsoleDb,
  orgId: string,
  only: { status?: MemberStatus; roles?: readonly Role[] } = {},
): Promise<number> {
  let query = db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('org_id', '=', orgId);
  if (only.status) query = query.where('status', '=', only.status);
  if (only.roles) query = query.where('role', 'in', only.roles);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function countActiveAdmins(db: ConsoleDb, orgId: string): Promise<number> {
  return countMembers(db, orgId, { status: 'active', roles: ['admin'] });
}

/** Ends every session of a member (disabled, role changed, password reset). */
export async function endSessionsOf(db: ConsoleDb, memberId: string): Promise<void> {
  await db.deleteFrom('sessions').where('member_id', '=', memberId).execute();
}

/**
 * A one-time link's token; only its hash is kept, with what it grants (its member's role and email now) and the admin
 * it is shown to when there is no mail.
 */
export async function insertInvitation(
  db: ConsoleDb,
  invitation: {
    orgId: string;
    member: Pick<MemberRow, 'id' | 'role' | 'email'> | null;
    purpose: 'invite' | 'reset' | 'first-admin';
    ttlMs: number;
    shownTo?: string | null;
  },
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + invitation.ttlMs).toISOString();
  await db
    .insertInto('invitations')
    .values({
      token_hash: sha256Hex(token),
      org_id: invitation.orgId,
      member_id: invitation.member?.id ?? null,
      purpose: invitation.purpose,
      expires_at: expiresAt,
      used_at: null,
      role: invitation.member?.role ?? null,
      email: invitation.member?.email ?? null,
      shown_to: invitation.shownTo ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Spends every open link of a member: their role, status or email changed (a link grants what it was made for, not
 * what the member became), or another link was made for them.
 */
export async function revokeLinksOf(db: ConsoleDb, memberId: string, now: Date): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ used_at: now.toISOString() })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}
