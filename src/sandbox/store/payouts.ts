import type { Db } from './db';
import { pageFrom, sql } from './prepare';

/** The SQL of money out: payout methods, links, batches, requests and used payout keys. */

export type WalletPlatform = 'paypal' | 'venmo' | 'cash_app';

export interface PayoutMethodRow {
  seq: number;
  id: string;
  org_id: string;
  user_id: string;
  platform: WalletPlatform;
  email: string | null;
  phone_number: string | null;
  handle: string | null;
  cash_tag: string | null;
  created: string;
}

export function insertPayoutMethod(db: Db, row: Omit<PayoutMethodRow, 'seq'>): void {
  sql(
    db,
    `INSERT INTO payout_methods (id, org_id, user_id, platform, email, phone_number, handle, cash_tag, created)
     VALUES (@id, @org_id, @user_id, @platform, @email, @phone_number, @handle, @cash_tag, @created)`,
  ).run(row);
}

export function walletMethodsOf(db: Db, userId: string): PayoutMethodRow[] {
  return sql<PayoutMethodRow>(db, 'SELECT * FROM payout_methods WHERE user_id = ? ORDER BY seq').all(userId);
}

export function setDefaultMethod(db: Db, userId: string, methodId: string): void {
  sql(db, 'UPDATE users SET default_method_id = ? WHERE id = ?').run(methodId, userId);
}

/** A payout key spent: a payout with it again is refused, as the vendor rejects a used key. */
export function payoutKeyTransfer(db: Db, orgId: string, key: string): string | undefined {
  return sql<string>(db, 'SELECT transfer_id FROM payout_keys WHERE org_id = ? AND key = ?')
    .pluck()
    .get(orgId, key);
}

export function spendPayoutKey(db: Db, orgId: string, key: string, transferId: string): void {
  sql(db, 'INSERT INTO payout_keys (org_id, key, transfer_id) VALUES (?, ?, ?)').run(orgId, key, transferId);
}

export interface PayoutLinkRow {
  seq: number;
  id: string;
  /** What the link's URL carries (store/link-token.ts): whoever holds it may claim the link's money. */
  token: string;
  org_id: string;
  app_id: string;
  user_id: string | null;
  payee: string | null;
  amount: number;
  status: string;
  delivery_method: string;
  deliveries: number;
  memo: string | null;
  description: string | null;
  metadata: string | null;
  tax_exempt: number;
  funding_source: string;
  funds_held: number;
  idempotency_key: string | null;
  claimed_user_id: string | null;
  transfer_id: string | null;
  created: string;
  created_ms: number;
  expires_ms: number;
}

export function insertPayoutLink(db: Db, row: Omit<PayoutLinkRow, 'seq'>): void {
  sql(
    db,
    `INSERT INTO payout_links (id, token, org_id, app_id, user_id, payee, amount, status, delivery_method, deliveries,
       memo, description, metadata, tax_exempt, funding_source, funds_held, idempotency_key, claimed_user_id,
       transfer_id, created, created_ms, expires_ms)
     VALUES (@id, @token, @org_id, @app_id, @user_id, @payee, @amount, @status, @delivery_method, @deliveries, @memo,
       @description, @metadata, @tax_exempt, @funding_source, @funds_held, @idempotency_key, @claimed_user_id,
       @transfer_id, @created, @created_ms, @expires_ms)`,
  ).run(row);
}

export function findPayoutLink(db: Db, orgId: string, id: string): PayoutLinkRow | undefined {
  return sql<PayoutLinkRow>(db, 'SELECT * FROM payout_links WHERE id = ? AND org_id = ?').get(id, orgId);
}

export function findPayoutLinkAnyTenant(db: Db, id: string): PayoutLinkRow | undefined {
  return sql<PayoutLinkRow>(db, 'SELECT * FROM payout_links WHERE id = ?').get(id);
}

/** The link whose URL carries this token (the payee's page, and the claim helper that stands in for it). */
export function findPayoutLinkByToken(db: Db, token: string): PayoutLinkRow | undefined {
  return sql<PayoutLinkRow>(db, 'SELECT * FROM payout_links WHERE token = ?').get(token);
}

