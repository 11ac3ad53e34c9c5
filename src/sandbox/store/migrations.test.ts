import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { paymentRequestSchema } from '../../lib/requests/payments';
import { canonicalHash, createPayment } from '../domain/payments';
import { type Db, migrate } from './db';
import { pageOfCustomers, pageOfUsers } from './directory';
import { eventMigrations } from './event-migrations';
import { GroupCommit } from './group-commit';
import { sumsByWallet } from './ledger';
import { migrations } from './migrations';
import { listStoredAccounts } from './tenants';
import { transferJson } from './transfers';

const REBUILT = ['bank_accounts', 'addresses', 'transfers', 'transfer_status_history', 'transactions'];

const PAYMENT = {
  amount: 1234,
  platform: 'ach',
  ach_info: { account_number: '123456789', routing_number: '021000021' },
  metadata: { order: 'A-1' },
};

/**
 * A store as a sandbox of the given migration (2 to 4) left it, written by that schema's own SQL: an organization,
 * an app, a user with a stored account and an address, a customer, and a payment that went pending, with its
 * history, transaction and idempotency key.
 */
async function storeAtVersion(version: number) {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  for (const migration of migrations.slice(0, version)) db.exec(migration as string);
  db.pragma(`user_version = ${version}`);
  const [orgId, appId, userId, customerId, accountId, oneOffId, transferId] = Array.from(
    { length: 7 },
    () => randomUUID() as string,
  ) as [string, string, string, string, string, string, string];
  const now = Date.now();
  const at = new Date(now).toISOString();
  db.exec(`
    INSERT INTO organizations VALUES ('${orgId}', 'Old Org', '${randomUUID()}', x'00', NULL, 0, '${at}');
    INSERT INTO apps (id, org_id, name, compliance, balance, created) VALUES ('${appId}', '${orgId}', 'Old App', NULL, 0, '${at}');
    INSERT INTO users (id, org_id, first_name, last_name, email, status, created)
      VALUES ('${userId}', '${orgId}', 'Ada', 'Lovelace', 'ada@example.com', 'verified', '${at}');
    INSERT INTO customers (id, org_id, first_name, last_name, email, created)
      VALUES ('${customerId}', '${orgId}', 'Alan', 'Turing', 'alan@example.com', '${at}');
    INSERT INTO bank_accounts (id, org_id, user_id, stored, last4, routing_number, account_type, created)
      VALUES ('${accountId}', '${orgId}', '${userId}', 1, '4321', '021000021', 'checking', '${at}'),
             ('${oneOffId}', '${orgId}', '${userId}', 0, '6789', '021000021', 'checking', '${at}');
    INSERT INTO addresses (id, user_id, line_1, city, state, postcode, country, created, created_ms)
      VALUES ('${randomUUID()}', '${userId}', '1 Main St', 'Springfield', 'IL', '62701', 'US', '${at}', ${now});
    INSERT INTO transfers (id, org_id, app_id, user_id, status, type, amount, account_id, external_id, platform,
        metadata, created, created_ms, status_changed_ms)
      VALUES ('${transferId}', '${orgId}', '${appId}', '${userId}', 'pending', 'payment', 1234, '${oneOffId}', 'ach_1',
        'ach', '{"order":"A-1"}', '${at}', ${now}, ${now});
    INSERT INTO transfer_status_history (transfer_id, status, at)
      VALUES ('${transferId}', 'created', '${at}'), ('${transferId}', 'pending', '${at}');
    INSERT INTO transactions (transfer_id, type, amount, source_name, destination_name, metadata, created)
      VALUES ('${transferId}', 'payment', 1234, 'Ada Lovelace', 'Old App', '{"order":"A-1"}', '${at}');
  `);
  const tenant = { orgId, clientId: 'old-client' };
  const first = paymentRequestSchema.parse({ ...PAYMENT, user_id: userId, idempotency_key: 'first' });
  db.prepare('INSERT INTO idempotency_keys VALUES (?, ?, ?, ?, ?)').run(
    orgId,
    'first',
    canonicalHash(first),
    transferId,
    now,
  );
  const pay = (key: string) =>
    createPayment(
      {
        db,
        tenant,
        appId: undefined,
        nowMs: Date.now(),
        idempotencyTtlMs: 60_000,
        writes: new GroupCommit(db),
      },
      paymentRequestSchema.parse({ ...PAYMENT, user_id: userId, idempotency_key: key }),
    );
  return { db, tenant, transferId, userId, customerId, pay };
}

const columnsOf = (db: Db, table: string) =>
  (db.pragma(`table_info(${table})`) as { name: string }[])
    .map((column) => column.name)
    .filter((name) => name !== 'body');

/**
 * Every row of the rebuilt tables, but the stored answers of transfers, which migration 5 drops; with `like`, only
 * the columns that database had (later migrations add columns of their own).
 */
