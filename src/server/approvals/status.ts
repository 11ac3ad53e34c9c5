import { type ApprovalStatus, approvalCounts, ENDED_STATUSES } from '../../lib/approval-rules';
import { isRole } from '../../lib/roles';
import { consoleEntry } from '../audit/chain';
import type { ConsoleDb } from '../db/database';
import { appendApprovalChange } from '../db/repositories/live/live-changes';
import * as decisionRows from '../db/repositories/team/approval-decisions';
import * as requestRows from '../db/repositories/team/approval-requests';
import * as lifecycle from '../db/repositories/team/request-lifecycle';
import type { RequestRow } from '../db/schema/team';
import { sealerOf } from '../db/seals';
import { wakeStreams } from '../live/hub';
import type { Team } from '../team';
import { maskedBody, type RequestBody } from './bodies';

export type { RequestRow };

/**
 * How an approval request's status moves: always by a conditional update that one caller wins, and, once it ends, with
 * its stored body keeping the masked account numbers and the hash, never the numbers (the body was only kept whole to
 * be paid exactly as approved).
 */

/**
 * Moves a request from one status to another only if it is still in the first: the one way a status changes. A pending
 * request is decided (approved, rejected, withdrawn, cancelled) only before its deadline; after it, it only expires.
 */
export async function moveStatus(
  db: ConsoleDb,
  id: string,
  from: ApprovalStatus,
  to: ApprovalStatus,
  now = new Date(),
  result?: unknown,
): Promise<boolean> {
  if (ENDED_STATUSES.includes(to)) return endRequest(db, id, from, to, now, result);
  return move(db, id, from, to, now, {
    updated_at: now.toISOString(),
    ...(result === undefined ? {} : { result: JSON.stringify(result) }),
  });
}

async function move(
  db: ConsoleDb,
  id: string,
  from: ApprovalStatus,
  to: ApprovalStatus,
  now: Date,
  set: Partial<RequestRow>,
  executorId?: string,
): Promise<boolean> {
  const decision = from === 'pending' && to !== 'expired';
  const moved = await lifecycle.moveStatus(db, 'approval_requests', id, {
    from,
    to,
    set,
    ...(decision ? { liveAt: now.toISOString() } : {}),
    ...(executorId === undefined ? {} : { executorId }),
  });
  if (!moved) return false;
  // Open pages (the maker's among them) learn of it at once; in a caller's transaction, it commits with the move.
  await appendApprovalChange(db, id, to, now.toISOString());
  wakeStreams();
  return true;
}

/** Ends a request, its body masked. With `heldBy`, only while that executor holds it. */
async function endRequest(
  db: ConsoleDb,
  id: string,
  from: ApprovalStatus,
  to: ApprovalStatus,
  now: Date,
  result?: unknown,
  heldBy?: string,
): Promise<boolean> {
  const body = await requestRows.requestBody(db, id);
  if (body === undefined) return false;
  const changes = {
    body: JSON.stringify(maskedBody(JSON.parse(body) as RequestBody)),
    // The end is the server's word, sealed: a status set to ended in the database leaves the request's keys held.
    end_seal: sealerOf(db).endSeal(id, to),
    executor_id: null,
    lease_until: null,
    updated_at: now.toISOString(),
    ...(result === undefined ? {} : { result: JSON.stringify(result) }),
  };
  return move(db, id, from, to, now, changes, heldBy);
}

/**
 * Ends a request its executor still holds; false when the claim was lost (the lease lapsed and another server took
 * the request over: that one finishes it).
 */
export function finishRequest(
  db: ConsoleDb,
  id: string,
  executorId: string,
  to: ApprovalStatus,
  now: Date,
  result: unknown,
): Promise<boolean> {
  return endRequest(db, id, 'executing', to, now, result, executorId);
}

/** An executing request sent back to wait (its approvals no longer count), by the executor that holds it. */
export function requeueRequest(db: ConsoleDb, id: string, executorId: string, now: Date): Promise<boolean> {
  return move(
    db,
    id,
    'executing',
    'pending',
    now,
    { executor_id: null, lease_until: null, updated_at: now.toISOString() },
    executorId,
  );
}

/**
 * The approvals of a request, each with whether it still counts (lib/approval-rules.ts: the approver could approve
 * when the request was made and still can).
 */
export async function approvalsOf(db: ConsoleDb, request: RequestRow, now = new Date()) {
  const rows = await decisionRows.approversOf(db, request.id);
  const at = now.toISOString();
  return rows.map((row) => ({
    memberId: row.member_id,
    counts:
      isRole(row.role) &&
      approvalCounts(
        {
          id: row.member_id,
          role: row.role,
          status: row.status,
          approver_since: row.approver_since,
          held_until: row.held_until,
        },
        request,
        at,
      ),
  }));
}

/**
 * A member who can no longer pay (disabled, or demoted below finance): their approvals of waiting requests no longer
 * count, and their own waiting requests are cancelled, each with a line in the trail.
 */
export async function afterLosingPay(team: Team, orgId: string, memberId: string): Promise<void> {
  const db = team.database.db;
  await decisionRows.dropApprovalsBy(db, memberId);
  for (const request of await requestRows.waitingRequestsOf(db, memberId)) {
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
