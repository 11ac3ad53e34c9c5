import { can, isRole, ROLES, type Role } from '../../lib/roles';
import type { ConsoleDb } from '../db/database';
import type { MemberStatus } from '../db/repositories/team/members';
import * as memberRows from '../db/repositories/team/members';
import * as organizationRows from '../db/repositories/team/organizations';
import * as sessionRows from '../db/repositories/team/sessions';
import type { MemberRow, OrganizationRow } from '../db/schema/team';
import { hashPassword, newMemberId, newSecret } from '../identity/secrets';
import type { Team } from '../team';

export type { MemberRow, MemberStatus, OrganizationRow };

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
export function ensureOrganization(
  db: ConsoleDb,
  org: { clientId: string; name: string; sandboxApiKey: string | null },
  now = new Date(),
): Promise<OrganizationRow> {
  return organizationRows.insertOrganizationOnce(db, {
    id: crypto.randomUUID(),
    name: org.name,
    client_id: org.clientId,
    sandbox_api_key: org.sandboxApiKey,
    // Random, made once: batch row keys derive from it, so that any member's re-upload finds the same keys.
    batch_secret: newSecret(),
    created_at: now.toISOString(),
  });
}

export interface NewMember {
  orgId: string;
  email: string;
  name: string;
  role: Role;
  /** Absent: the member is invited and sets a password through a link. */
  password?: string;
  totpSecret?: string;
  /** Signs in through the company's identity provider: active at once, with no password at all. */
  signsInThroughProvider?: boolean;
}

/** The roles whose members pay, and so approve. */
export const PAYING_ROLES: readonly Role[] = ROLES.filter((role) => can(role, 'pay'));

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
  const status = member.password || member.signsInThroughProvider ? 'active' : 'invited';
  return memberRows.insertMemberRow(
    db,
    {
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
    },
    options,
  );
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
  if (!pays(after)) return null;
  return pays(before) && before.approver_since !== null ? before.approver_since : now.toISOString();
}

/** An active member of a paying role. */
export function pays(member: { role: string; status: string }): boolean {
  return member.status === 'active' && isRole(member.role) && can(member.role, 'pay');
}

export function findMemberByEmail(db: ConsoleDb, email: string): Promise<MemberRow | undefined> {
  return memberRows.findMemberByEmail(db, normalEmail(email));
}

export function countActiveAdmins(db: ConsoleDb, orgId: string): Promise<number> {
  return memberRows.countMembers(db, orgId, { status: 'active', roles: ['admin'] });
}

/** Members who may approve: the roles that may pay, active. */
export function countApprovers(db: ConsoleDb, orgId: string): Promise<number> {
  return memberRows.countMembers(db, orgId, { status: 'active', roles: PAYING_ROLES });
}

/** The organization's members, as the Team page shows them. */
export async function teamMembers(team: Team, orgId: string): Promise<MemberView[]> {
  return (await memberRows.listMembers(team.database.db, orgId)).map(memberView);
}

/** Members by id, with what the console shows of them. */
export async function namesByIds(db: ConsoleDb, ids: readonly string[]) {
  const found = await memberRows.membersByIds(db, ids);
  return new Map(found.map((m) => [m.id, { name: m.name, email: m.email }]));
}

/** Ends every session of a member (disabled, role changed, password reset). */
export function endSessionsOf(db: ConsoleDb, memberId: string): Promise<void> {
  return sessionRows.deleteSessionsOf(db, memberId);
}

/** Whether an organization has any member at all (upstream, none: its first admin is still to be named). */
export async function hasMembers(db: ConsoleDb, orgId: string): Promise<boolean> {
  return (await memberRows.countMembers(db, orgId)) > 0;
}
