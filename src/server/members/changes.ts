import { can, isRole, type Role } from '../../lib/roles';
import { dropApprovalsBy, moveStatus, waitingRequestsOf } from '../approvals/store';
import { consoleEntry } from '../audit/chain';
import { Refusal } from '../errors';
import { deliverLink, type LinkDelivery, linkMessage } from '../mail/notices';
import type { Team } from '../team';
import {
  approverSinceAfter,
  countActiveAdmins,
  endSessionsOf,
  findMember,
  findMemberByEmail,
  insertInvitation,
  insertMember,
  type MemberRow,
  type MemberView,
  memberView,
  type OrganizationRow,
  revokeLinksOf,
} from './members';

/**
 * What an admin can do to the team, each as one function whether it applies at once (one admin, or no power
 * granted) or when a second admin confirms it (grants.ts): the rules that must still hold then are checked here.
 */

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

export type ChangeResult = { kind: 'done'; member: MemberView; link?: LinkDelivery } | Refusal;

/** Who asked for a change and who confirmed it (null: it applied at once). */
export interface ChangedBy {
  proposedBy: string;
  confirmedBy: string | null;
}

const lastAdmin = () =>
  new Refusal(409, 'last-admin', 'The team needs at least one active admin: make another member admin first');

/** The link a member opens to set a password: the console's own page. */
function invitationUrl(origin: string, token: string): string {
  return `${origin}/invitation/${token}`;
}

/** Without mail a link is shown to the admin whose answer carries it: the one who confirmed, else the one who asked. */
function shownTo(team: Team, by: ChangedBy): string | null {
  return team.mailer ? null : (by.confirmedBy ?? by.proposedBy);
}

/** A new one-time link for a member (any other they had is spent), delivered by mail or shown. */
async function issueLink(
  team: Team,
  org: OrganizationRow,
  member: MemberRow,
  purpose: 'invite' | 'reset',
  origin: string,
  by: ChangedBy,
): Promise<LinkDelivery> {
  const db = team.database.db;
  await revokeLinksOf(db, member.id, team.now());
  const link = await insertInvitation(
    db,
    { orgId: org.id, member, purpose, ttlMs: INVITATION_TTL_MS, shownTo: shownTo(team, by) },
    team.now(),
  );
  const url = { url: invitationUrl(origin, link.token), expiresAt: link.expiresAt };
  return deliverLink(team.mailer, linkMessage(purpose, memberView(member), org.name, url), url);
}

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
    await db
      .updateTable('members')
      .set({ role: wanted.role, name: wanted.name.trim() })
      .where('id', '=', allowed.again.id)
      .execute();
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

/**
 * A member who can no longer pay (disabled, or demoted below finance): their approvals of waiting requests no longer
 * count, and their own waiting requests are cancelled, each with a line in the trail.
 */
async function afterLosingPay(team: Team, orgId: string, memberId: string) {
  const db = team.database.db;
  await dropApprovalsBy(db, memberId);
  for (const request of await waitingRequestsOf(db, memberId)) {
    if (
      await moveStatus(db, request.id, 'pending', 'cancelled', team.now(), {
        reason: 'Its maker can no longer pay',
      })
    ) {
      await team.audit(
        consoleEntry(orgId, 'approval.cancel', [request.id, memberId], {
          status: 200,
          amountCents: Number(request.amount_cents),
          detail: 'Its maker can no longer pay',
        }),
      );
    }
  }
}

/** An admin who is no longer one: the team requests they asked for no longer wait. */
async function afterLosingAdmin(team: Team, memberId: string) {
  await team.database.db
    .updateTable('team_requests')
    .set({
      status: 'void',
      reason: 'Its proposer is no longer an admin',
      decided_at: team.now().toISOString(),
    })
    .where('proposer_id', '=', memberId)
    .where('status', '=', 'pending')
    .execute();
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
  await db
    .updateTable('members')
    .set({ ...next, approver_since: approverSinceAfter(target, next, team.now()) })
    .where('id', '=', target.id)
    .execute();
  // A role change or a disable takes effect on the member's next request: their sessions end now, and an open link
  // of theirs, made for what they were, no longer opens.
  await endSessionsOf(db, target.id);
  await revokeLinksOf(db, target.id, team.now());
  const paid = (m: { role: string; status: string }) =>
    m.status === 'active' && isRole(m.role) && can(m.role, 'pay');
  if (paid(target) && !paid(next)) await afterLosingPay(team, org.id, target.id);
  if (losesAdmin) await afterLosingAdmin(team, target.id);
  const updated = await findMember(db, org.id, target.id);
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
  // An invited member is enabled by the link, not by an admin.
  const next = status === 'active' && target.status === 'invited' ? 'invited' : status;
  if (next === target.status)
    return Promise.resolve<ChangeResult>({ kind: 'done', member: memberView(target) });
  return update(team, org, target, { role: target.role, status: next });
}

/**
 * After a reset, until when the member is held (every payment of theirs waits for approval), and by whom (the admins
 * who asked and confirmed, who do not approve it): a hold still running keeps its admins too.
 */
export function holdAfterReset(
  team: Team,
  target: Pick<MemberRow, 'held_until' | 'held_by'>,
  by: ChangedBy,
  from: Date,
): { held_until: string; held_by: string } {
  const until = new Date(from.getTime() + team.resetHoldMs).toISOString();
  const running = target.held_until !== null && target.held_until > team.now().toISOString();
  const admins = new Set([
    ...(running ? (target.held_by ?? '').split(' ').filter(Boolean) : []),
    by.proposedBy,
    ...(by.confirmedBy ? [by.confirmedBy] : []),
  ]);
  return {
    held_until: running && (target.held_until as string) > until ? (target.held_until as string) : until,
    held_by: [...admins].join(' '),
  };
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
  await db
    .updateTable('members')
    .set({
      password_hash: null,
      approver_since: null,
      ...(invited ? {} : holdAfterReset(team, target, by, team.now())),
    })
    .where('id', '=', target.id)
    .execute();
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
  await db
    .updateTable('members')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      approver_since: target.approver_since === null ? null : team.now().toISOString(),
      ...holdAfterReset(team, target, by, team.now()),
    })
    .where('id', '=', target.id)
    .execute();
  await endSessionsOf(db, target.id);
  const updated = await findMember(db, org.id, target.id);
  return { kind: 'done', member: memberView(updated ?? target) };
}
