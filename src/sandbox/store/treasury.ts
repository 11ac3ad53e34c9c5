import type { Db } from './db';
import { pageFrom, sql } from './prepare';

/** The SQL of wallet moves: an app's ACH account and refill settings, used transfer keys, transfer batches. */

export interface AppSettingsRow {
  app_id: string;
  ach_account_id: string | null;
  ach_account_name: string | null;
  payout_options_exclude_list: string;
  auto_refill_active: number;
  refill_amount: number | null;
  refill_threshold: number | null;
}

export function appSettings(db: Db, appId: string): AppSettingsRow | undefined {
  return sql<AppSettingsRow>(db, 'SELECT * FROM app_settings WHERE app_id = ?').get(appId);
}

export function saveAppSettings(db: Db, row: AppSettingsRow): void {
  sql(
    db,
    `INSERT INTO app_settings (app_id, ach_account_id, ach_account_name, payout_options_exclude_list,
       auto_refill_active, refill_amount, refill_threshold)
     VALUES (@app_id, @ach_account_id, @ach_account_name, @payout_options_exclude_list, @auto_refill_active,
       @refill_amount, @refill_threshold)
     ON CONFLICT (app_id) DO UPDATE SET ach_account_id = excluded.ach_account_id,
       ach_account_name = excluded.ach_account_name,
       payout_options_exclude_list = excluded.payout_options_exclude_list,
       auto_refill_active = excluded.auto_refill_active, refill_amount = excluded.refill_amount,
       refill_threshold = excluded.refill_threshold`,
  ).run(row);
}

/** An auto-refill deposit of the app still on its way (created or pending): no second one starts meanwhile. */
export function pendingAutoRefill(db: Db, orgId: string, appId: string): boolean {
  return (
    sql(
      db,
      `SELECT 1 FROM transfers WHERE org_id = ? AND movement = 'auto-refill' AND app_id = ?
         AND status IN ('created', 'pending') LIMIT 1`,
    ).get(orgId, appId) !== undefined
  );
}

/** Deposits of the organization still on their way in (created or pending): spendable when they complete. */
export interface PendingDepositRow {
  id: string;
  app_id: string;
  amount: number;
  status: string;
  created: string;
  movement: string;
}

export function pendingDeposits(db: Db, orgId: string): PendingDepositRow[] {
  return sql<PendingDepositRow>(
    db,
    `SELECT id, app_id, amount, status, created, movement FROM transfers INDEXED BY transfers_by_movement
     WHERE org_id = ? AND movement IN ('deposit', 'auto-refill') AND status IN ('created', 'pending')
     ORDER BY created_ms, id`,
  ).all(orgId);
}

/** A key spent by a transfer, a deposit, a withdrawal or an organization transfer: used again, it is refused. */
export function transferKeyTransfer(db: Db, orgId: string, key: string): string | undefined {
  return sql<string>(db, 'SELECT transfer_id FROM transfer_keys WHERE org_id = ? AND key = ?')
    .pluck()
    .get(orgId, key);
}

export function spendTransferKey(db: Db, orgId: string, key: string, transferId: string): void {
  sql(db, 'INSERT INTO transfer_keys (org_id, key, transfer_id) VALUES (?, ?, ?)').run(
    orgId,
    key,
    transferId,
  );
}

export interface MovementCursor {
  created_ms: number;
  seq: number;
}

/** Transfers of one kind of movement (organization transfers), newest first, by keyset; each as `json` makes it. */
export function pageOfMovements(
  db: Db,
  orgId: string,
  movement: string,
  json: string,
  options: { limit: number; after?: MovementCursor | undefined; before?: MovementCursor | undefined },
): { rows: string[]; more: boolean } {
  const where = ['org_id = @orgId', 'movement = @movement'];
  const params: Record<string, unknown> = { orgId, movement, take: options.limit + 1 };
  const cursor = options.after ?? options.before;
  if (cursor) {
    where.push(`(created_ms, seq) ${options.before ? '>' : '<'} (@cursorMs, @cursorSeq)`);
    params.cursorMs = cursor.created_ms;
    params.cursorSeq = cursor.seq;
  }
  const direction = options.before ? 'ASC' : 'DESC';
  const rows = sql<string>(
    db,
    `SELECT ${json} FROM transfers t WHERE ${where.join(' AND ')}
     ORDER BY created_ms ${direction}, seq ${direction} LIMIT @take`,
  )
    .pluck()
    .all(params);
  return pageFrom(rows, options.limit, options.before !== undefined);
}

