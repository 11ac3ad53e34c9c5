import type { TransferStatus } from '../../lib/transfer-states';
import type { Db } from './db';
import { TRANSACTION_JSON } from './ledger';
import { pageFrom, sql } from './prepare';

export type { TransferStatus };

export interface TransferRow {
  seq: number;
  id: string;
  org_id: string;
  app_id: string;
  user_id: string | null;
  customer_id: string | null;
  status: TransferStatus;
  type: string;
  amount: number;
  account_id: string | null;
  external_id: string | null;
  platform: string | null;
  metadata: string | null;
  /** What the sandbox will make of it: 'success', 'fail:R01', 'reverse:R10' (from magic account numbers). */
  outcome: string;
  failure_code: string | null;
  failure_message: string | null;
  created: string;
  created_ms: number;
  status_changed_ms: number;
  /** A payout claimed through a payout link: that link. */
  payout_link_id?: string | null;
  /** 1: the app's wallet paid for it (a payout with `fund`), so a failure returns the money there. */
  funded?: number;
  /** A payout made for an item of a payout batch. */
  payout_batch_id?: string | null;
  /** A payout's idempotency key (payments keep theirs in idempotency_keys). */
  idempotency_key?: string | null;
  /** A wallet move: 'deposit', 'auto-refill', 'withdrawal', 'user-transfer', 'organization-transfer'. */
  movement?: string | null;
}

export interface TransactionRow {
  id: number;
  transfer_id: string;
  type: string;
  amount: number;
  source_name: string;
  destination_name: string;
  metadata: string | null;
  created: string;
}

export interface StatusHistoryRow {
  transfer_id: string;
  status: TransferStatus;
  at: string;
}

/**
 * A transfer as the API shows it (routes/transfer-schemas.ts), composed by SQLite for the row `t`: the transfer, its
 * transactions and its status history, in one statement, as the text that goes out as the body. The one place a
 * transfer's JSON is made: a read, a page of a list and a new payment's answer all use it. What a transfer does not
 * have is left out rather than sent as null (`json_remove` of its path; `$._` names nothing): the vendor's document
 * types these fields as strings, never null. A stored account's mask and type come from one look-up of the account.
 * Its transactions and history are found by the transfer's integer `seq` (migrations.ts says why).
 */
export const TRANSFER_JSON = `json_remove(json_object(
  'id', t.id,
  'created', t.created,
  'user_id', t.user_id,
  'customer_id', t.customer_id,
  'status', t.status,
  'type', t.type,
  'amount', t.amount,
  'external_data', COALESCE(
    (SELECT json_remove(json_object('account_id', t.account_id, 'external_id', t.external_id,
        'platform', t.platform, 'account_mask', b.last4, 'account_type', b.account_type),
      CASE WHEN t.external_id IS NULL THEN '$.external_id' ELSE '$._' END,
      CASE WHEN t.platform IS NULL THEN '$.platform' ELSE '$._' END)
     FROM bank_accounts b WHERE b.id = t.account_id),
    json_remove(json_object('account_id', t.account_id, 'external_id', t.external_id, 'platform', t.platform),
      CASE WHEN t.account_id IS NULL THEN '$.account_id' ELSE '$._' END,
      CASE WHEN t.external_id IS NULL THEN '$.external_id' ELSE '$._' END,
      CASE WHEN t.platform IS NULL THEN '$.platform' ELSE '$._' END)),
  'transactions', json((SELECT json_group_array(json(${TRANSACTION_JSON}) ORDER BY x.id)
    FROM transactions x WHERE x.transfer_seq = t.seq)),
  'payout_link_id', t.payout_link_id,
  'metadata', json(t.metadata),
  'status_history', json((SELECT json_group_array(json_object('status', h.status, 'at', h.at) ORDER BY h.seq)
    FROM transfer_status_history h WHERE h.transfer_seq = t.seq)),
  'failure_reason', CASE WHEN t.failure_code IS NULL THEN NULL
    ELSE json_object('code', t.failure_code, 'message', COALESCE(t.failure_message, '')) END
),
  CASE WHEN t.user_id IS NULL THEN '$.user_id' ELSE '$._' END,
  CASE WHEN t.customer_id IS NULL THEN '$.customer_id' ELSE '$._' END,
  CASE WHEN t.payout_link_id IS NULL THEN '$.payout_link_id' ELSE '$._' END
)`;