const everyRow = (db: Db, like: Db = db) =>
  Object.fromEntries(
    REBUILT.map((table) => {
      const columns = columnsOf(like, table);
      return [
        table,
        db
          .prepare(`SELECT ${columns.join(', ')} FROM ${table}`)
          .raw()
          .all(),
      ];
    }),
  );

describe('rebuilding the written tables without AUTOINCREMENT', () => {
  it('keeps every row, seq and answer of an existing store, and new rows follow the old ones', async () => {
    const old = await storeAtVersion(2);
    const before = everyRow(old.db);
    const snapshot = new Database(':memory:');
    for (const table of REBUILT) {
      snapshot.exec(`CREATE TABLE ${table} (${columnsOf(old.db, table).join(', ')})`);
    }

    migrate(old.db);

    expect(old.db.pragma('user_version', { simple: true })).toBe(migrations.length);
    const after = everyRow(old.db, snapshot);
    // Its payment still on its way gets a line in the app's wallet (a later migration): the rows before are kept.
    expect({ ...after, transactions: after.transactions?.slice(0, before.transactions?.length) }).toEqual(
      before,
    );
    expect(after.transactions).toHaveLength((before.transactions?.length ?? 0) + 1);
    expect(JSON.parse(transferJson(old.db, old.tenant.orgId, old.transferId) ?? '{}')).toMatchObject({
      id: old.transferId,
      status: 'pending',
    });
    expect(old.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const schema = old.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
      sql: string;
    }[];
    for (const table of REBUILT) {
      expect(schema.find((row) => row.name === table)?.sql).not.toMatch(/AUTOINCREMENT/);
    }
    const seqs = () => old.db.prepare('SELECT seq FROM transfers ORDER BY seq').pluck().all() as number[];
    const [lastBefore] = seqs().slice(-1);
    const second = JSON.parse((await old.pay('second')).json) as { id: string };
    expect(seqs().slice(-1)[0]).toBe((lastBefore as number) + 1);
    expect(second.id).not.toBe(old.transferId);
  });

  it('rolls back a migration that would leave a dangling reference', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    for (const migration of migrations.slice(0, 2)) db.exec(migration as string);
    db.pragma('user_version = 2');
    db.pragma('foreign_keys = OFF');
    db.prepare(
      "INSERT INTO transfer_status_history (transfer_id, status, at) VALUES ('no-such-transfer', 'created', 'x')",
    ).run();
    db.pragma('foreign_keys = ON');
    expect(() => migrate(db)).toThrow(/Migration 3 leaves 1 dangling reference/);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'transfers'").pluck().get()).toMatch(
      /AUTOINCREMENT/,
    );
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});

describe('two fewer B-trees for a payment to write (migration 4)', () => {
  it('keeps every idempotency key, in a table that is its primary key alone, and a replay still answers', async () => {
    const old = await storeAtVersion(3);
    const keys = () => old.db.prepare('SELECT * FROM idempotency_keys ORDER BY org_id, key').raw().all();
    const before = keys();
    expect(before).toHaveLength(1);

    migrate(old.db);

    expect(keys()).toEqual(before);
    expect(
      old.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'idempotency_keys'").pluck().get(),
    ).toMatch(/WITHOUT ROWID/);
    const replay = await old.pay('first');
    expect(replay.replayed).toBe(true);
    expect(JSON.parse(replay.json)).toMatchObject({ id: old.transferId });
  });

  it('lists a user’s stored accounts, as before, from an index that leaves out one-off accounts', async () => {
    const old = await storeAtVersion(3);
    const userId = old.db
      .prepare('SELECT user_id FROM transfers WHERE id = ?')
      .pluck()
      .get(old.transferId) as string;
    const listBefore = listStoredAccounts(old.db, userId);
    expect(listBefore.length).toBeGreaterThan(0);
    expect(old.db.prepare('SELECT count(*) FROM bank_accounts WHERE stored = 0').pluck().get()).toBe(1);

    migrate(old.db);

    const plan = old.db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM bank_accounts WHERE user_id = ? AND stored = 1 ORDER BY seq')
      .all(userId) as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toMatch(/USING INDEX stored_bank_accounts_by_user/);
    expect(plan.map((step) => step.detail).join('\n')).not.toMatch(/TEMP B-TREE/);
    expect(listStoredAccounts(old.db, userId)).toEqual(listBefore);
    const indexes = old.db.pragma('index_list(bank_accounts)') as { name: string; partial: number }[];
    expect(indexes.find((index) => index.name === 'stored_bank_accounts_by_user')?.partial).toBe(1);
    expect(indexes.map((index) => index.name)).not.toContain('bank_accounts_by_user');
  });
});

