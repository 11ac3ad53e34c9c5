import { randomUUID } from 'node:crypto';
import { can, isRole, type Role } from '../../lib/roles';
import {
  describeTeamChange,
  needsSecondAdmin,
  TEAM_REQUEST_TTL_MS,
  type TeamChange,
  type TeamRequestKind,
  type TeamRequestStatus,
} from '../../lib/team-changes';
import { type ApprovalPolicy, applyPolicy, type PolicySettings, policyProblem } from '../approvals/policy';
import type { ConsoleTables } from '../db/database';
import { Refusal, teamRequestNotFound } from '../errors';
import type { SessionMember } from '../identity/sign-in';
import type { LinkDelivery } from '../mail/notices';
import type { Team } from '../team';
import {
  type ChangeResult,
  invitable,
  invite,
  pendingInvitation,
  resetPassword,
  resetTotp,
  setRole,
  setStatus,
} from './changes';
import {
  countActiveAdmins,
  findMember,
  type MemberRow,
  type MemberView,
  type OrganizationRow,
} from './members';

/** A team request someone decided first (or that expired). */
const teamRequestDecided = (status: string) =>
  new Refusal(409, 'team-request-decided', `This request is ${status} already`);

/**
 * Grants of power (lib/team-changes.ts) and their team requests: with two or more active admins, a change that grants
 * power waits until another admin confirms it, and applies then, checked again; otherwise it applies at once.
 */

/** A change an admin asks for. */
export type RequestedChange =
  | { kind: 'invite'; payload: { email: string; name: string; role: Role } }
  | { kind: 'role'; target: MemberRow; payload: { role: Role } }
  | { kind: 'enable' | 'disable' | 'password-reset' | 'totp-reset'; target: MemberRow; payload?: undefined }
  | { kind: 'policy'; payload: PolicySettings };

/** What an applied change did. */
export interface Applied {
  member?: MemberView;
  link?: LinkDelivery;
  policy?: ApprovalPolicy;
}

export type GrantOutcome =
  | { kind: 'applied'; applied: Applied }
  | { kind: 'waiting'; request: TeamRequestView }
  | Refusal;

type TeamRequestRow = ConsoleTables['team_requests'];

