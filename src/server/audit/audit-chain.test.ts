import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testAuditKey } from '../test/console';
import { BACKENDS } from '../test/databases';
import { rewriteTrail, trailCommand } from '../test/forge';
import { tempDir } from '../test/temp-dir';
import {
  type AuditEntry,
  adoptAuditKey,
  appendAudit,
  legacyRowHash,
  resealAuditChain,
  rowHash,
  verifyAudit,
} from './chain';
import { AuditHeadFile, auditHeadFileFrom, formatHead } from './head-file';
import { checkAuditTrail } from './health';
import { type AuditKey, auditKeyFrom } from './key';

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

/** `npm run audit:verify` as an operator runs it. */
const verifyCommand = (env: Record<string, string>, ...args: string[]) =>
  trailCommand('verify', env, ...args);

describe.each(BACKENDS)('the audit trail on $name, against someone who can write the database', (backend) => {
  const key = testAuditKey();
  async function trail(rows = 12) {
    const database = await backend.open();
    await adoptAuditKey(database.db, key);
    for (let i = 0; i < rows; i++)
      await appendAudit(database.db, key, entry(i % 2 ? 'payment.create' : 'sign-in'));
    return database;
  }

  /** Whole rows cut from the trail's end and its head moved back to the last row kept: the chain left holds by itself. */
  async function cutTail(database: Awaited<ReturnType<typeof trail>>, keep: number) {
    await database.db.deleteFrom('audit_events').where('seq', '>', keep).execute();
    const kept = await database.db
      .selectFrom('audit_events')
      .select('hash')
      .where('seq', '=', keep)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('audit_head')
      .set({ seq: keep, hash: kept.hash })
      .where('id', '=', 1)
      .execute();
  }

  it('holds when untouched, and says where its head is', async () => {
    const database = await trail();
    const verified = await verifyAudit(database.db, key);
    expect(verified).toMatchObject({ ok: true, rows: 12, head: { seq: 12 } });
    await database.close();
  });

  it('fails when a row was edited and every later hash recomputed with plain SHA-256', async () => {
    const database = await trail();
    await rewriteTrail(database.db, 5, legacyRowHash);
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: false, brokenAt: 1 });
    await database.close();
  });

  it('fails when they were recomputed with a key that is not the trail’s', async () => {
    const database = await trail();
    const theirs = testAuditKey(true);
    await rewriteTrail(database.db, 5, (row) => rowHash(row, theirs));
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
    await cutTail(database, 9);
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: true, rows: 9 });
    expect(await verifyAudit(database.db, key, { expect: noted.head })).toMatchObject({
      ok: false,
      why: expect.stringContaining('its tail was cut'),
    });
    await database.close();
  });

  it('leaves a trail written before keys as it is, says it does not verify, until an operator re-seals it', async () => {
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
    const keyCheck = async () =>
      (
        await database.db
          .selectFrom('audit_head')
          .select('key_check')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
      ).key_check;
    // A start: the key is not taken, nothing is sealed, and the check says why the trail fails.
    await adoptAuditKey(database.db, key);
    expect(await keyCheck()).toBeNull();
    expect(await checkAuditTrail(database.db, key, null)).toMatchObject({
      ok: false,
      brokenAt: 1,
      why: expect.stringContaining('old format without the key'),
    });
    expect(
      (
        await database.db
          .selectFrom('audit_events')
          .select('hash')
          .where('seq', '=', 3)
          .executeTakeFirstOrThrow()
      ).hash,
    ).toBe(previous);
    // The operator's re-seal: a line names the head it started from, and the trail verifies from then on.
    const resealed = await resealAuditChain(database.db, key);
    expect(resealed).toMatchObject({ from: { seq: 3, hash: previous }, brokenAt: 1, to: { seq: 4 } });
    const line = await database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('seq', '=', 4)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ action: 'audit.reseal', role: 'operator' });
    expect(line.detail).toContain(`from head 3:${previous}`);
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: true, rows: 4 });
    await appendAudit(database.db, key, entry('sign-out'));
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: true, rows: 5 });
    await expect(adoptAuditKey(database.db, testAuditKey(true))).rejects.toThrow(
      /not the one this audit trail was written with/,
    );
    await database.close();
  });

  it('keeps the head outside the database, and a start finds a tail cut with the head moved back', async () => {
    const database = await backend.open();
    const file = new AuditHeadFile(join(tempDir('audit-head-'), 'console.audit-head'));
    await adoptAuditKey(database.db, key);
    for (let i = 0; i < 6; i++) file.note(await appendAudit(database.db, key, entry('payment.create')));
    await file.flush();
    const noted = file.read();
    expect(noted?.seq).toBe(6);
    expect(await checkAuditTrail(database.db, key, file)).toMatchObject({ ok: true, rows: 6, noted });
    // Cut whole, with the head moved back: the chain left is sound by itself, but no longer reaches the head noted.
    await cutTail(database, 4);
    expect(await verifyAudit(database.db, key)).toMatchObject({ ok: true, rows: 4 });
    expect(await checkAuditTrail(database.db, key, file)).toMatchObject({
      ok: false,
      why: expect.stringContaining('its tail was cut'),
    });
    await database.close();
  });

  it('audit:verify prints the head, and fails once the tail is cut: by the head file, or the head given', async () => {
    const dir = tempDir('audit-verify-');
    let env: Record<string, string>;
    let database: Awaited<ReturnType<typeof backend.open>>;
    let auditKey: AuditKey;
    if (backend.name === 'sqlite') {
      const file = join(dir, 'console.db');
      env = { CONSOLE_DB: file };
      auditKey = auditKeyFrom({}, { file });
      const { openConsoleDatabase } = await import('../db/database');
      database = await openConsoleDatabase({ file });
    } else {
      database = await backend.open();
      const secret = 'a shared audit key of more than thirty-two characters';
      env = {
        DATABASE_URL: database.url ?? '',
        AUDIT_KEY: secret,
        AUDIT_HEAD_FILE: join(dir, 'console.audit-head'),
      };
      auditKey = auditKeyFrom({ AUDIT_KEY: secret }, { url: database.url });
    }
    await adoptAuditKey(database.db, auditKey);
    const headFile = new AuditHeadFile(
      auditHeadFileFrom(env, { url: env.DATABASE_URL, file: env.CONSOLE_DB }) ?? '',
    );
    const first = verifyCommand(env);
    expect(first.stdout).toContain(`No head noted in ${headFile.path} yet`);
    for (let i = 0; i < 5; i++)
      headFile.note(await appendAudit(database.db, auditKey, entry('payment.create')));
    await headFile.flush();
    const good = verifyCommand(env);
    expect(good.status).toBe(0);
    const head = /Head: (\d+:[0-9a-f]{64})/.exec(good.stdout)?.[1] ?? '';
    expect(head.startsWith('5:')).toBe(true);
    expect(good.stdout).toContain(`Head noted in the head file ${headFile.path}: ${head}`);
    await cutTail(database, 4);
    const cut = verifyCommand(env, '--expect', head);
    expect(cut.status).toBe(1);
    expect(cut.stderr).toContain('its tail was cut');
    // Without --expect, the head file the servers keep is the head it must reach.
    const byFile = verifyCommand(env);
    expect(byFile.status).toBe(1);
    expect(byFile.stderr).toContain('its tail was cut');
    await database.close();
    // Four commands, each a process of its own.
  }, 60_000);
});