export interface TransferBatchRow {
  seq: number;
  id: string;
  org_id: string;
  app_id: string;
  idempotency_key: string | null;
  status: 'pending' | 'completed';
  metadata: string | null;
  created: string;
  created_ms: number;
}

export interface TransferBatchItemRow {
  batch_id: string;
  position: number;
  user_id: string;
  amount: number;
  idempotency_key: string | null;
  tax_exempt: number | null;
  metadata: string | null;
  transfer_id: string | null;
  error: string | null;
  done: number;
}

export function insertTransferBatch(
  db: Db,
  batch: Omit<TransferBatchRow, 'seq'>,
  items: Omit<TransferBatchItemRow, 'batch_id'>[],
): void {
  sql(
    db,
    `INSERT INTO transfer_batches (id, org_id, app_id, idempotency_key, status, metadata, created, created_ms)
     VALUES (@id, @org_id, @app_id, @idempotency_key, @status, @metadata, @created, @created_ms)`,
  ).run(batch);
  const insert = sql(
    db,
    `INSERT INTO transfer_batch_items (batch_id, position, user_id, amount, idempotency_key, tax_exempt, metadata,
       transfer_id, error, done)
     VALUES (@batch_id, @position, @user_id, @amount, @idempotency_key, @tax_exempt, @metadata, @transfer_id, @error,
       @done)`,
  );
  for (const item of items) insert.run({ ...item, batch_id: batch.id });
}

export function findTransferBatch(db: Db, orgId: string, id: string): TransferBatchRow | undefined {
  return sql<TransferBatchRow>(db, 'SELECT * FROM transfer_batches WHERE id = ? AND org_id = ?').get(
    id,
    orgId,
  );
}

export function findTransferBatchByKey(db: Db, orgId: string, key: string): TransferBatchRow | undefined {
  return sql<TransferBatchRow>(
    db,
    'SELECT * FROM transfer_batches WHERE org_id = ? AND idempotency_key = ?',
  ).get(orgId, key);
}

export function transferBatchItems(db: Db, batchId: string): TransferBatchItemRow[] {
  return sql<TransferBatchItemRow>(
    db,
    'SELECT * FROM transfer_batch_items WHERE batch_id = ? ORDER BY position',
  ).all(batchId);
}

export function pendingTransferBatchItems(db: Db, batchId: string, limit: number): TransferBatchItemRow[] {
  return sql<TransferBatchItemRow>(
    db,
    'SELECT * FROM transfer_batch_items WHERE batch_id = ? AND done = 0 ORDER BY position LIMIT ?',
  ).all(batchId, limit);
}

export function finishTransferBatchItem(
  db: Db,
  batchId: string,
  position: number,
  result: { transfer_id: string | null; error: string | null },
): void {
  sql(
    db,
    `UPDATE transfer_batch_items SET done = 1, transfer_id = @transfer_id, error = @error
     WHERE batch_id = @batch_id AND position = @position`,
  ).run({ ...result, batch_id: batchId, position });
}

export function completeTransferBatch(db: Db, id: string): void {
  sql(db, "UPDATE transfer_batches SET status = 'completed' WHERE id = ?").run(id);
}

export function pendingTransferBatches(db: Db): TransferBatchRow[] {
  return sql<TransferBatchRow>(
    db,
    "SELECT * FROM transfer_batches WHERE status = 'pending' ORDER BY seq",
  ).all();
}

export function pageOfTransferBatches(
  db: Db,
  orgId: string,
  options: { limit: number; after?: TransferBatchRow | undefined; before?: TransferBatchRow | undefined },
): { rows: TransferBatchRow[]; more: boolean } {
  const where = ['org_id = @orgId'];
  const params: Record<string, unknown> = { orgId, take: options.limit + 1 };
  const cursor = options.after ?? options.before;
  if (cursor) {
    where.push(`(created_ms, seq) ${options.before ? '>' : '<'} (@cursorMs, @cursorSeq)`);
    params.cursorMs = cursor.created_ms;
    params.cursorSeq = cursor.seq;
  }
  const direction = options.before ? 'ASC' : 'DESC';
  const rows = sql<TransferBatchRow>(
    db,
    `SELECT * FROM transfer_batches WHERE ${where.join(' AND ')}
     ORDER BY created_ms ${direction}, seq ${direction} LIMIT @take`,
  ).all(params);
  return pageFrom(rows, options.limit, options.before !== undefined);
}