/** One transfer of the organization as its JSON text, or undefined (unknown, or another tenant's). */
export function transferJson(db: Db, orgId: string, id: string): string | undefined {
  return sql<string>(db, `SELECT ${TRANSFER_JSON} FROM transfers t WHERE t.id = ? AND t.org_id = ?`)
    .pluck()
    .get(id, orgId);
}

/** The same for any tenant (sandbox helpers, which take no credentials). */
export function transferJsonAnyTenant(db: Db, id: string): string | undefined {
  return sql<string>(db, `SELECT ${TRANSFER_JSON} FROM transfers t WHERE t.id = ?`).pluck().get(id);
}

export function insertTransfer(db: Db, row: Omit<TransferRow, 'seq'>): void {
  sql(
    db,
    `INSERT INTO transfers (id, org_id, app_id, user_id, customer_id, status, type, amount, account_id, external_id,
       platform, metadata, outcome, failure_code, failure_message, created, created_ms, status_changed_ms,
       payout_link_id, funded, payout_batch_id, idempotency_key, movement)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.org_id,
    row.app_id,
    row.user_id,
    row.customer_id,
    row.status,
    row.type,
    row.amount,
    row.account_id,
    row.external_id,
    row.platform,
    row.metadata,
    row.outcome,
    row.failure_code,
    row.failure_message,
    row.created,
    row.created_ms,
    row.status_changed_ms,
    row.payout_link_id ?? null,
    row.funded ?? 0,
    row.payout_batch_id ?? null,
    row.idempotency_key ?? null,
    row.movement ?? null,
  );
}

export function appendStatusHistory(db: Db, row: StatusHistoryRow): void {
  sql(
    db,
    `INSERT INTO transfer_status_history (transfer_id, transfer_seq, status, at)
     VALUES (?, (SELECT seq FROM transfers WHERE id = ?), ?, ?)`,
  ).run(row.transfer_id, row.transfer_id, row.status, row.at);
}

export function findTransfer(db: Db, orgId: string, id: string): TransferRow | undefined {
  return sql<TransferRow>(db, 'SELECT * FROM transfers WHERE id = ? AND org_id = ?').get(id, orgId);
}

export function transferStatus(db: Db, id: string): TransferStatus | undefined {
  return sql<TransferStatus>(db, 'SELECT status FROM transfers WHERE id = ?').pluck().get(id);
}

export function findTransferAnyTenant(db: Db, id: string): TransferRow | undefined {
  return sql<TransferRow>(db, 'SELECT * FROM transfers WHERE id = ?').get(id);
}

export function updateTransferStatus(
  db: Db,
  id: string,
  status: TransferStatus,
  changedMs: number,
  failure: { code: string; message: string } | null,
): void {
  sql(
    db,
    `UPDATE transfers SET status = ?, status_changed_ms = ?,
       failure_code = COALESCE(?, failure_code), failure_message = COALESCE(?, failure_message)
     WHERE id = ?`,
  ).run(status, changedMs, failure?.code ?? null, failure?.message ?? null, id);
}

/**
 * Transfers the settle clock may move: waiting in a state with a next step, for at least `olderThanMs`. The WHERE
 * clause is the partial index `transfers_settling`'s own, word for word, so that SQLite reads that index alone.
 */
export function transfersDueToSettle(db: Db, changedBeforeMs: number, limit: number): TransferRow[] {
  return sql<TransferRow>(
    db,
    `SELECT * FROM transfers INDEXED BY transfers_settling
     WHERE (status IN ('created', 'pending') OR (status = 'completed' AND outcome LIKE 'reverse:%'))
       AND status_changed_ms <= ?
     ORDER BY status_changed_ms LIMIT ?`,
  ).all(changedBeforeMs, limit);
}

export interface TransferFilter {
  orgId: string;
  userId?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  startMs?: number | undefined;
  endMs?: number | undefined;
}

export interface Cursor {
  createdMs: number;
  seq: number;
}

export interface PageOptions {
  descending: boolean;
  limit: number;
  after?: Cursor | undefined;
  before?: Cursor | undefined;
}

/** The statement of a page of transfers and its parameters: what pageOfTransferJson runs (and the bench explains). */
export function transferPageQuery(
  filter: TransferFilter,
  options: PageOptions,
): { sql: string; params: Record<string, unknown> } {
  const where = ['org_id = @orgId'];
  const params: Record<string, unknown> = { orgId: filter.orgId, take: options.limit + 1 };
  if (filter.userId) {
    where.push('user_id = @userId');
    params.userId = filter.userId;
  }
  if (filter.status) {
    where.push('status = @status');
    params.status = filter.status;
  }
  if (filter.type) {
    where.push('type = @type');
    params.type = filter.type;
  }
  if (filter.startMs !== undefined) {
    where.push('created_ms >= @startMs');
    params.startMs = filter.startMs;
  }
  if (filter.endMs !== undefined) {
    where.push('created_ms <= @endMs');
    params.endMs = filter.endMs;
  }
  // Walking towards the cursor's far side: "after" in a descending list means smaller keys, and so on.
  const cursor = options.after ?? options.before;
  const towardsSmaller = options.before ? !options.descending : options.descending;
  if (cursor) {
    where.push(`(created_ms, seq) ${towardsSmaller ? '<' : '>'} (@cursorMs, @cursorSeq)`);
    params.cursorMs = cursor.createdMs;
    params.cursorSeq = cursor.seq;
  }
  const direction = towardsSmaller ? 'DESC' : 'ASC';
  return {
    sql: `SELECT ${TRANSFER_JSON} FROM transfers t WHERE ${where.join(' AND ')}
     ORDER BY created_ms ${direction}, seq ${direction} LIMIT @take`,
    params,
  };
}

/**
 * One page of transfers by keyset on (created_ms, seq): constant cost however deep the page. `descending` is the list
 * order; `after` takes the rows following the cursor in that order, `before` the rows preceding it (returned in list
 * order). Fetches limit + 1 to know whether more exist. Each transfer comes as the API's JSON text (TRANSFER_JSON).
 */
export function pageOfTransferJson(
  db: Db,
  filter: TransferFilter,
  options: PageOptions,
): { rows: string[]; more: boolean } {
  const { sql: statement, params } = transferPageQuery(filter, options);
  const rows = sql<string>(db, statement).pluck().all(params);
  return pageFrom(rows, options.limit, options.before !== undefined);
}

export interface IdempotencyRow {
  org_id: string;
  key: string;
  request_hash: string;
  transfer_id: string;
  created_ms: number;
}

export function findIdempotencyKey(db: Db, orgId: string, key: string): IdempotencyRow | undefined {
  return sql<IdempotencyRow>(db, 'SELECT * FROM idempotency_keys WHERE org_id = ? AND key = ?').get(
    orgId,
    key,
  );
}

export function saveIdempotencyKey(db: Db, row: IdempotencyRow): void {
  sql(
    db,
    `INSERT INTO idempotency_keys (org_id, key, request_hash, transfer_id, created_ms)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (org_id, key) DO UPDATE SET request_hash = excluded.request_hash,
       transfer_id = excluded.transfer_id, created_ms = excluded.created_ms`,
  ).run(row.org_id, row.key, row.request_hash, row.transfer_id, row.created_ms);
}
