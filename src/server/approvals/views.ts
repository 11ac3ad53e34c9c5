import type { ApprovalStatus } from '../../lib/approval-rules';
import { statusAt } from '../../lib/request-lifecycle';
import { can } from '../../lib/roles';
import { decisionsOf } from '../db/repositories/team/approval-decisions';
import * as requestRows from '../db/repositories/team/approval-requests';
import * as lifecycle from '../db/repositories/team/request-lifecycle';
import type { RequestRow } from '../db/schema/team';
import { approvalRequestNotFound } from '../errors';
import { rowOutcomesOf } from '../events/row-outcomes';
import type { SessionMember } from '../identity/sign-in';
import { namesByIds } from '../members/members';
import { listTeamRequests, type TeamRequestView } from '../members/team-requests';
import type { Team } from '../team';
import { maskedBody, type RequestBody } from './bodies';

/** Approval requests as the Approvals pages read them: bodies masked, makers by name. */

/**
 * What a request's answer shows: its body with account numbers masked, never the numbers; its status as it is at
 * `now` (a pending request past its deadline is expired, written down or not).
 */
export function requestView(row: RequestRow, now: Date, maker?: { name: string; email: string }) {
  const body = maskedBody(JSON.parse(row.body) as RequestBody);
  return {
    id: row.id,
    kind: row.kind,
    maker_id: row.maker_id,
    maker: maker ?? null,
    body,
    body_hash: row.body_hash,
    file_sha256: row.file_sha256,
    amount: Number(row.amount_cents),
    count: Number(row.row_count),
    policy_version: Number(row.policy_version),
    approvals_needed: Number(row.approvals_needed),
    status: statusAt(row as RequestRow & { status: ApprovalStatus }, now),
    result: row.result ? (JSON.parse(row.result) as unknown) : null,
    warnings: row.warnings ? (JSON.parse(row.warnings) as string[]) : [],
    created_at: row.created_at,
    expires_at: row.expires_at,
    updated_at: row.updated_at,
  };
}

export type RequestView = ReturnType<typeof requestView>;

/** The request with its maker's name, as the list and its page show it. */
export async function viewWithMaker(team: Team, row: RequestRow): Promise<RequestView> {
  const makers = await namesByIds(team.database.db, [row.maker_id]);
  return requestView(row, team.now(), makers.get(row.maker_id));
}

/** The organization's requests, newest first (the last 200), of one status as it reads now when asked. */
export async function listRequestViews(
  team: Team,
  orgId: string,
  status?: ApprovalStatus,
): Promise<RequestView[]> {
  const db = team.database.db;
  const now = team.now();
  const rows = await lifecycle.listRequests(db, 'approval_requests', orgId, {
    status,
    now: now.toISOString(),
    limit: 200,
  });
  const makers = await namesByIds(
    db,
    rows.map((r) => r.maker_id),
  );
  return rows.map((row) => requestView(row, now, makers.get(row.maker_id)));
}

/** One request's page: the request and every decision on it, with who made it. */
export async function requestPage(team: Team, orgId: string, id: string) {
  const row = await requestRows.findRequest(team.database.db, orgId, id);
  if (!row) return approvalRequestNotFound();
  const decisions = await decisionsOf(team.database.db, row.id);
  const view = await viewWithMaker(team, row);
  // Each paid row's transfer as the service's events last told it: a payment settles or is returned after the run.
  return { ...view, decisions, row_outcomes: await rowOutcomesOf(team.database.db, orgId, view.result) };
}

/** A request as it is now, with its maker's name: after a decision, what the member sees. */
export async function currentView(team: Team, orgId: string, row: RequestRow): Promise<RequestView> {
  return viewWithMaker(team, (await requestRows.findRequest(team.database.db, orgId, row.id)) ?? row);
}

/**
 * What the Approvals page (and the navigation's count) reads: the approval requests, and for an admin the team's
 * changes too (what `/team-requests` shows admins): those waiting for them, and their own (a rejected one with its
 * reason, which is for them).
 */
export async function approvalsForMember(
  team: Team,
  member: SessionMember,
  status?: ApprovalStatus,
): Promise<{ data: RequestView[]; team_requests?: TeamRequestView[] }> {
  const orgId = member.organization.id;
  const data = await listRequestViews(team, orgId, status);
  if (!can(member.member.role, 'admin')) return { data };
  const me = member.member.id;
  const teamRequests = (await listTeamRequests(team, orgId)).filter((r) =>
    r.proposer?.id === me ? true : r.status === 'pending',
  );
  return { data, team_requests: teamRequests };
}