export interface TeamRequestView {
  id: string;
  kind: TeamRequestKind;
  description: string;
  proposer: { id: string; name: string; email: string } | null;
  target: { id: string; name: string; email: string; role: string; status: string } | null;
  payload: Record<string, unknown>;
  /**
   * What the confirming admin must know first: the target's password was set through a one-time link shown to an
   * admin (no mail then), who may know it. Null when nothing is known against the change.
   */
  caution: string | null;
  status: TeamRequestStatus;
  decided_by: { id: string; name: string } | null;
  reason: string | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

function asChange(change: RequestedChange, by: string): TeamChange {
  const target = 'target' in change && change.target ? change.target : null;
  const changed = target
    ? { id: target.id, role: target.role as Role, status: target.status as 'invited' | 'active' | 'disabled' }
    : null;
  switch (change.kind) {
    case 'invite':
      return { kind: 'invite', role: change.payload.role };
    case 'role':
      return { kind: 'role', target: changed as NonNullable<typeof changed>, role: change.payload.role };
    case 'policy':
      return { kind: 'policy' };
    case 'password-reset':
    case 'totp-reset':
      return { kind: change.kind, target: changed as NonNullable<typeof changed>, by };
    default:
      return { kind: change.kind, target: changed as NonNullable<typeof changed> };
  }
}

/** A policy nobody would be left to approve under. */
const policyRefused = (problem: { field: string; message: string }) =>
  new Refusal(409, 'policy-refused', problem.message, { field: problem.field });

/** Applies a change now (one admin, a change that grants nothing, or a confirmed team request). */
async function apply(
  team: Team,
  org: OrganizationRow,
  change: RequestedChange,
  by: { proposedBy: string; confirmedBy: string | null },
  origin: string,
): Promise<GrantOutcome> {
  if (change.kind === 'policy') {
    const problem = await policyProblem(team.database.db, org.id, change.payload);
    if (problem) return policyRefused(problem);
    const policy = await applyPolicy(team.database.db, org.id, change.payload, by, team.now());
    return { kind: 'applied', applied: { policy } };
  }
  const links = await mailRequired(team, org, change);
  if (links) return links;
  let result: ChangeResult;
  switch (change.kind) {
    case 'invite':
      result = await invite(team, org, change.payload, origin, by);
      break;
    case 'role':
      result = await setRole(team, org, change.target, change.payload.role);
      break;
    case 'enable':
    case 'disable':
      result = await setStatus(team, org, change.target, change.kind === 'enable' ? 'active' : 'disabled');
      break;
    case 'password-reset':
      result = await resetPassword(team, org, change.target, origin, by);
      break;
    case 'totp-reset':
      result = await resetTotp(team, org, change.target, by);
      break;
  }
  if (result instanceof Refusal) return result;
  return {
    kind: 'applied',
    applied: { member: result.member, ...(result.link ? { link: result.link } : {}) },
  };
}

/**
 * A one-time link without mail goes to the admin whose answer carries it. With one admin that admin can do anything
 * alone anyway; with two, the link would hand one of them an account that the other is about to trust (a viewer
 * raised to finance later, a reset of an approver), so a change that makes a link (an invitation of any role, a
 * password reset) is refused until mail is set up.
 */
async function mailRequired(
  team: Team,
  org: OrganizationRow,
  change: RequestedChange,
): Promise<GrantOutcome | null> {
  if (team.mailer || (change.kind !== 'invite' && change.kind !== 'password-reset')) return null;
  if ((await countActiveAdmins(team.database.db, org.id)) < 2) return null;
  return new Refusal(
    409,
    'mail-required',
    'Set up mail first (SMTP_URL): with two admins, invitation and reset links go only by mail to their member, never to an admin',
  );
}

/** What would make the change fail if it waited: said to the proposer now, at the field, rather than on confirmation. */
async function problemNow(
  team: Team,
  org: OrganizationRow,
  change: RequestedChange,
): Promise<GrantOutcome | null> {
  const db = team.database.db;
  const links = await mailRequired(team, org, change);
  if (links) return links;
  if (change.kind === 'invite') {
    const allowed = await invitable(team, org, change.payload.email);
    if (allowed instanceof Refusal) return allowed;
  }
  if (change.kind === 'role') {
    const pending = pendingInvitation(change.target);
    if (pending) return pending;
  }
  if (change.kind === 'policy') {
    const problem = await policyProblem(db, org.id, change.payload);
    if (problem) return policyRefused(problem);
  }
  return null;
}

/**
 * An admin's change: applied at once where it grants no power or the organization has one active admin, else kept as
 * a team request that another admin confirms.
 */
export async function proposeOrApply(
  team: Team,
  admin: SessionMember,
  change: RequestedChange,
  origin: string,
): Promise<GrantOutcome> {
  const db = team.database.db;
  const org = admin.organization;
  const admins = await countActiveAdmins(db, org.id);
  // Refused now rather than kept to fail when confirmed (or applied, with one admin: the same checks again).
  const problem = await problemNow(team, org, change);
  if (problem) return problem;
  if (!needsSecondAdmin(asChange(change, admin.member.id), admins)) {
    return apply(team, org, change, { proposedBy: admin.member.id, confirmedBy: null }, origin);
  }
  const now = team.now();
  if (change.kind === 'policy') {
    // A newer proposal of the policy replaces one that was not confirmed.
    await db
      .updateTable('team_requests')
      .set({ status: 'withdrawn', decided_at: now.toISOString(), reason: 'Replaced by a newer proposal' })
      .where('org_id', '=', org.id)
      .where('kind', '=', 'policy')
      .where('status', '=', 'pending')
      .execute();
  }
  const row: TeamRequestRow = {
    id: randomUUID(),
    org_id: org.id,
    kind: change.kind,
    proposer_id: admin.member.id,
    target_member_id: 'target' in change && change.target ? change.target.id : null,
    payload: JSON.stringify(change.payload ?? {}),
    status: 'pending',
    decided_by: null,
    reason: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + TEAM_REQUEST_TTL_MS).toISOString(),
    decided_at: null,
  };
  await db.insertInto('team_requests').values(row).execute();
  return { kind: 'waiting', request: (await views(team, [row]))[0] as TeamRequestView };
}