describe('a transfer read by one query (migration 5)', () => {
  it('drops the stored copies of answers and their triggers; every answer reads as before', async () => {
    const old = await storeAtVersion(4);
    // As the sandbox before it left them: a copy of the answer beside the rows.
    old.db.prepare('UPDATE transfers SET body = ?').run('{"a stored copy":true}');

    migrate(old.db);

    const columns = (old.db.pragma('table_info(transfers)') as { name: string }[]).map(
      (column) => column.name,
    );
    expect(columns).not.toContain('body');
    expect(
      old.db
        .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name NOT LIKE 'event_%'")
        .pluck()
        .get(),
    ).toBe(0);
    expect(JSON.parse(transferJson(old.db, old.tenant.orgId, old.transferId) ?? '{}')).toMatchObject({
      id: old.transferId,
      status: 'pending',
    });
    expect((await old.pay('first')).replayed).toBe(true);
  });
});

describe('directories and their search (migration 7)', () => {
  it('keeps every person, and finds the people already there by name, email or id', async () => {
    const old = await storeAtVersion(4);
    migrate(old.db);
    const users = (search: string) =>
      pageOfUsers(old.db, { orgId: old.tenant.orgId, search }, { limit: 10 }).rows.map((u) => u.id);
    expect(users('ada lov')).toEqual([old.userId]);
    expect(users('ADA@EX')).toEqual([old.userId]);
    expect(users(old.userId.toUpperCase())).toEqual([old.userId]);
    expect(users('turing')).toEqual([]);
    const customers = pageOfCustomers(
      old.db,
      { orgId: old.tenant.orgId, search: 'turing' },
      { limit: 10 },
    ).rows;
    expect(customers).toMatchObject([
      {
        id: old.customerId,
        first_name: 'Alan',
        last_name: 'Turing',
        business_name: null,
        phone_number: null,
      },
    ]);
  });
});

describe('payout link URLs by token (a migration run by code)', () => {
  it('gives each link made before a random token of its own, and its URL is the token, not the id', async () => {
    const old = await storeAtVersion(4);
    // Found by what it does: later migrations are appended after it.
    const tokenAt = migrations.findIndex(
      (m) => typeof m === 'function' && m.toString().includes('payout_links ADD COLUMN token'),
    );
    // The store as it was before tokens, with two payout links.
    for (let version = 4; version < tokenAt; version++) {
      const migration = migrations[version];
      if (typeof migration === 'function') migration(old.db);
      else old.db.exec(migration as string);
    }
    old.db.pragma(`user_version = ${tokenAt}`);
    const appId = old.db.prepare('SELECT id FROM apps').pluck().get() as string;
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) {
      old.db
        .prepare(
          `INSERT INTO payout_links (id, org_id, app_id, amount, status, delivery_method, deliveries, tax_exempt,
             funding_source, funds_held, created, created_ms, expires_ms)
           VALUES (?, ?, ?, 500, 'created', 'link', 0, 0, 'dots_balance', 1, 'x', 0, 0)`,
        )
        .run(id, old.tenant.orgId, appId);
    }

    migrate(old.db);

    const tokens = old.db.prepare('SELECT id, token FROM payout_links').all() as {
      id: string;
      token: string;
    }[];
    expect(tokens).toHaveLength(2);
    for (const { id, token } of tokens) {
      expect(token).toMatch(/^[\w-]{32}$/);
      expect(token).not.toContain(id.slice(0, 8));
    }
    expect(tokens[0]?.token).not.toBe(tokens[1]?.token);
  });
});

describe("payments on their way get their line (a payment's line is written with it)", () => {
  it("credits the app's wallet with each payment still on its way, once, and the caches with the lines", async () => {
    const old = await storeAtVersion(4);
    // The payments' migration: the last before the events' ones.
    const before = migrations.length - 1 - eventMigrations.length;
    for (let version = 4; version < before; version++) {
      const migration = migrations[version];
      if (typeof migration === 'function') migration(old.db);
      else old.db.exec(migration as string);
    }
    old.db.pragma(`user_version = ${before}`);
    const appId = old.db.prepare('SELECT id FROM apps').pluck().get() as string;
    const cached = () => old.db.prepare('SELECT balance FROM apps WHERE id = ?').pluck().get(appId) as number;
    const opening = cached();
    // Its line from before the ledger is outside every wallet: the pending payment has none in the app's.
    const walleted = `SELECT count(*) FROM transactions WHERE transfer_id = ? AND wallet_id IS NOT NULL`;
    expect(old.db.prepare(walleted).pluck().get(old.transferId)).toBe(0);

    migrate(old.db);

    const line = old.db
      .prepare(
        'SELECT amount, wallet_kind, wallet_id, source_name, destination_name FROM transactions WHERE transfer_id = ? AND wallet_id IS NOT NULL',
      )
      .all(old.transferId);
    expect(line).toEqual([
      {
        amount: 1234,
        wallet_kind: 'app',
        wallet_id: appId,
        source_name: 'Ada Lovelace',
        destination_name: 'Old App',
      },
    ]);
    expect(cached()).toBe(opening + 1234);
    expect(sumsByWallet(old.db).find((row) => row.id === appId)?.sum).toBe(cached());
    const organization = old.db
      .prepare('SELECT balance FROM organizations WHERE id = ?')
      .pluck()
      .get(old.tenant.orgId);
    expect(organization).toBe(cached());
  });
});
