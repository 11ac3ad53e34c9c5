import { randomUUID } from 'node:crypto';
import { deadlineFrom, statusAt } from '../../lib/request-lifecycle';
import type { Role } from '../../lib/roles';
import { needsSecondAdmin, TEAM_REQUEST_TTL_MS, type TeamChange } from '../../lib/team-changes';
import {
  type ApprovalPolicy,
  activePolicy,
  applyPolicy,
  type PolicySettings,
  policyProblem,
} from '../approvals/policy';
import { lockRow, transaction } from '../db/database';
import * as memberRows from '../db/repositories/team/members';
import * as teamRequestRows from '../db/repositories/team/team-requests';
import { memberNotFound, Refusal, teamRequestNotFound } from '../errors';
import { type CallService, orUnavailable } from '../gate/service-calls';
import type { SessionMember } from '../identity/sign-in';
import type { LinkDelivery } from '../mail/notices';
import {
  type ApPolicyChange,
  type ApUserLinkChange,
  applyApPolicyChange,
  applyApUserLink,
} from '../payables/team/ap-team-changes';
import { applyPasswordRule, type PasswordRuleChange, passwordRuleProblem } from '../sso/password-rule';
import { applyRoleMap, type RoleMapChange } from '../sso/role-map';
import type { Team } from '../team';
import { pauseRefillsAbove } from '../wallets/refill-pauses';
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
import { countActiveAdmins, type MemberRow, type MemberView, type OrganizationRow } from './members';
import {
  decideTeamRequest,
  findTeamRequest,
  type TeamRequestRow,
  type TeamRequestView,
  teamRequestViews,
  voidAppliedRequest,
  waitingAlready,
} from './team-requests';

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
  | { kind: 'policy'; payload: PolicySettings }
  | { kind: 'ap-policy'; payload: ApPolicyChange }
  | { kind: 'ap-user-link'; target: MemberRow; payload: ApUserLinkChange }
  /** The break-glass admin is the target when passwords go off (none when they come back on). */
  | { kind: 'passwords'; target: MemberRow | null; payload: PasswordRuleChange }
  /** Proposed by the environment at start (sso/role-map.ts), never by an admin. */
  | { kind: 'role-map'; payload: RoleMapChange };

/** What an applied change did. */
export interface Applied {
  member?: MemberView;
  link?: LinkDelivery;
  policy?: ApprovalPolicy;
  /** The apps whose auto-refill the policy paused (its amount above the new limit). */
  refillsPaused?: { app_id: string; app_name: string | null; amount_cents: number | null }[];
  /** What the payout service answered to a change made there (an approval policy of bills). */
  service?: unknown;
}

