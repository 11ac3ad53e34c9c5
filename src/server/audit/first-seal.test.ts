import { afterAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/database';
import { holdHead } from '../db/repositories/team/audit-trail';
import { sealerOf } from '../db/seals';
import { ensureOrganization, insertMember } from '../members/members';
import { createTeam } from '../team';
import { testAuditKey } from '../test/console';
import { BACKENDS } from '../test/databases';
import { adoptAuditKey, appendAuditIn, consoleEntry } from './chain';
import { sealOnce } from './first-seal';
import { checkAuditTrail } from './health';

/**
 * A database sealed before payee requests had seals (its `integrity.seal` line written, its payee requests unsealed):
 * the next start seals those rows once, as they are, with a line of their own, and never again.
 */
describe.each(BACKENDS)('the second sealing on $name', (backend) => {
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const each of opened.reverse()) await each.close();
  });

  it('seals the requests written before their seals once, and leaves the first sealing as it was', async () => {
    const database = await backend.open();
    opened.push(database);
    const key = testAuditKey();
    await adoptAuditKey(database.db, key);
    const start = async () => {
      const team = createTeam({ database, mode: 'sandbox', auditKey: key });
      team.trail = await checkAuditTrail(database.db, key, null);
      team.auditWitness.adopt(team.trail.ok ? team.trail.head : team.trail.noted);
      return team;
    };
    const team = await start();
    // As a server before these seals: its first sealing's line, then a payee request written without a seal.
    await transaction(database.db, async (trx) => {
      await holdHead(trx);
      await appendAuditIn(
        trx,
        key,
        { ...consoleEntry('', 'integrity.seal', [], { status: 200 }), orgId: null, role: 'console' },
        new Date(),
        team.auditWitness,
      );
    });
    const org = await ensureOrganization(database.db, { clientId: 'c-1', name: 'O', sandboxApiKey: null });
    const maker = await insertMember(database.db, {
      orgId: org.id,
      email: 'maker@older.example',
      name: 'Maker',
      role: 'finance',
      password: 'a long enough password',
    });
    const now = new Date().toISOString();
    await database.db
      .insertInto('payee_requests')
      .values({
        id: 'older-request',
        org_id: org.id,
        proposer_id: maker.id,
        user_id: 'user-1',
        operation: 'set-default',
        body: '{"default_payout_method":"paypal"}',
        before_methods: '[]',
        after_method: 'PayPal',
        payee_name: 'Payee',
        ticket: null,
        status: 'pending',
        decided_by: null,
        reason: null,
        created_at: now,
        expires_at: now,
        decided_at: null,
        seal: null,
      })
      .execute();

    expect(await sealOnce(await start())).toEqual({ sealed: 1 });
    const row = await database.db
      .selectFrom('payee_requests')
      .selectAll()
      .where('id', '=', 'older-request')
      .executeTakeFirstOrThrow();
    expect(row.seal).toMatch(/^[0-9a-f]{64}$/);
    const lines = async (action: string) =>
      (await database.db.selectFrom('audit_events').select('seq').where('action', '=', action).execute())
        .length;
    expect(await lines('integrity.seal')).toBe(1);
    expect(await lines('integrity.seal.requests')).toBe(1);
    // A seal emptied later is not made again by another start.
    await database.db.updateTable('payee_requests').set({ seal: null }).execute();
    expect(await sealOnce(await start())).toBeNull();
    expect(await lines('integrity.seal.requests')).toBe(1);
  });

  it('seals the ends of approval requests that ended before their ends were sealed, once', async () => {
    const database = await backend.open();
    opened.push(database);
    const key = testAuditKey();
    await adoptAuditKey(database.db, key);
    const start = async () => {
      const team = createTeam({ database, mode: 'sandbox', auditKey: key });
      team.trail = await checkAuditTrail(database.db, key, null);
      team.auditWitness.adopt(team.trail.ok ? team.trail.head : team.trail.noted);
      return team;
    };
    await start();
    const org = await ensureOrganization(database.db, { clientId: 'c-2', name: 'O', sandboxApiKey: null });
    const maker = await insertMember(database.db, {
      orgId: org.id,
      email: 'maker@ended.example',
      name: 'Maker',
      role: 'finance',
      password: 'a long enough password',
    });
    const now = new Date().toISOString();
    const request = (id: string, status: string) => ({
      id,
      org_id: org.id,
      kind: 'payment',
      maker_id: maker.id,
      body: '{}',
      body_hash: 'h',
      file_sha256: null,
      amount_cents: 100,
      row_count: 1,
      policy_version: 1,
      approvals_needed: 1,
      status,
      result: null,
      warnings: null,
      created_at: now,
      expires_at: now,
      updated_at: now,
      executor_id: null,
      lease_until: null,
      excluded_approvers: null,
      origin: null,
    });
    await database.db
      .insertInto('approval_requests')
      .values([request('ended-before', 'rejected'), request('still-waiting', 'pending')])
      .execute();

    const team = await start();
    expect(await sealOnce(team)).not.toBeNull();
    const ends = await database.db
      .selectFrom('approval_requests')
      .select(['id', 'org_id', 'status', 'end_seal'])
      .orderBy('id')
      .execute();
    const sealer = sealerOf(database.db);
    expect(ends.map((row) => [row.id, sealer.endVerifies(row)])).toEqual([
      ['ended-before', true],
      ['still-waiting', false],
    ]);
    const lines = await database.db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'integrity.seal.ends')
      .execute();
    expect(lines.map((line) => line.detail)).toEqual([
      'Sealed the ends of 1 approval requests as they were, at the first start with their seals',
    ]);
    expect(await sealOnce(await start())).toBeNull();
  });
});
