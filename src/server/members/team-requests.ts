import canonicalize from 'canonicalize';
import { statusAt } from '../../lib/request-lifecycle';
import { can, isRole } from '../../lib/roles';
import { describeTeamChange, type TeamRequestKind, type TeamRequestStatus } from '../../lib/team-changes';
import { consoleEntry } from '../audit/chain';
import type { ConsoleDb } from '../db/database';
import * as memberRows from '../db/repositories/team/members';
import * as lifecycle from '../db/repositories/team/request-lifecycle';
import * as teamRequestRows from '../db/repositories/team/team-requests';
import type { TeamRequestRow } from '../db/schema/team';
import { Refusal } from '../errors';
import type { Team } from '../team';

export type { TeamRequestRow };

/**
 * Team requests as they are read: a change of the team that grants power, waiting for a second admin (grants.ts
 * makes and decides them). Each end is sealed as it is written (db/seals.ts): one set waiting again in the database
 * is not found when an admin confirms it.
 */

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

/** Team requests as the Approvals page shows them: who asked, for whom, what is known against the change. */
export async function teamRequestViews(
  team: Team,
  rows: readonly TeamRequestRow[],
): Promise<TeamRequestView[]> {
  const db = team.database.db;
  const now = team.now();
  const ids = new Set(
    rows
      .flatMap((r) => [r.proposer_id, r.target_member_id, r.decided_by])
      .filter((id): id is string => Boolean(id)),
  );
  const load = (wanted: readonly string[]) => memberRows.membersByIds(db, wanted);
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
    const proposer = row.proposer_id ? (byId.get(row.proposer_id) ?? null) : null;
    const decider = row.decided_by ? (byId.get(row.decided_by) ?? null) : null;
    return {
      id: row.id,
      kind: row.kind,
      description: describeTeamChange(row.kind, payload, target),
      proposer: proposer ? { id: proposer.id, name: proposer.name, email: proposer.email } : null,
      target,
      payload,
      caution: found ? cautionFor(row, payload, found, byId) : null,
      status: statusAt(row, now),
      decided_by: decider ? { id: decider.id, name: decider.name } : null,
      reason: row.reason,
      created_at: row.created_at,
      expires_at: row.expires_at,
      decided_at: row.decided_at,
    };
  });
}

/** The organization's team requests, newest first (the last 100), of one status as it reads now when asked. */
export async function listTeamRequests(team: Team, orgId: string, status?: TeamRequestStatus) {
  const rows = await lifecycle.listRequests(team.database.db, 'team_requests', orgId, {
    status,
    now: team.now().toISOString(),
    limit: 100,
  });
  return teamRequestViews(team, rows);
}

export function findTeamRequest(team: Team, orgId: string, id: string): Promise<TeamRequestRow | undefined> {
  return teamRequestRows.findTeamRequest(team.database.db, orgId, id);
}

/** Moves a waiting team request before its deadline, once: of two admins deciding at once, one wins. */
export function decideTeamRequest(
  team: Team,
  row: TeamRequestRow,
  to: TeamRequestStatus,
  by: string,
  reason: string | null,
): Promise<boolean> {
  const now = team.now().toISOString();
  return lifecycle.moveStatus(team.database.db, 'team_requests', row.id, {
    from: 'pending',
    to,
    set: {
      decided_by: by,
      reason,
      decided_at: now,
      seal: teamRequestRows.endSealOf(team.database.db, row, to),
    },
    liveAt: now,
  });
}

/** A confirmed request that no longer held when applied: void, with the reason. */
export async function voidAppliedRequest(team: Team, row: TeamRequestRow, reason: string): Promise<void> {
  await lifecycle.moveStatus(team.database.db, 'team_requests', row.id, {
    from: 'applied',
    to: 'void',
    set: { reason, seal: teamRequestRows.endSealOf(team.database.db, row, 'void') },
  });
}

/** A team request nobody confirmed in its week: expired, with a line in the trail. */
export async function expireTeamRequest(team: Team, row: TeamRequestRow): Promise<boolean> {
  const at = team.now().toISOString();
  const expired = await lifecycle.moveStatus(team.database.db, 'team_requests', row.id, {
    from: 'pending',
    to: 'expired',
    set: { decided_at: at, seal: teamRequestRows.endSealOf(team.database.db, row, 'expired') },
  });
  if (expired) {
    await team.audit(consoleEntry(row.org_id, 'team-request.expire', [row.id], { status: 200 }));
  }
  return expired;
}

/** Every pending team request past its deadline, of every organization, expired; how many. */
export async function expireDueTeamRequests(team: Team): Promise<number> {
  const now = team.now().toISOString();
  const due = await lifecycle.pendingPastDeadline(team.database.db, 'team_requests', now);
  let expired = 0;
  for (const row of due) if (await expireTeamRequest(team, row)) expired++;
  return expired;
}

/**
 * What an admin's change meets among the team requests still waiting: the same change (kind, member and payload),
 * whose request answers for it; another change of the same kind for the same member (or an invitation of the same
 * email), refused naming the one waiting, since confirming both would leave whichever came last; or nothing. A policy
 * is the organization's, and a newer proposal replaces the one waiting (grants.ts).
 */
export async function waitingAlready(
  team: Team,
  db: ConsoleDb,
  orgId: string,
  change: Pick<TeamRequestRow, 'kind' | 'target_member_id' | 'payload'>,
): Promise<TeamRequestRow | Refusal | null> {
  const rows = await teamRequestRows.waitingTeamRequestsOf(db, orgId, change.kind, team.now().toISOString());
  const payload = JSON.parse(change.payload) as Record<string, unknown>;
  const same = rows.find(
    (row) =>
      row.target_member_id === change.target_member_id &&
      canonicalize(JSON.parse(row.payload)) === canonicalize(payload),
  );
  if (same) return same;
  if (change.kind === 'policy' || change.kind === 'ap-policy') return null;
  const emailOf = (p: Record<string, unknown>) => String(p.email ?? '').toLowerCase();
  const other = rows.find((row) =>
    change.kind === 'invite'
      ? emailOf(JSON.parse(row.payload) as Record<string, unknown>) === emailOf(payload)
      : row.target_member_id === change.target_member_id,
  );
  if (!other) return null;
  return new Refusal(
    409,
    'team-request-waiting',
    `Another change of this kind waits already for a second admin (request ${other.id}): have it decided, or withdraw it, first`,
    { extra: { request_id: other.id } },
  );
}
