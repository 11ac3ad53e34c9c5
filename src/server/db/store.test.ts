import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, verifyAudit } from '../audit/chain';
import type { SignInPolicy } from '../identity/policy';
import { sessionMember, signIn } from '../identity/sign-in';
import { totpCode } from '../identity/totp';
import { endSessionsOf, ensureOrganization, insertMember } from '../members/members';
import { testAuditKey } from '../test/console';
import { BACKENDS } from '../test/databases';
import type { ConsoleDatabase } from './database';
import { listAuditRows as listAudit } from './repositories/team/audit-trail';
import { registerSealer, Sealer } from './seals';

const policy: SignInPolicy = {
  failureLimit: 20,
  failureWindowMs: 60_000,
  idleTimeoutMs: 60_000,
  totpRequiredFor: [],
};

const KEY = testAuditKey();

const entry = (action: string, orgId: string | null = null) => ({
  orgId,
  memberId: null,
  email: 'ana@example.com',
  role: 'finance',
  action,
  targets: ['8a1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11'],
  outcome: 'ok' as const,
  status: 201,
  requestId: 'req_1',
  clientAddress: '127.0.0.1',
});

describe.each(BACKENDS)('the console database on $name', (backend) => {
  let database: ConsoleDatabase;
  beforeAll(async () => {
    database = await backend.open();
    // The repositories seal what they write, under the key derived from the audit key (as a team registers it).
    registerSealer(database.db, new Sealer(KEY.secret));
  });
  afterAll(async () => {
    await database.close();
  });

  it('chains audit rows appended at once into one verifiable chain, and names the first row broken', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, _i) => appendAudit(database.db, KEY, entry('payment.create'))),
    );
    expect(await verifyAudit(database.db, KEY)).toMatchObject({ ok: true, rows: 40 });
    await database.db
      .updateTable('audit_events')
      .set({ email: 'mallory@example.com' })
      .where('seq', '=', 17)
      .execute();
    expect(await verifyAudit(database.db, KEY)).toMatchObject({ ok: false, brokenAt: 17 });
    await database.db
      .updateTable('audit_events')
      .set({ email: 'ana@example.com' })
      .where('seq', '=', 17)
      .execute();
    expect(await verifyAudit(database.db, KEY)).toMatchObject({ ok: true, rows: 40 });
    await database.db.deleteFrom('audit_events').where('seq', '=', 30).execute();
    expect(await verifyAudit(database.db, KEY)).toMatchObject({ ok: false, brokenAt: 30 });
  });

  it('hashes a row’s note with it: an edited reason breaks the chain', async () => {
    const fresh = await backend.open();
    try {
      await appendAudit(fresh.db, KEY, { ...entry('approval.reject'), detail: 'Wrong invoice' });
      expect(await verifyAudit(fresh.db, KEY)).toMatchObject({ ok: true, rows: 1 });
      await fresh.db
        .updateTable('audit_events')
        .set({ detail: 'Right invoice' })
        .where('seq', '=', 1)
        .execute();
      expect(await verifyAudit(fresh.db, KEY)).toMatchObject({ ok: false, brokenAt: 1 });
    } finally {
      await fresh.close();
    }
  });

  it('signs a member in, checks the session with one look-up, and ends it on idle or disable', async () => {
    const org = await ensureOrganization(database.db, {
      clientId: `c-${backend.name}`,
      name: 'Org',
      sandboxApiKey: null,
    });
    const again = await ensureOrganization(database.db, {
      clientId: `c-${backend.name}`,
      name: 'Org',
      sandboxApiKey: null,
    });
    expect(again.batch_secret).toBe(org.batch_secret);
    const member = await insertMember(database.db, {
      orgId: org.id,
      email: `Ana@${backend.name}.example`,
      name: 'Ana',
      role: 'finance',
      password: 'correct horse battery',
    });
    const address = '10.0.0.1';
    expect(
      await signIn(database.db, policy, { email: `ana@${backend.name}.example`, password: 'wrong', address }),
    ).toEqual({
      kind: 'refused',
    });
    const start = new Date('2026-11-24T10:00:00Z');
    const result = await signIn(
      database.db,
      policy,
      { email: ` ANA@${backend.name}.example `, password: 'correct horse battery', address },
      start,
    );
    expect(result.kind).toBe('signed-in');
    if (result.kind !== 'signed-in') return;
    const later = (ms: number) => new Date(start.getTime() + ms);
    const found = await sessionMember(database.db, policy, member.id, result.secret, later(30_000));
    expect(found?.member.email).toBe(`ana@${backend.name}.example`);
    expect(await sessionMember(database.db, policy, member.id, `${result.secret}x`, later(1000))).toBeNull();
    expect(await sessionMember(database.db, policy, 'mem_other', result.secret, later(1000))).toBeNull();
    // A use is recorded at most once a minute, so the one at 30 s left the session idle since the start.
    expect(await sessionMember(database.db, policy, member.id, result.secret, later(61_000))).toBeNull();
    expect(await sessionMember(database.db, policy, member.id, result.secret, later(1000))).toBeNull();

    const second = await signIn(database.db, policy, {
      email: member.email,
      password: 'correct horse battery',
      address,
    });
    if (second.kind !== 'signed-in') throw new Error(second.kind);
    await database.db
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('id', '=', member.id)
      .execute();
    expect(await sessionMember(database.db, policy, member.id, second.secret)).toBeNull();
    expect(
      await signIn(database.db, policy, { email: member.email, password: 'correct horse battery', address }),
    ).toEqual({
      kind: 'refused',
    });
    await endSessionsOf(database.db, member.id);
  });

  it('asks for the TOTP code of an enrolled member and accepts the current one', async () => {
    const org = await ensureOrganization(database.db, {
      clientId: `t-${backend.name}`,
      name: 'Org',
      sandboxApiKey: null,
    });
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const member = await insertMember(database.db, {
      orgId: org.id,
      email: `totp@${backend.name}.example`,
      name: 'T',
      role: 'admin',
      password: 'a long password',
      totpSecret: secret,
    });
    const given = { email: member.email, password: 'a long password', address: '10.0.0.2' };
    expect((await signIn(database.db, policy, given)).kind).toBe('totp-required');
    expect((await signIn(database.db, policy, { ...given, totp: '000000' })).kind).toBe('totp-wrong');
    expect((await signIn(database.db, policy, { ...given, totp: totpCode(secret) })).kind).toBe('signed-in');
  });

  it('lists the trail newest first with filters', async () => {
    const org = await ensureOrganization(database.db, {
      clientId: `a-${backend.name}`,
      name: 'Org',
      sandboxApiKey: null,
    });
    await appendAudit(database.db, KEY, entry('payment.create', org.id), new Date('2026-11-20T12:00:00Z'));
    await appendAudit(
      database.db,
      KEY,
      { ...entry('sign-in', org.id), outcome: 'refused', status: 401 },
      new Date('2026-11-21T12:00:00Z'),
    );
    const all = await listAudit(database.db, { orgId: org.id, limit: 10 });
    expect(all.map((r) => r.action)).toEqual(['sign-in', 'payment.create']);
    const refused = await listAudit(database.db, { orgId: org.id, outcome: 'refused', limit: 10 });
    expect(refused.map((r) => r.action)).toEqual(['sign-in']);
    const day = await listAudit(database.db, {
      orgId: org.id,
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-21T00:00:00.000Z',
      limit: 10,
    });
    expect(day.map((r) => r.action)).toEqual(['payment.create']);
  });
});