export function findPayoutLinkByKey(db: Db, orgId: string, key: string): PayoutLinkRow | undefined {
  return sql<PayoutLinkRow>(db, 'SELECT * FROM payout_links WHERE org_id = ? AND idempotency_key = ?').get(
    orgId,
    key,
  );
}

export function updatePayoutLink(db: Db, id: string, changes: Partial<PayoutLinkRow>): void {
  const columns = Object.keys(changes);
  if (columns.length === 0) return;
  sql(db, `UPDATE payout_links SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({
    ...changes,
    id,
  });
}

export function addLinkEvent(
  db: Db,
  linkId: string,
  status: string,
  at: string,
  note: string | null = null,
): void {
  sql(db, 'INSERT INTO payout_link_events (link_id, status, note, at) VALUES (?, ?, ?, ?)').run(
    linkId,
    status,
    note,
    at,
  );
}

export function linkEvents(db: Db, linkId: string): { status: string; note: string | null; at: string }[] {
  return sql<{ status: string; note: string | null; at: string }>(
    db,
    'SELECT status, note, at FROM payout_link_events WHERE link_id = ? ORDER BY seq',
  ).all(linkId);
}

/** One page of a tenant's rows of `table`, newest first, by keyset on (created_ms, seq). */
export function pageOf<Row extends { created_ms: number; seq: number }>(
  db: Db,
  table: 'payout_links' | 'payout_batches' | 'payout_requests',
  orgId: string,
  options: { limit: number; after?: Row | undefined; before?: Row | undefined; status?: string | undefined },
): { rows: Row[]; more: boolean } {
  const where = ['org_id = @orgId'];
  const params: Record<string, unknown> = { orgId, take: options.limit + 1 };
  if (options.status) {
    where.push('status = @status');
    params.status = options.status;
  }
  const cursor = options.after ?? options.before;
  if (cursor) {
    where.push(`(created_ms, seq) ${options.before ? '>' : '<'} (@cursorMs, @cursorSeq)`);
    params.cursorMs = cursor.created_ms;
    params.cursorSeq = cursor.seq;
  }
  const direction = options.before ? 'ASC' : 'DESC';
  const rows = sql<Row>(
    db,
    `SELECT * FROM ${table} WHERE ${where.join(' AND ')} ORDER BY created_ms ${direction}, seq ${direction} LIMIT @take`,
  ).all(params);
  return pageFrom(rows, options.limit, options.before !== undefined);
}

export interface PayoutBatchRow {
  seq: number;
  id: string;
  org_id: string;
  app_id: string;
  idempotency_key: string | null;
  status: string;
  metadata: string | null;
  item_count: number;
  created: string;
  created_ms: number;
}

export interface PayoutBatchItemRow {
  batch_id: string;
  position: number;
  user_id: string;
  idempotency_key: string;
  request: string;
  transfer_id: string | null;
  error_code: string | null;
  error_message: string | null;
  done: number;
}

export function insertPayoutBatch(
  db: Db,
  batch: Omit<PayoutBatchRow, 'seq'>,
  items: Omit<PayoutBatchItemRow, 'batch_id'>[],
): void {
  sql(
    db,
    `INSERT INTO payout_batches (id, org_id, app_id, idempotency_key, status, metadata, item_count, created, created_ms)
     VALUES (@id, @org_id, @app_id, @idempotency_key, @status, @metadata, @item_count, @created, @created_ms)`,
  ).run(batch);
  const insert = sql(
    db,
    `INSERT INTO payout_batch_items (batch_id, position, user_id, idempotency_key, request, transfer_id, error_code,
       error_message, done)
     VALUES (@batch_id, @position, @user_id, @idempotency_key, @request, @transfer_id, @error_code, @error_message, @done)`,
  );
  for (const item of items) insert.run({ ...item, batch_id: batch.id });
}

export function findPayoutBatch(db: Db, orgId: string, id: string): PayoutBatchRow | undefined {
  return sql<PayoutBatchRow>(db, 'SELECT * FROM payout_batches WHERE id = ? AND org_id = ?').get(id, orgId);
}

export function findPayoutBatchByKey(db: Db, orgId: string, key: string): PayoutBatchRow | undefined {
  return sql<PayoutBatchRow>(db, 'SELECT * FROM payout_batches WHERE org_id = ? AND idempotency_key = ?').get(
    orgId,
    key,
  );
}

export function batchItems(db: Db, batchId: string): PayoutBatchItemRow[] {
  return sql<PayoutBatchItemRow>(
    db,
    'SELECT * FROM payout_batch_items WHERE batch_id = ? ORDER BY position',
  ).all(batchId);
}

/** How many of a batch's items there are, how many are answered, and how many of those were paid. */
export function batchProgress(db: Db, batchId: string): { total: number; done: number; paid: number } {
  const row = sql<{ total: number; done: number | null; paid: number | null }>(
    db,
    `SELECT count(*) AS total, sum(done) AS done, sum(transfer_id IS NOT NULL) AS paid
     FROM payout_batch_items WHERE batch_id = ?`,
  ).get(batchId);
  return { total: Number(row?.total ?? 0), done: Number(row?.done ?? 0), paid: Number(row?.paid ?? 0) };
}

export function pendingBatchItems(db: Db, batchId: string, limit: number): PayoutBatchItemRow[] {
  return sql<PayoutBatchItemRow>(
    db,
    'SELECT * FROM payout_batch_items WHERE batch_id = ? AND done = 0 ORDER BY position LIMIT ?',
  ).all(batchId, limit);
}

export function finishBatchItem(
  db: Db,
  batchId: string,
  position: number,
  result: { transfer_id: string | null; error_code: string | null; error_message: string | null },
): void {
  sql(
    db,
    `UPDATE payout_batch_items SET done = 1, transfer_id = @transfer_id, error_code = @error_code,
       error_message = @error_message WHERE batch_id = @batch_id AND position = @position`,
  ).run({ ...result, batch_id: batchId, position });
}

export function setBatchStatus(db: Db, id: string, status: string): void {
  sql(db, 'UPDATE payout_batches SET status = ? WHERE id = ?').run(status, id);
}

/** Batches a server that stopped left unfinished: picked up again at start. */
export function unfinishedBatches(db: Db): PayoutBatchRow[] {
  return sql<PayoutBatchRow>(db, "SELECT * FROM payout_batches WHERE status <> 'completed'").all();
}

export interface PayoutRequestRow {
  seq: number;
  id: string;
  org_id: string;
  user_id: string | null;
  payee: string | null;
  amount: number;
  status: string;
  memo: string | null;
  metadata: string | null;
  payout_link_id: string | null;
  created: string;
  created_ms: number;
}

export function insertPayoutRequest(db: Db, row: Omit<PayoutRequestRow, 'seq'>): void {
  sql(
    db,
    `INSERT INTO payout_requests (id, org_id, user_id, payee, amount, status, memo, metadata, payout_link_id, created,
       created_ms)
     VALUES (@id, @org_id, @user_id, @payee, @amount, @status, @memo, @metadata, @payout_link_id, @created, @created_ms)`,
  ).run(row);
}

export function findPayoutRequest(db: Db, orgId: string, id: string): PayoutRequestRow | undefined {
  return sql<PayoutRequestRow>(db, 'SELECT * FROM payout_requests WHERE id = ? AND org_id = ?').get(
    id,
    orgId,
  );
}

export function findPayoutRequestAnyTenant(db: Db, id: string): PayoutRequestRow | undefined {
  return sql<PayoutRequestRow>(db, 'SELECT * FROM payout_requests WHERE id = ?').get(id);
}

export function decidePayoutRequest(
  db: Db,
  id: string,
  status: 'approved' | 'rejected',
  linkId: string | null,
): void {
  sql(db, 'UPDATE payout_requests SET status = ?, payout_link_id = ? WHERE id = ?').run(status, linkId, id);
}