describe('the head file', () => {
  it('holds the latest head noted, whole, and never goes back to an older one', async () => {
    const file = new AuditHeadFile(join(tempDir('head-file-'), 'deep', 'trail.audit-head'));
    expect(file.read()).toBeNull();
    const head = (seq: number) => ({ seq, hash: seq.toString(16).padStart(64, '0') });
    for (const seq of [1, 2, 3, 7, 5, 6]) file.note(head(seq));
    await file.flush();
    expect(file.read()).toEqual(head(7));
    file.note(head(4));
    await file.flush();
    expect(file.read()).toEqual(head(7));
    expect(formatHead(head(7))).toBe(`7:${'7'.padStart(64, '0')}`);
  });

  it('is beside the key file unless AUDIT_HEAD_FILE says where; none for a key given only in the environment', () => {
    expect(auditHeadFileFrom({}, { file: '.data/console.db' })).toBe('.data/console.db.audit-head');
    expect(auditHeadFileFrom({ AUDIT_KEY_FILE: '/etc/console/key' }, { url: 'postgres://db' })).toBe(
      '/etc/console/key.head',
    );
    expect(auditHeadFileFrom({ AUDIT_KEY: 'x'.repeat(40) }, { url: 'postgres://db' })).toBeNull();
    expect(
      auditHeadFileFrom(
        { AUDIT_KEY: 'x'.repeat(40), AUDIT_HEAD_FILE: '/var/lib/console/head' },
        { url: 'x' },
      ),
    ).toBe('/var/lib/console/head');
    expect(auditHeadFileFrom({}, { file: ':memory:' })).toBeNull();
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
    // The commands that read a trail never make a key: one made now could verify nothing.
    expect(() => auditKeyFrom({}, { file: join(dir, 'other.db') }, { create: false })).toThrow(
      /No audit key/,
    );
  });
});
