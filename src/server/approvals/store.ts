import { type ApprovalStatus, approvalCounts, ENDED_STATUSES } from '../../lib/approval-rules';
import { maskPaymentBody } from '../../lib/mask';
import { isRole } from '../../lib/roles';
import type { ConsoleDb, ConsoleTables } from '../db/database';

/** The approval requests' SQL, in one place: every status change is a conditional update that one caller wins. */

export type RequestRow = ConsoleTables['approval_requests'];
export type PaymentBody = Record<string, unknown> & { amount: number; idempotency_key: string };
/**
 * What a request pays: one payment or a file's payments (with the row numbers of the maker's review), one payout or
 * a file's payouts.
 */
export type RequestBody =
  | { payment: PaymentBody }
  | { rows: PaymentBody[]; row_numbers?: number[] }
  | ({ payout: PaymentBody } & PayoutExtras)
  | ({ payouts: PaymentBody[]; row_numbers?: number[] } & PayoutExtras);

/**
 * What a payout request keeps besides its bodies: the app whose wallet pays, and each payee's payout methods as they
 * were when it was submitted (service-calls.ts), written by the server, never by the maker.
 */
type PayoutExtras = { app_id?: string; payee_methods?: Record<string, string> };

/** The app a request's payouts are paid from (its wallet), when the maker chose one: sent as Api-App-Id. */
export function appOf(body: RequestBody): string | null {
  return 'app_id' in body && typeof body.app_id === 'string' ? body.app_id : null;
}

export type RequestKind = 'payment' | 'batch' | 'payout' | 'payout-batch';

export function kindOf(body: RequestBody): RequestKind {
  if ('payment' in body) return 'payment';
  if ('rows' in body) return 'batch';
  if ('payout' in body) return 'payout';
  return 'payout-batch';
}

export function bodiesOf(body: RequestBody): PaymentBody[] {
  if ('payment' in body) return [body.payment];
  if ('rows' in body) return body.rows;
  if ('payout' in body) return [body.payout];
  return body.payouts;
}

/** Where each of a request's bodies is sent. */
export function pathOf(body: RequestBody): '/v2/payments' | '/v2/payouts' {
  return 'payment' in body || 'rows' in body ? '/v2/payments' : '/v2/payouts';
}

/**
 * The body with every account number reduced to its last four digits: what is shown, and kept once it ended. (A
 * payout names a saved method by id: it holds no account number.)
 */
export function maskedBody(body: RequestBody): RequestBody {
  if ('payment' in body) return { payment: maskPaymentBody(body.payment) };
  if ('rows' in body) return { ...body, rows: body.rows.map((row) => maskPaymentBody(row)) };
  return body;
}

/**
 * Inserts a request unless its maker's same body already waits (a partial unique index): the waiting one is answered
 * instead (and when that one was decided in between, this one is inserted after all).
 */
export async function insertRequest(
  db: ConsoleDb,
  row: RequestRow,
): Promise<{ kind: 'created' | 'existing'; request: RequestRow }> {
  const inserted = await db
    .insertInto('approval_requests')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows !== 0n) return { kind: 'created', request: row };
  const waiting = await db
    .selectFrom('approval_requests')
    .selectAll()
    .where('org_id', '=', row.org_id)
    .where('maker_id', '=', row.maker_id)
    .where('body_hash', '=', row.body_hash)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting) return { kind: 'existing', request: waiting };
  // That one was decided in between: this body may wait again.
  await db.insertInto('approval_requests').values(row).execute();
  return { kind: 'created', request: row };
}

