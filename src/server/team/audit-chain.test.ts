import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir';
import { type AuditEntry, appendAudit, legacyRowHash, rowHash, sealAuditChain, verifyAudit } from './audit';
import { type AuditKey, auditKeyFrom } from './audit-key';
import type { ConsoleDb } from './database';
import { testAuditKey } from './test/console';
import { BACKENDS } from './test/databases';

const entry = (action: string): AuditEntry => ({
  orgId: null,
  memberId: null,
  email: 'ana@example.com',
  role: 'finance',
  action,
  targets: ['8a1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11'],
  outcome: 'ok',
  status: 201,
  requestId: 'req_1',
  clientAddress: '127.0.0.1',
  amountCents: 2500,
});

/**
 * What someone who can write the database does to hide a row: edit it, then make every later row's hash and link
 * agree again with `hash`, and move the head to the new last hash.
 */
async function rewrite(
  db: ConsoleDb,
  seq: number,
  hash: (row: Parameters<typeof legacyRowHash>[0]) => string,
) {
  await db
    .updateTable('audit_events')
    .set({ email: 'nobody@example.com', amount_cents: 1 })
    .where('seq', '=', seq)
    .execute();
  const rows = await db.selectFrom('audit_events').selectAll().orderBy('seq').execute();
  let previous = '0'.repeat(64);
  for (const raw of rows) {
    const row = {
      ...raw,
      seq: Number(raw.seq),
      status: Number(raw.status),
      amount_cents: raw.amount_cents === null ? null : Number(raw.amount_cents),
    };
    const { hash: _old, ...rest } = row;
    const next = hash({ ...rest, prev_hash: previous });
    await db
      .updateTable('audit_events')
      .set({ prev_hash: previous, hash: next })
      .where('seq', '=', row.seq)
      .execute();
    previous = next;
  }
  await db.updateTable('audit_head').set({ hash: previous }).where('id', '=', 1).execute();
}

/** `npm run audit:verify` as an operator runs it. */
function verifyCommand(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/team/audit-verify.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '', AUDIT_KEY: '', ...env },
    encoding: 'utf8',
  });
}

