import { can, isRole, type Role } from '../../lib/roles';
import { dropApprovalsBy, moveStatus, waitingRequestsOf } from './approval-store';
import { consoleEntry } from './audit';
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
} from './members';
import { deliverLink, type LinkDelivery, linkMessage } from './notices';
import type { Team } from './team';

/**
 * What an admin can do to the team, each as one function whether it applies at once (one admin, or no power
 * granted) or when a second admin confirms it (grants.ts): the rules that must still hold then are checked here.
 */

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

export type ChangeResult =
  | { kind: 'done'; member: MemberView; link?: LinkDelivery }
  | { kind: 'refused'; status: 404 | 409; code: string; message: string; field?: string };

const LAST_ADMIN: ChangeResult = {
  kind: 'refused',
  status: 409,
  code: 'last-admin',
  message: 'The team needs at least one active admin: make another member admin first',
};

/** The link a member opens to set a password: the console's own page. */
function invitationUrl(origin: string, token: string): string {
  return `${origin}/invitation/${token}`;
}

export async function invite(
  team: Team,
  org: OrganizationRow,
  wanted: { email: string; name: string; role: Role },
  origin: string,
): Promise<ChangeResult> {
  const db = team.database.db;
  if (await findMemberByEmail(db, wanted.email)) {
    return {
      kind: 'refused',
      status: 409,
      code: 'invalid-request',
      message: 'A member already has this email',
      field: 'email',
    };
  }
  const row = await insertMember(db, { orgId: org.id, ...wanted }, team.now());
  const link = await insertInvitation(
    db,
    { orgId: org.id, memberId: row.id, purpose: 'invite', ttlMs: INVITATION_TTL_MS },
    team.now(),
  );
  const url = { url: invitationUrl(origin, link.token), expiresAt: link.expiresAt };
  return {
    kind: 'done',
    member: memberView(row),
    link: await deliverLink(team.mailer, linkMessage('invite', memberView(row), org.name, url), url),
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
  if (losesAdmin && (await countActiveAdmins(db, org.id)) <= 1) return LAST_ADMIN;
  await db
    .updateTable('members')
    .set({ ...next, approver_since: approverSinceAfter(target, next, team.now()) })
    .where('id', '=', target.id)
    .execute();
  // A role change or a disable takes effect on the member's next request: their sessions end now.
  await endSessionsOf(db, target.id);
  const paid = (m: { role: string; status: string }) =>
    m.status === 'active' && isRole(m.role) && can(m.role, 'pay');
  if (paid(target) && !paid(next)) await afterLosingPay(team, org.id, target.id);
  if (losesAdmin) await afterLosingAdmin(team, target.id);
  const updated = await findMember(db, org.id, target.id);
  return { kind: 'done', member: memberView(updated ?? target) };
}

export function setRole(team: Team, org: OrganizationRow, target: MemberRow, role: Role) {
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
 * The old password stops working at once (a reset is asked for when it may be known to someone else), and the
 * member's approvals count again only from when they set a new one: an account that changed hands approves nothing
 * that was waiting before.
 */
export async function resetPassword(
  team: Team,
  org: OrganizationRow,
  target: MemberRow,
  origin: string,
): Promise<ChangeResult> {
  const db = team.database.db;
  await db
    .updateTable('members')
    .set({ password_hash: null, approver_since: null })
    .where('id', '=', target.id)
    .execute();
  await endSessionsOf(db, target.id);
  await db
    .updateTable('invitations')
    .set({ used_at: team.now().toISOString() })
    .where('member_id', '=', target.id)
    .where('used_at', 'is', null)
    .execute();
  const link = await insertInvitation(
    db,
    { orgId: org.id, memberId: target.id, purpose: 'reset', ttlMs: INVITATION_TTL_MS },
    team.now(),
  );
  const url = { url: invitationUrl(origin, link.token), expiresAt: link.expiresAt };
  const view = memberView(target);
  const purpose = target.status === 'invited' ? 'invite' : 'reset';
  return {
    kind: 'done',
    member: view,
    link: await deliverLink(team.mailer, linkMessage(purpose, view, org.name, url), url),
  };
}

/**
 * The authenticator is forgotten: the member sets up a new one at their next sign-in (with their password). Whoever
 * knows the password may be the one who does, so, as after a password reset, the account's approvals count only for
 * requests made from now on.
 */
export async function resetTotp(team: Team, org: OrganizationRow, target: MemberRow): Promise<ChangeResult> {
  const db = team.database.db;
  await db
    .updateTable('members')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      approver_since: target.approver_since === null ? null : team.now().toISOString(),
    })
    .where('id', '=', target.id)
    .execute();
  await endSessionsOf(db, target.id);
  const updated = await findMember(db, org.id, target.id);
  return { kind: 'done', member: memberView(updated ?? target) };
}
