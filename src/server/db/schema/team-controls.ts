import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The console's tables for the team's controls that are not tables of a group of their own: none now. (The keys of
 * approval requests' bodies are read from the sealed requests themselves: approval-requests.ts `openRequestWithKey`.)
 */
// biome-ignore lint/complexity/noBannedTypes: a group of tables that may grow again, extended by ConsoleTables.
export type ControlsTables = {};

/** The list of keys beside the requests, as it was from migration 0014e until 0016s dropped it. */
interface RequestKeyRow {
  org_id: string;
  idempotency_key: string;
  request_id: string;
}

/**
 * The idempotency keys a body is sent with, or a request's bodies are, as their JSON keeps them: a money body's own, a
 * batch's items' (the batch's own key names the batch, not a payment), and a request's payment, payout, file rows,
 * payouts or wallet moves.
 */
export function idempotencyKeysOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const bodies: unknown[] = [Array.isArray(record.items) ? undefined : record, record.payment, record.payout];
  for (const list of [record.rows, record.payouts, record.moves, record.items])
    if (Array.isArray(list)) bodies.push(...list);
  return bodies.flatMap((each) => {
    const key = (each as { idempotency_key?: unknown } | undefined)?.idempotency_key;
    return typeof key === 'string' && key !== '' ? [key] : [];
  });
}

export const requestKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('approval_request_keys')
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text', (c) => c.notNull().references('approval_requests.id'))
      .addPrimaryKeyConstraint('approval_request_keys_pk', ['org_id', 'idempotency_key', 'request_id'])
      .execute();
    // The requests that may still be paid have their keys written down now; those that ended need none.
    const typed = db as unknown as Kysely<{
      approval_requests: { id: string; org_id: string; body: string; status: string };
      approval_request_keys: RequestKeyRow;
    }>;
    const open = await typed
      .selectFrom('approval_requests')
      .select(['id', 'org_id', 'body'])
      .where('status', 'in', ['pending', 'approved', 'executing'])
      .execute();
    for (const request of open) {
      const keys = [...new Set(idempotencyKeysOf(JSON.parse(request.body)))];
      if (keys.length === 0) continue;
      await typed
        .insertInto('approval_request_keys')
        .values(keys.map((key) => ({ org_id: request.org_id, idempotency_key: key, request_id: request.id })))
        .execute();
    }
  },
};

/**
 * The requests of payees and of accounts payable carry a seal as the team's requests do (db/seals.ts). Rows written
 * before are sealed once, as they are, at the first start with these seals (audit/first-seal.ts, its second line).
 */
export const requestSealsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['payee_requests', 'ap_bill_approvals', 'ap_method_changes']) {
      await db.schema.alterTable(table).addColumn('seal', 'text').execute();
    }
  },
};

/**
 * The list of keys beside the requests is dropped: a row of it deleted in the database freed a waiting request's key
 * for a direct payment. The gate reads the keys from the sealed requests' bodies instead.
 */
export const requestKeysDroppedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('approval_request_keys').execute();
  },
};

/**
 * A request's end is sealed (`end_seal`, db/seals.ts `endSeal`): a status set to ended in the database, with no seal
 * of that end, leaves the request's keys held. Requests that ended before are sealed once, as they are, at the first
 * start with these seals (audit/first-seal.ts, its fifth line).
 */
export const requestEndSealsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('approval_requests').addColumn('end_seal', 'text').execute();
    // The gate reads the requests with no end sealed (db/repositories/team/approval-requests.ts) through this index
    // alone.
    await db.schema
      .createIndex('approval_requests_unended')
      .on('approval_requests')
      .column('org_id')
      .where(sql.ref('end_seal'), 'is', null)
      .execute();
  },
};