describe.each(BACKENDS)('the audit trail on $name, against someone who can write the database', (backend) => {
  const key = testAuditKey();
  async function trail(rows = 12) {
    const database = await backend.open();
    await sealAuditChain(database.db, key);
    for (let i = 0; i < rows; i++)
      await appendAudit(database.db, key, entry(i % 2 ? 'payment.create' : 'sign-in'));
    return database;
  }

  it('holds when untouched, and says where its head is', async () => {
    const database = await trail();
    const verified = await verifyAudit(database.db, key);
    expect(verified).toMatchObject({ ok: true, rows: 12, head: { seq: 12 } });
    await database.close();
  });

  it('fails when a row was edited and every later hash recomputed with plain SHA-256', async () => {
    const database = await trail();
    await rewrite(database.db, 5, legacyRowHash);
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: false, brokenAt: 1 });
    await database.close();
  });

  it('fails when they were recomputed with a key that is not the trail’s', async () => {
    const database = await trail();
    const theirs = testAuditKey(true);
    await rewrite(database.db, 5, (row) => rowHash(row, theirs));
    expect(await verifyAudit(database.db, key)).toMatchObject({
      ok: false,
      brokenAt: 1,
      why: expect.stringContaining('another key'),
    });
    await database.close();
  });

  it('fails on a cut tail when given the head noted before', async () => {
    const database = await trail();
    const noted = await verifyAudit(database.db, key);
    if (!noted.ok) throw new Error('the trail should hold');
    // Whole rows cut from the end, and the head moved back: the chain that is left is sound by itself.
    await database.db.deleteFrom('audit_events').where('seq', '>', 9).execute();
    const kept = await database.db
      .selectFrom('audit_events')
      .select('hash')
      .where('seq', '=', 9)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('audit_head')
      .set({ seq: 9, hash: kept.hash })
      .where('id', '=', 1)
      .execute();
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: true, rows: 9 });
    expect(await verifyAudit(database.db, key, { expect: noted.head })).toMatchObject({
      ok: false,
      why: expect.stringContaining('its tail was cut'),
    });
    await database.close();
  });

  it('seals a trail written before keys once it checks out, and then refuses another key', async () => {
    const database = await backend.open();
    // Rows as the console wrote them before keys: plain SHA-256.
    let previous = '0'.repeat(64);
    for (let seq = 1; seq <= 3; seq++) {
      const row = {
        seq,
        at: new Date().toISOString(),
        org_id: null,
        member_id: null,
        email: 'old@example.com',
        role: 'admin',
        action: 'sign-in',
        targets: '',
        outcome: 'ok',
        status: 201,
        request_id: null,
        client_address: null,
        detail: null,
        amount_cents: null,
        prev_hash: previous,
      };
      const hash = legacyRowHash(row);
      await database.db
        .insertInto('audit_events')
        .values({ ...row, hash })
        .execute();
      previous = hash;
    }
    await database.db.updateTable('audit_head').set({ seq: 3, hash: previous }).where('id', '=', 1).execute();
    await sealAuditChain(database.db, key);
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: true, rows: 3 });
    await appendAudit(database.db, key, entry('sign-out'));
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: true, rows: 4 });
    await expect(sealAuditChain(database.db, testAuditKey(true))).rejects.toThrow(
      /not the one this audit trail was written with/,
    );
    await database.close();
  });

  it('audit:verify prints the head, and --expect fails once the tail is cut', async () => {
    const dir = tempDir('audit-verify-');
    let env: Record<string, string>;
    let database: Awaited<ReturnType<typeof backend.open>>;
    let auditKey: AuditKey;
    if (backend.name === 'sqlite') {
      const file = join(dir, 'console.db');
      env = { CONSOLE_DB: file };
      auditKey = auditKeyFrom({}, { file });
      const { openConsoleDatabase } = await import('./database');
      database = await openConsoleDatabase({ file });
    } else {
      database = await backend.open();
      const secret = 'a shared audit key of more than thirty-two characters';
      env = { DATABASE_URL: database.url ?? '', AUDIT_KEY: secret };
      auditKey = auditKeyFrom({ AUDIT_KEY: secret }, { url: database.url });
    }
    await sealAuditChain(database.db, auditKey);
    for (let i = 0; i < 5; i++) await appendAudit(database.db, auditKey, entry('payment.create'));
    const good = verifyCommand(env);
    expect(good.status).toBe(0);
    const head = /Head: (\d+:[0-9a-f]{64})/.exec(good.stdout)?.[1] ?? '';
    expect(head.startsWith('5:')).toBe(true);
    await database.db.deleteFrom('audit_events').where('seq', '=', 5).execute();
    const kept = await database.db
      .selectFrom('audit_events')
      .select('hash')
      .where('seq', '=', 4)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('audit_head')
      .set({ seq: 4, hash: kept.hash })
      .where('id', '=', 1)
      .execute();
    const cut = verifyCommand(env, '--expect', head);
    expect(cut.status).toBe(1);
    expect(cut.stderr).toContain('its tail was cut');
    await database.close();
  });
});

describe('the audit key', () => {
  it('is made once beside a SQLite database, never inside it, and required with a shared PostgreSQL', () => {
    const dir = tempDir('audit-key-');
    const file = join(dir, 'console.db');
    const made = auditKeyFrom({}, { file });
    expect(made.source).toBe(`${file}.audit-key`);
    expect(auditKeyFrom({}, { file }).secret.equals(made.secret)).toBe(true);
    expect(() => auditKeyFrom({}, { url: 'postgres://db/console' })).toThrow(/set AUDIT_KEY/);
    expect(auditKeyFrom({ AUDIT_KEY: 'x'.repeat(40) }, { url: 'postgres://db/console' }).source).toBe(
      'AUDIT_KEY',
    );
    expect(() => auditKeyFrom({ AUDIT_KEY: 'short' }, { file })).toThrow(/at least 32/);
  });
});