/** `2025-03-04T05:06:07.000Z` → `2025-03-04 05:06 UTC`. */
const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * Raising a member to a paying role (or enabling one) hands their account the power to approve: when its password
 * was set through a link shown to an admin, that admin may hold the account, and the confirming admin is told.
 */
function cautionFor(
  row: TeamRequestRow,
  payload: Record<string, unknown>,
  target: {
    name: string;
    role: string;
    password_link_shown_to: string | null;
    password_set_at: string | null;
  },
  names: ReadonlyMap<string, { name: string }>,
): string | null {
  const grantsPay =
    (row.kind === 'role' && isRole(payload.role) && can(payload.role, 'pay')) ||
    (row.kind === 'enable' && isRole(target.role) && can(target.role, 'pay'));
  if (!grantsPay || !target.password_link_shown_to) return null;
  const admin = names.get(target.password_link_shown_to)?.name ?? 'an admin';
  const when = target.password_set_at ? ` on ${utcMinute(target.password_set_at)}` : '';
  return `The password of ${target.name} was set${when} through a one-time link shown to ${admin}, when mail was not set up: ${admin} may know it and use this account. Unless you know it was changed since, reject this and have their password reset by mail first.`;
}

async function views(team: Team, rows: readonly TeamRequestRow[]): Promise<TeamRequestView[]> {
  const db = team.database.db;
  const ids = new Set(
    rows
      .flatMap((r) => [r.proposer_id, r.target_member_id, r.decided_by])
      .filter((id): id is string => Boolean(id)),
  );
  const load = (wanted: readonly string[]) =>
    wanted.length
      ? db
          .selectFrom('members')
          .select(['id', 'name', 'email', 'role', 'status', 'password_link_shown_to', 'password_set_at'])
          .where('id', 'in', [...wanted])
          .execute()
      : Promise.resolve([]);
  const members = await load([...ids]);
  const shownTo = members
    .map((m) => m.password_link_shown_to)
    .filter((id): id is string => id !== null && !ids.has(id));
  const byId = new Map([...members, ...(await load(shownTo))].map((m) => [m.id, m]));
  return rows.map((row) => {
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    const found = row.target_member_id ? byId.get(row.target_member_id) : undefined;
    const target = found
      ? { id: found.id, name: found.name, email: found.email, role: found.role, status: found.status }
      : null;
    const proposer = byId.get(row.proposer_id) ?? null;
    const decider = row.decided_by ? (byId.get(row.decided_by) ?? null) : null;
    return {
      id: row.id,
      kind: row.kind,
      description: describeTeamChange(row.kind, payload, target),
      proposer: proposer ? { id: proposer.id, name: proposer.name, email: proposer.email } : null,
      target,
      payload,
      caution: found ? cautionFor(row, payload, found, byId) : null,
      status: row.status,
      decided_by: decider ? { id: decider.id, name: decider.name } : null,
      reason: row.reason,
      created_at: row.created_at,
      expires_at: row.expires_at,
      decided_at: row.decided_at,
    };
  });
}

