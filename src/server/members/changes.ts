import type { Role } from '../../lib/roles';
import { afterLosingPay } from '../approvals/status';
import * as memberRows from '../db/repositories/team/members';
import { endPending } from '../db/repositories/team/team-requests';
import { Refusal } from '../errors';
import { type ChangedBy, issueLink, revokeLinksOf } from '../identity/links';
import type { LinkDelivery } from '../mail/notices';
import type { Team } from '../team';
import { holdAfterReset } from './hold';
import {
  approverSinceAfter,
  countActiveAdmins,
  endSessionsOf,
  findMemberByEmail,
  insertMember,
  type MemberRow,
  type MemberView,
  memberView,
  type OrganizationRow,
  pays,
} from './members';

export type { ChangedBy };

/**
 * What an admin can do to the team, each as one function whether it applies at once (one admin, or no power
 * granted) or when a second admin confirms it (grants.ts): the rules that must still hold then are checked here.
 */

export type ChangeResult = { kind: 'done'; member: MemberView; link?: LinkDelivery } | Refusal;

const lastAdmin = () =>
  new Refusal(409, 'last-admin', 'The team needs at least one active admin: make another member admin first');

/** Whether this email may be invited: nobody has it, or it is a pending invitation of this team (invited again). */
export async function invitable(
  team: Team,
  org: OrganizationRow,
  email: string,
): Promise<{ again: MemberRow | null } | Refusal> {
  const existing = await findMemberByEmail(team.database.db, email);
  if (!existing) return { again: null };
  if (existing.org_id === org.id && existing.status === 'invited') return { again: existing };
  return new Refusal(409, 'invalid-request', 'A member already has this email', { field: 'email' });
}

/**
 * Invites a person, or invites again one whose invitation is still pending (with the role and name asked for now):
 * their earlier link stops working, so a pending invitation is never raised behind its link.
 */
export async function invite(
  team: Team,
  org: OrganizationRow,
  wanted: { email: string; name: string; role: Role },
  origin: string,
  by: ChangedBy,
): Promise<ChangeResult> {
  const db = team.database.db;
  const allowed = await invitable(team, org, wanted.email);
  if (allowed instanceof Refusal) return allowed;
  let row: MemberRow;
  if (allowed.again) {
    await memberRows.updateMember(db, allowed.again.id, { role: wanted.role, name: wanted.name.trim() });
    row = { ...allowed.again, role: wanted.role, name: wanted.name.trim() };
  } else {
    row = await insertMember(db, { orgId: org.id, ...wanted }, team.now());
  }
  return {
    kind: 'done',
    member: memberView(row),
    link: await issueLink(team, org, row, 'invite', origin, by),
  };
}

/** An admin who is no longer one: the team requests they asked for no longer wait. */
async function afterLosingAdmin(team: Team, memberId: string) {
  await endPending(
    team.database.db,
    { proposerId: memberId },
    'void',
    'Its proposer is no longer an admin',
    team.now().toISOString(),
  );
}

/** Applies a role or status change, keeps from when the member may approve, and ends their sessions. */
async function update(
  team: Team,
  org: OrganizationRow,
  target: MemberRow,
  next: { role: string; status: string },
): Promise<ChangeResult> {
  const db = team.database.db;
  const losesAdmin =
    target.role === 'admin' &&
    target.status === 'active' &&
    (next.role !== 'admin' || next.status !== 'active');
  if (losesAdmin && (await countActiveAdmins(db, org.id)) <= 1) return lastAdmin();
  await memberRows.updateMember(db, target.id, {
    ...next,
    approver_since: approverSinceAfter(target, next, team.now()),
  });
  // A role change or a disable takes effect on the member's next request: their sessions end now, and an open link
  // of theirs, made for what they were, no longer opens.
  await endSessionsOf(db, target.id);
  await revokeLinksOf(db, target.id, team.now());
  if (pays(target) && !pays(next)) await afterLosingPay(team, org.id, target.id);
  if (losesAdmin) await afterLosingAdmin(team, target.id);
  const updated = await memberRows.findMember(db, org.id, target.id);
  return { kind: 'done', member: memberView(updated ?? target) };
}

/** A pending invitation keeps the role it was made with: a link is never raised behind its holder's back. */
export function pendingInvitation(target: MemberRow): Refusal | null {
  if (target.status !== 'invited') return null;
  return new Refusal(
    409,
    'invitation-pending',
    `${target.name} has not accepted their invitation yet: invite them again with the role they should have`,
    { field: 'role' },
  );
}

export function setRole(team: Team, org: OrganizationRow, target: MemberRow, role: Role) {
  const pending = pendingInvitation(target);
  if (pending) return Promise.resolve(pending);
  if (role === target.role)
    return Promise.resolve<ChangeResult>({ kind: 'done', member: memberView(target) });
  return update(team, org, target, { role, status: target.status });
}

export function setStatus(
  team: Team,
  org: OrganizationRow,
  target: MemberRow,
  status: 'active' | 'disabled',
) {
  // An invited member is enabled by the link, not by an admin: one who never set a password (invited, then disabled)
  // is enabled back to invited, never to an active account with no password behind it.
  const neverJoined =
    target.status === 'invited' || (target.password_hash === null && target.password_set_at === null);
  const next = status === 'active' && neverJoined ? 'invited' : status;
  if (next === target.status)
    return Promise.resolve<ChangeResult>({ kind: 'done', member: memberView(target) });
  return update(team, org, target, { role: target.role, status: next });
}

/**
 * The old password stops working at once (a reset is asked for when it may be known to someone else), and the
 * member's approvals count again only from when they set a new one: an account that changed hands approves nothing
 * that was waiting before. Whoever sets the new password may not be the member, so the account is held as well: its
 * payments wait for another member's approval, not the resetting admins'.
 */
export async function resetPassword(
  team: Team,
  org: OrganizationRow,
  target: MemberRow,
  origin: string,
  by: ChangedBy,
): Promise<ChangeResult> {
  const db = team.database.db;
  const invited = target.status === 'invited';
  await memberRows.updateMember(db, target.id, {
    password_hash: null,
    approver_since: null,
    ...(invited ? {} : holdAfterReset(team.resetHoldMs, target, by, team.now())),
  });
  await endSessionsOf(db, target.id);
  return {
    kind: 'done',
    member: memberView(target),
    link: await issueLink(team, org, target, invited ? 'invite' : 'reset', origin, by),
  };
}

/**
 * The authenticator is forgotten: the member sets up a new one at their next sign-in (with their password). Whoever
 * knows the password may be the one who does, so, as after a password reset, the account's approvals count only for
 * requests made from now on, and its payments are held.
 */
export async function resetTotp(
  team: Team,
  org: OrganizationRow,
  target: MemberRow,
  by: ChangedBy,
): Promise<ChangeResult> {
  const db = team.database.db;
  await memberRows.updateMember(db, target.id, {
    totp_secret: null,
    totp_pending_secret: null,
    approver_since: target.approver_since === null ? null : team.now().toISOString(),
    ...holdAfterReset(team.resetHoldMs, target, by, team.now()),
  });
  await endSessionsOf(db, target.id);
  const updated = await memberRows.findMember(db, org.id, target.id);
  return { kind: 'done', member: memberView(updated ?? target) };
}
