import type { Db } from './db';
import { sql } from './prepare';
import { bodyCacheOf, keepStoredAnswer } from './transfer-body-cache';
import type { StatusHistoryRow, TransactionRow, TransferRow } from './transfers';

/**
 * A transfer as the API shows it (routes/transfer-schemas.ts), composed by SQLite's JSON functions for the row `t`:
 * the transfer, its transactions and its status history in one statement, as one string that goes out as the body.
 * Reading the same through row objects cost about 5 µs a row in better-sqlite3 plus JSON.stringify: this is
 * what keeps a read of one transfer, and a page of 100, cheap (bench/REPORT.md).
 */
export const TRANSFER_JSON = `json_object(
  'id', t.id,
  'created', t.created,
  'user_id', t.user_id,
  'customer_id', t.customer_id,
  'status', t.status,
  'type', t.type,
  'amount', t.amount,
  'external_data', json_object('account_id', t.account_id, 'external_id', t.external_id, 'platform', t.platform),
  'transactions', json((SELECT json_group_array(json_object(
      'id', x.id,
      'amount', x.amount,
      'created', x.created,
      'source_name', x.source_name,
      'destination_name', x.destination_name,
      'type', x.type,
      'metadata', json(x.metadata),
      'transfer_id', x.transfer_id) ORDER BY x.id)
    FROM transactions x WHERE x.transfer_id = t.id)),
  'payout_link_id', NULL,
  'metadata', json(t.metadata),
  'status_history', json((SELECT json_group_array(json_object('status', h.status, 'at', h.at) ORDER BY h.seq)
    FROM transfer_status_history h WHERE h.transfer_id = t.id)),
  'failure_reason', CASE WHEN t.failure_code IS NULL THEN NULL
    ELSE json_object('code', t.failure_code, 'message', COALESCE(t.failure_message, '')) END
)`;

/**
 * The stored JSON of the row `t` (migrations.ts: written with the transfer, emptied by any change to it), composed
 * when empty: never stale, and a transfer written before the column existed reads the same.
 */
export const STORED_TRANSFER_JSON = `COALESCE(t.body, ${TRANSFER_JSON})`;

// Built once: a template literal in the function would build and hash a new 1.5 KB key on every read. The second
// column says whether the text was stored (only a stored one may be cached: transfer-body-cache.ts).
const ONE_OF_TENANT = `SELECT ${STORED_TRANSFER_JSON}, t.body IS NOT NULL FROM transfers t WHERE t.id = ? AND t.org_id = ?`;
const ONE_OF_ANY_TENANT = `SELECT ${STORED_TRANSFER_JSON} FROM transfers t WHERE t.id = ?`;
const STORE = `UPDATE transfers AS t SET body = ${TRANSFER_JSON} WHERE t.id = ? RETURNING body`;

/**
 * One transfer of the organization as its JSON text, or undefined (unknown, or another tenant's): from the
 * connection's cache when it holds it, else from the store.
 */
export function transferJson(db: Db, orgId: string, id: string): string | undefined {
  const cached = bodyCacheOf(db)?.get(id);
  // Ids are unique across tenants: another tenant's transfer is as unknown here as in the store's WHERE.
  if (cached !== undefined) return cached.orgId === orgId ? cached.json : undefined;
  const row = sql<[string, 0 | 1]>(db, ONE_OF_TENANT).raw().get(id, orgId);
  if (row === undefined) return undefined;
  const [json, stored] = row;
  if (stored === 1) keepStoredAnswer(db, id, { orgId, json });
  return json;
}

/** The same for any tenant (sandbox helpers, which take no credentials). */
export function transferJsonAnyTenant(db: Db, id: string): string | undefined {
  return sql<string>(db, ONE_OF_ANY_TENANT).pluck().get(id);
}

/**
 * Composes the transfer's JSON and stores it with the row; returns it. Writers call it last in the transaction that
 * changed the transfer, so that reads find it ready.
 */
export function storeTransferJson(db: Db, id: string): string {
  const json = sql<string>(db, STORE).pluck().get(id);
  if (json === undefined) throw new Error(`No transfer ${id} to store the JSON of`);
  return json;
}

/** Stored JSON text as a value: null stays null. */
const parsedJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/**
 * The same text as `TRANSFER_JSON`, composed from rows the caller has in hand: a writer that has just inserted the
 * transfer and all it is made of need not have SQLite read them back (the composition was about a tenth of a
 * payment's store time). Key order and formatting match SQLite's (transfer-json.test.ts holds them equal).
 */
export function composeTransferJson(
  t: TransferRow,
  transactions: readonly TransactionRow[],
  history: readonly Pick<StatusHistoryRow, 'status' | 'at'>[],
): string {
  return JSON.stringify({
    id: t.id,
    created: t.created,
    user_id: t.user_id,
    customer_id: t.customer_id,
    status: t.status,
    type: t.type,
    amount: t.amount,
    external_data: { account_id: t.account_id, external_id: t.external_id, platform: t.platform },
    transactions: transactions.map((x) => ({
      id: x.id,
      amount: x.amount,
      created: x.created,
      source_name: x.source_name,
      destination_name: x.destination_name,
      type: x.type,
      metadata: parsedJson(x.metadata),
      transfer_id: x.transfer_id,
    })),
    payout_link_id: null,
    metadata: parsedJson(t.metadata),
    status_history: history.map((h) => ({ status: h.status, at: h.at })),
    failure_reason:
      t.failure_code === null ? null : { code: t.failure_code, message: t.failure_message ?? '' },
  });
}

/** Stores a composed JSON with the transfer of that seq (see composeTransferJson). */
export function storeComposedTransferJson(db: Db, seq: number, json: string): void {
  sql(db, 'UPDATE transfers SET body = ? WHERE seq = ?').run(json, seq);
}