export type GrantOutcome =
  | { kind: 'applied'; applied: Applied }
  | { kind: 'waiting'; request: TeamRequestView }
  | Refusal;

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
    case 'ap-policy':
    case 'ap-user-link':
    case 'passwords':
    case 'role-map':
      return { kind: change.kind };
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
  call: CallService | null,
): Promise<GrantOutcome> {
  if (change.kind === 'ap-policy') {
    const made = await applyApPolicyChange(team, call, org, change.payload);
    return made instanceof Refusal ? made : { kind: 'applied', applied: { service: made.service } };
  }
  if (change.kind === 'role-map') {
    const refused = await applyRoleMap(team, org, change.payload);
    return refused ?? { kind: 'applied', applied: {} };
  }
  if (change.kind === 'passwords') {
    const made = await applyPasswordRule(team, org, change.payload, by);
    return made instanceof Refusal ? made : { kind: 'applied', applied: {} };
  }
  if (change.kind === 'ap-user-link') {
    await applyApUserLink(team, org, change.target, change.payload, by);
    return { kind: 'applied', applied: {} };
  }
  if (change.kind === 'policy') {
    const problem = await policyProblem(team.database.db, org.id, change.payload);
    if (problem) return policyRefused(problem);
    // A refill running above the new limit is switched off first: if the service does not answer, nothing changes.
    const before = await activePolicy(team.database.db, org.id);
    const paused = await orUnavailable(pauseRefillsAbove(team, call, org, before, change.payload));
    if (paused instanceof Refusal) {
      return new Refusal(
        503,
        'rule-check-unavailable',
        'The service did not answer while the auto-refills above the new limit were being paused: the policy is unchanged. Try again',
        { retryAfterSeconds: 5 },
      );
    }
    const policy = await applyPolicy(team.database.db, org.id, change.payload, by, team.now());
    // Once more now that it holds: a refill turned on while the first pass ran was judged by the limit before.
    const again = await orUnavailable(
      pauseRefillsAbove(team, call, org, before, change.payload, new Set(paused.map((p) => p.app_id))),
    );
    if (!(again instanceof Refusal)) paused.push(...again);
    const refillsPaused = paused.map(({ app_id, app_name, amount_cents }) => ({
      app_id,
      app_name,
      amount_cents,
    }));
    return { kind: 'applied', applied: { policy, refillsPaused } };
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
  if (change.kind === 'passwords') return passwordRuleProblem(team, org, change.payload);
  return null;
}

/** What an admin asks to change of one member: a role, the status, or their credentials reset. */
export type MemberChange =
  | { kind: 'role'; role: Role }
  | { kind: 'enable' | 'disable' | 'password-reset' | 'totp-reset' };

/**
 * A change of a member of the admin's team, found by id (another organization's member is not found either), proposed
 * or applied as every change is; answered with the member as they were before it.
 */
export async function changeMember(
  team: Team,
  admin: SessionMember,
  targetId: string,
  wanted: MemberChange,
  origin: string,
): Promise<{ target: MemberRow; outcome: GrantOutcome } | Refusal> {
  const target = await memberRows.findMember(team.database.db, admin.organization.id, targetId);
  if (!target) return memberNotFound();
  const change: RequestedChange =
    wanted.kind === 'role'
      ? { kind: 'role', target, payload: { role: wanted.role } }
      : { kind: wanted.kind, target };
  return { target, outcome: await proposeOrApply(team, admin, change, origin) };
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
  call: CallService | null = null,
): Promise<GrantOutcome> {
  const db = team.database.db;
  const org = admin.organization;
  const admins = await countActiveAdmins(db, org.id);
  // Refused now rather than kept to fail when confirmed (or applied, with one admin: the same checks again).
  const problem = await problemNow(team, org, change);
  if (problem) return problem;
  if (!needsSecondAdmin(asChange(change, admin.member.id), admins)) {
    return apply(team, org, change, { proposedBy: admin.member.id, confirmedBy: null }, origin, call);
  }
  const now = team.now();
  const targetId = 'target' in change && change.target ? change.target.id : null;
  const payload = JSON.stringify(change.payload ?? {});
  const row: TeamRequestRow = {
    id: randomUUID(),
    org_id: org.id,
    kind: change.kind,
    proposer_id: admin.member.id,
    target_member_id: targetId,
    payload,
    status: 'pending',
    decided_by: null,
    reason: null,
    created_at: now.toISOString(),
    expires_at: deadlineFrom(now, TEAM_REQUEST_TTL_MS),
    decided_at: null,
  };
  // With the organization held, so that of the same change asked twice at once the second finds the first.
  const kept = await transaction(db, async (trx) => {
    await lockRow(trx, 'organizations', org.id);
    const already = await waitingAlready(team, trx, org.id, row);
    if (already) return already;
    if (change.kind === 'policy') {
      // A newer proposal of the policy replaces one that was not confirmed.
      await teamRequestRows.endPending(
        trx,
        { orgId: org.id, kind: 'policy' },
        'withdrawn',
        'Replaced by a newer proposal',
        now.toISOString(),
      );
    }
    await teamRequestRows.insertTeamRequest(trx, row);
    return row;
  });
  if (kept instanceof Refusal) return kept;
  return { kind: 'waiting', request: (await teamRequestViews(team, [kept]))[0] as TeamRequestView };
}

function changeOf(row: TeamRequestRow, target: MemberRow | undefined): RequestedChange | null {
  const payload = JSON.parse(row.payload) as Record<string, unknown>;
  switch (row.kind) {
    case 'invite':
      return { kind: 'invite', payload: payload as { email: string; name: string; role: Role } };
    case 'policy':
      return { kind: 'policy', payload: payload as unknown as PolicySettings };
    case 'ap-policy':
      return { kind: 'ap-policy', payload: payload as unknown as ApPolicyChange };
    case 'ap-user-link':
      return target
        ? { kind: 'ap-user-link', target, payload: payload as unknown as ApUserLinkChange }
        : null;
    case 'role':
      return target ? { kind: 'role', target, payload: payload as { role: Role } } : null;
    case 'passwords':
      return { kind: 'passwords', target: target ?? null, payload: payload as unknown as PasswordRuleChange };
    case 'role-map':
      return { kind: 'role-map', payload: payload as unknown as RoleMapChange };
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
  call: CallService | null = null,
): Promise<{ outcome: GrantOutcome; request?: TeamRequestView; caution?: string }> {
  const org = admin.organization;
  const row = await findTeamRequest(team, org.id, id);
  if (!row) return { outcome: teamRequestNotFound() };
  if (row.proposer_id === admin.member.id) {
    return { outcome: new Refusal(403, 'self-approval', 'Another admin confirms a change you asked for') };
  }
  // What is known against the change is said before it applies, and confirmed knowingly (acknowledge_caution).
  const [before] = await teamRequestViews(team, [row]);
  const caution = statusAt(row, team.now()) === 'pending' ? (before?.caution ?? null) : null;
  if (caution && !acknowledged) {
    return {
      outcome: new Refusal(409, 'caution-unacknowledged', caution),
      ...(before ? { request: before } : {}),
    };
  }
  if (row.proposer_id === null) {
    // No member proposed it (the environment's mapping, the directory lowering an admin): one admin's confirmation
    // would be that admin's grant alone. The first to confirm adopts it, as its proposer; another admin applies it.
    if (
      !(await teamRequestRows.adoptTeamRequest(
        team.database.db,
        row,
        admin.member.id,
        team.now().toISOString(),
      ))
    ) {
      return { outcome: teamRequestDecided(statusAt(row, team.now())) };
    }
    const [adopted] = await teamRequestViews(team, [(await findTeamRequest(team, org.id, id)) ?? row]);
    if (!adopted) return { outcome: teamRequestNotFound() };
    return { outcome: { kind: 'waiting', request: adopted }, request: adopted };
  }
  if (!(await decideTeamRequest(team, row, 'applied', admin.member.id, null))) {
    return { outcome: teamRequestDecided(statusAt(row, team.now())) };
  }
  const target = row.target_member_id
    ? await memberRows.findMember(team.database.db, org.id, row.target_member_id)
    : undefined;
  const change = changeOf(row, target);
  const outcome: GrantOutcome = change
    ? await apply(
        team,
        org,
        change,
        // A request without a proposer was adopted above before any admin applies it.
        { proposedBy: row.proposer_id, confirmedBy: admin.member.id },
        origin,
        call,
      )
    : teamRequestNotFound();
  if (outcome instanceof Refusal) {
    await voidAppliedRequest(team, row, outcome.message);
  }
  const [view] = await teamRequestViews(team, [(await findTeamRequest(team, org.id, id)) ?? row]);
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
    !(await decideTeamRequest(
      team,
      row,
      close.to,
      admin.member.id,
      close.to === 'rejected' ? close.reason : null,
    ))
  ) {
    return { outcome: teamRequestDecided(statusAt(row, team.now())) };
  }
  const [view] = await teamRequestViews(team, [
    (await findTeamRequest(team, admin.organization.id, id)) ?? row,
  ]);
  return { outcome: { kind: 'applied', applied: {} }, request: view };
}
