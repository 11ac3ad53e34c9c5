import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AuditEntry, adoptAuditKey, appendAudit, verifyAudit } from '../../audit/chain';
import { AuditHeadFile, formatHead } from '../../audit/head-file';
import { checkAuditTrail } from '../../audit/health';
import { openConsoleDatabase } from '../../db/database';
import { Sealer } from '../../db/seals';
import { caller, teamConsole, testAuditKey } from '../../test/console';
import { tempDir } from '../../test/temp-dir';
import { ensureOrganization } from '../members';

/**
 * The lines of docs/security.md ("Who can write what") that no other test proves: what the key file adds to a
 * database writer (everything a seal protects), and what the head file gives to whoever writes it alone (nothing
 * hidden, only a loud false alarm) or with the database (a cut tail the file no longer shows, which a head noted
 * elsewhere still does). On SQLite: these are about who holds what, not about a database.
 */

const entry = (action: string): AuditEntry => ({
  orgId: null,
  memberId: null,
  email: 'ana@example.com',
  role: 'finance',
  action,
  targets: [],
  outcome: 'ok',
  status: 201,
  requestId: 'req_1',
  clientAddress: '127.0.0.1',
  amountCents: 2500,
});

describe('a database writer who holds the key file', async () => {
  const database = await openConsoleDatabase({ file: ':memory:' });
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it("makes a first admin's link that opens: the key, not the database, is what a seal rests on", async () => {
    // An organization that has no member yet (a first admin's link opens only while none exists).
    const clientId = `keyholder-${crypto.randomUUID().slice(0, 8)}`;
    const org = await ensureOrganization(database.db, { clientId, name: 'K', sandboxApiKey: null });
    const o = { tenant: { client_id: clientId } };
    const token = `sealed-with-the-key-${crypto.randomUUID()}`;
    const sealer = new Sealer(testAuditKey().secret);
    await database.db
      .insertInto('invitations')
      .values(
        sealer.sealed('invitations', {
          token_hash: createHash('sha256').update(token).digest('hex'),
          org_id: org.id,
          member_id: null,
          purpose: 'first-admin',
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          used_at: null,
          role: null,
          email: null,
          shown_to: null,
        }),
      )
      .execute();
    const used = await caller(server.app, '').post(`/api/team/invitations/${token}`, {
      password: 'the key holder password',
      email: `keyholder@${o.tenant.client_id}.example`,
      name: 'Key holder',
    });
    expect(used.status).toBe(200);
  });
});

describe('a writer of the head file', () => {
  const key = testAuditKey();
  async function trail(rows: number) {
    const database = await openConsoleDatabase({ file: ':memory:' });
    const file = new AuditHeadFile(join(tempDir('who-writes-'), 'console.audit-head'));
    await adoptAuditKey(database.db, key);
    for (let i = 0; i < rows; i++) file.note(await appendAudit(database.db, key, entry('payment.create')));
    await file.flush();
    return { database, file };
  }

  it('alone, changes no row and hides nothing: a head the chain does not pass through fails loudly', async () => {
    const { database, file } = await trail(6);
    writeFileSync(file.path, formatHead({ seq: 6, hash: 'f'.repeat(64) }));
    expect(await checkAuditTrail(database.db, key, file)).toMatchObject({ ok: false });
    // A head moved back in the file, the database untouched: the chain passes through it, and verifies whole.
    const third = await database.db
      .selectFrom('audit_events')
      .select('hash')
      .where('seq', '=', 3)
      .executeTakeFirstOrThrow();
    writeFileSync(file.path, formatHead({ seq: 3, hash: third.hash }));
    expect(await checkAuditTrail(database.db, key, file)).toMatchObject({ ok: true, rows: 6 });
    await database.close();
  });

  it('with the database, cuts a tail the file no longer shows; a head noted elsewhere still does', async () => {
    const { database, file } = await trail(6);
    const noted = file.read() ?? undefined;
    await database.db.deleteFrom('audit_events').where('seq', '>', 4).execute();
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
    writeFileSync(file.path, formatHead({ seq: 4, hash: kept.hash }));
    expect(await checkAuditTrail(database.db, key, file)).toMatchObject({ ok: true, rows: 4 });
    expect(await verifyAudit(database.db, key, { expect: noted })).toMatchObject({ ok: false });
    await database.close();
  });
});