export function findRequest(db: ConsoleDb, orgId: string, id: string): Promise<RequestRow | undefined> {
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

export function listRequests(db: ConsoleDb, orgId: string, status?: ApprovalStatus): Promise<RequestRow[]> {
  let query = db.selectFrom('approval_requests').selectAll().where('org_id', '=', orgId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'desc').limit(200).execute();
}

/** Moves a request from one status to another only if it is still in the first: the one way a status changes. */
export async function moveStatus(
  db: ConsoleDb,
  id: string,
  from: ApprovalStatus,
  to: ApprovalStatus,
  now = new Date(),
  result?: unknown,
): Promise<boolean> {
  if (ENDED_STATUSES.includes(to)) return endRequest(db, id, from, to, now, result);
  const moved = await db
    .updateTable('approval_requests')
    .set({
      status: to,
      updated_at: now.toISOString(),
      ...(result === undefined ? {} : { result: JSON.stringify(result) }),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * Ends a request: from then on its stored body keeps the masked account numbers and the hash, never the numbers
 * (the body was only kept whole to be paid exactly as approved). With `heldBy`, only while that executor holds it.
 */
async function endRequest(
  db: ConsoleDb,
  id: string,
  from: ApprovalStatus,
  to: ApprovalStatus,
  now: Date,
  result?: unknown,
  heldBy?: string,
): Promise<boolean> {
  const row = await db.selectFrom('approval_requests').select('body').where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  const masked = JSON.stringify(maskedBody(JSON.parse(row.body) as RequestBody));
  let update = db
    .updateTable('approval_requests')
    .set({
      status: to,
      body: masked,
      executor_id: null,
      lease_until: null,
      updated_at: now.toISOString(),
      ...(result === undefined ? {} : { result: JSON.stringify(result) }),
    })
    .where('id', '=', id)
    .where('status', '=', from);
  if (heldBy !== undefined) update = update.where('executor_id', '=', heldBy);
  const moved = await update.executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * Claims a request for one executor: approved → executing, or an executing one whose lease lapsed (its server died),
 * by a conditional update that only one server wins. The claim holds until `leaseUntil` unless renewed.
 */
export async function claimRequest(
  db: ConsoleDb,
  id: string,
  from: 'approved' | 'executing',
  executorId: string,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  let query = db
    .updateTable('approval_requests')
    .set({
      status: 'executing',
      executor_id: executorId,
      lease_until: leaseUntil.toISOString(),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', from);
  if (from === 'executing') {
    query = query.where((eb) =>
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]),
    );
  }
  const claimed = await query.executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Extends a claim while its executor still holds it; false when another server took the request over. */
export async function renewLease(
  db: ConsoleDb,
  id: string,
  executorId: string,
  leaseUntil: Date,
): Promise<boolean> {
  const renewed = await db
    .updateTable('approval_requests')
    .set({ lease_until: leaseUntil.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'executing')
    .where('executor_id', '=', executorId)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/**
 * Requests no live executor holds: executing with a lapsed lease, or approved and left unclaimed for longer than a
 * lease (the server that approved it died before it claimed it).
 */
export function orphanedRequests(db: ConsoleDb, now: Date, leaseMs: number) {
  const at = now.toISOString();
  const unclaimedSince = new Date(now.getTime() - leaseMs).toISOString();
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'executing'),
          eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]),
        ]),
        eb.and([eb('status', '=', 'approved'), eb('updated_at', '<', unclaimedSince)]),
      ]),
    )
    .execute();
}

/** Pending requests past their expiry, moved to expired; the ids moved. */
export async function expireDue(db: ConsoleDb, orgId: string, now: Date): Promise<RequestRow[]> {
  const due = await db
    .selectFrom('approval_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now.toISOString())
    .execute();
  const expired: RequestRow[] = [];
  for (const row of due) if (await moveStatus(db, row.id, 'pending', 'expired', now)) expired.push(row);
  return expired;
}

/** A member's decision; a member counts once (the key is request and member). */
export async function recordDecision(
  db: ConsoleDb,
  requestId: string,
  memberId: string,
  decision: { approve: true } | { approve: false; reason: string },
  now: Date,
) {
  await db
    .insertInto('approval_decisions')
    .values({
      request_id: requestId,
      member_id: memberId,
      decision: decision.approve ? 'approve' : 'reject',
      reason: decision.approve ? null : decision.reason,
      at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['request_id', 'member_id']).doNothing())
    .execute();
}

/**
 * The approvals of a request, each with whether it still counts (lib/approval-rules.ts: the approver could approve
 * when the request was made and still can).
 */
export async function approvalsOf(db: ConsoleDb, request: RequestRow) {
  const rows = await db
    .selectFrom('approval_decisions')
    .innerJoin('members', 'members.id', 'approval_decisions.member_id')
    .select(['approval_decisions.member_id', 'members.role', 'members.status', 'members.approver_since'])
    .where('approval_decisions.request_id', '=', request.id)
    .where('approval_decisions.decision', '=', 'approve')
    .execute();
  return rows.map((row) => ({
    memberId: row.member_id,
    counts:
      isRole(row.role) &&
      approvalCounts(
        { id: row.member_id, role: row.role, status: row.status, approver_since: row.approver_since },
        request,
      ),
  }));
}

/** Removes approvals that no longer count: the request waits for ones that do. */
export async function dropApprovals(db: ConsoleDb, requestId: string, memberIds: readonly string[]) {
  if (memberIds.length === 0) return;
  await db
    .deleteFrom('approval_decisions')
    .where('request_id', '=', requestId)
    .where('member_id', 'in', [...memberIds])
    .where('decision', '=', 'approve')
    .execute();
}

/** A member's approvals of requests still waiting: dropped when the member can no longer approve. */
export async function dropApprovalsBy(db: ConsoleDb, memberId: string) {
  const waiting = db.selectFrom('approval_requests').select('id').where('status', '=', 'pending');
  await db
    .deleteFrom('approval_decisions')
    .where('member_id', '=', memberId)
    .where('decision', '=', 'approve')
    .where('request_id', 'in', waiting)
    .execute();
}

/** The requests a member made that still wait. */
export function waitingRequestsOf(db: ConsoleDb, makerId: string): Promise<RequestRow[]> {
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where('maker_id', '=', makerId)
    .where('status', '=', 'pending')
    .execute();
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
export async function requeueRequest(
  db: ConsoleDb,
  id: string,
  executorId: string,
  now: Date,
): Promise<boolean> {
  const moved = await db
    .updateTable('approval_requests')
    .set({ status: 'pending', executor_id: null, lease_until: null, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'executing')
    .where('executor_id', '=', executorId)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