/** The organization's team requests, newest first; those past their week are expired first. */
export async function listTeamRequests(team: Team, orgId: string, status?: TeamRequestStatus) {
  const db = team.database.db;
  const now = team.now().toISOString();
  await db
    .updateTable('team_requests')
    .set({ status: 'expired', decided_at: now })
    .where('org_id', '=', orgId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
  let query = db.selectFrom('team_requests').selectAll().where('org_id', '=', orgId);
  if (status) query = query.where('status', '=', status);
  return views(team, await query.orderBy('created_at', 'desc').limit(100).execute());
}

function findTeamRequest(team: Team, orgId: string, id: string) {
  return team.database.db
    .selectFrom('team_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Moves a waiting team request, once: of two admins deciding at once, one wins. */
async function decideRow(
  team: Team,
  row: TeamRequestRow,
  to: TeamRequestStatus,
  by: string,
  reason: string | null,
) {
  const moved = await team.database.db
    .updateTable('team_requests')
    .set({ status: to, decided_by: by, reason, decided_at: team.now().toISOString() })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', team.now().toISOString())
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

function changeOf(row: TeamRequestRow, target: MemberRow | undefined): RequestedChange | null {
  const payload = JSON.parse(row.payload) as Record<string, unknown>;
  switch (row.kind) {
    case 'invite':
      return { kind: 'invite', payload: payload as { email: string; name: string; role: Role } };
    case 'policy':
      return { kind: 'policy', payload: payload as unknown as PolicySettings };
    case 'role':
      return target ? { kind: 'role', target, payload: payload as { role: Role } } : null;
    default:
      return target ? { kind: row.kind, target } : null;
  }
}

/**
 * Another admin confirms a team request: it is taken by a conditional update (of two confirmations at once, one
 * applies it), then applied, checked again; a change that no longer holds (the email was taken, the last admin
 * would go) is void, with the reason. The proposer cannot confirm their own.
 */
export async function confirmTeamRequest(
  team: Team,
  admin: SessionMember,
  id: string,
  origin: string,
  acknowledged: boolean,
): Promise<{ outcome: GrantOutcome; request?: TeamRequestView; caution?: string }> {
  const org = admin.organization;
  const row = await findTeamRequest(team, org.id, id);
  if (!row) return { outcome: teamRequestNotFound() };
  if (row.proposer_id === admin.member.id) {
    return { outcome: new Refusal(403, 'self-approval', 'Another admin confirms a change you asked for') };
  }
  // What is known against the change is said before it applies, and confirmed knowingly (acknowledge_caution).
  const [before] = await views(team, [row]);
  const caution = row.status === 'pending' ? (before?.caution ?? null) : null;
  if (caution && !acknowledged) {
    return {
      outcome: new Refusal(409, 'caution-unacknowledged', caution),
      ...(before ? { request: before } : {}),
    };
  }
  if (!(await decideRow(team, row, 'applied', admin.member.id, null))) {
    return { outcome: teamRequestDecided(row.status === 'pending' ? 'expired' : row.status) };
  }
  const target = row.target_member_id
    ? await findMember(team.database.db, org.id, row.target_member_id)
    : undefined;
  const change = changeOf(row, target);
  const outcome: GrantOutcome = change
    ? await apply(team, org, change, { proposedBy: row.proposer_id, confirmedBy: admin.member.id }, origin)
    : teamRequestNotFound();
  if (outcome instanceof Refusal) {
    await team.database.db
      .updateTable('team_requests')
      .set({ status: 'void', reason: outcome.message })
      .where('id', '=', row.id)
      .execute();
  }
  const [view] = await views(team, [(await findTeamRequest(team, org.id, id)) ?? row]);
  return { outcome, ...(view ? { request: view } : {}), ...(caution ? { caution } : {}) };
}

/** Another admin refuses it (with a reason), or its proposer withdraws it. */
export async function closeTeamRequest(
  team: Team,
  admin: SessionMember,
  id: string,
  close: { to: 'rejected'; reason: string } | { to: 'withdrawn' },
): Promise<{ outcome: GrantOutcome; request?: TeamRequestView }> {
  const row = await findTeamRequest(team, admin.organization.id, id);
  if (!row) return { outcome: teamRequestNotFound() };
  const mine = row.proposer_id === admin.member.id;
  if (close.to === 'withdrawn' && !mine) {
    return { outcome: new Refusal(403, 'not-your-request', 'Only the admin who asked for it withdraws it') };
  }
  if (close.to === 'rejected' && mine) {
    return {
      outcome: new Refusal(403, 'self-approval', 'Withdraw a change you asked for; another admin rejects it'),
    };
  }
  if (
    !(await decideRow(team, row, close.to, admin.member.id, close.to === 'rejected' ? close.reason : null))
  ) {
    return { outcome: teamRequestDecided(row.status) };
  }
  const [view] = await views(team, [(await findTeamRequest(team, admin.organization.id, id)) ?? row]);
  return { outcome: { kind: 'applied', applied: {} }, request: view };
}
