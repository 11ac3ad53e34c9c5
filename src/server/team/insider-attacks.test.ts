import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../sandbox/app';
import { listen } from '../../sandbox/test/harness';
import { executeRequest } from './approval-executor';
import { ensureOrganization, insertMember } from './members';
import { basic, caller, type MemberCredentials, teamConsole } from './test/console';
import { BACKENDS } from './test/databases';

/**
 * The attacks of a member who is not honest, run as they would run them, on each database the console runs on: each
 * would pay money without a second member, or hide who did, before the team's rules held against an insider.
 */

const ACCOUNT = '000123456789';
const payment = (userId: string, cents: number, extra: Record<string, unknown> = {}) => ({
  amount: cents,
  platform: 'ach',
  user_id: userId,
  ach_info: { account_number: ACCOUNT, routing_number: '021000021' },
  idempotency_key: crypto.randomUUID(),
  ...extra,
});

describe.each(BACKENDS)('an insider on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const db = server.team.database.db;
  const orgKey = (tenant: { client_id: string; api_key: string }) =>
    caller(server.app, basic(tenant.client_id, tenant.api_key));

  /** A test tenant (one member per role) whose approvals start above $1,000.00, with the members' sessions. */
  async function organization(settings: Record<string, unknown> = {}) {
    const tenant = await server.tenant({ approval_limit_cents: 100_000, ...settings });
    const org = await ensureOrganization(db, { clientId: tenant.client_id, name: 'O', sandboxApiKey: null });
    const as = async (member: { email: string; password: string }) =>
      caller(server.app, await server.signIn(member));
    const member = (role: MemberCredentials['role']) =>
      tenant.members.find((m) => m.role === role) as MemberCredentials;
    /** Another member who has held the role since before anything below. */
    const add = async (role: MemberCredentials['role'], name: string) => {
      const credentials = {
        email: `${name}@${tenant.client_id.slice(0, 8)}.example`,
        password: `${name}-password-long`,
      };
      const row = await insertMember(db, { orgId: org.id, name, role, ...credentials });
      return { ...credentials, id: row.id, role };
    };
    const transfersOf = async (cents: number) => {
      const list = await orgKey(tenant).get('/v2/transfers?limit=100');
      return (list.body.data as { amount: number; metadata: Record<string, string> | null }[]).filter(
        (t) => t.amount === cents,
      );
    };
    const trail = async (action: string) => {
      const admin = await as(member('admin'));
      return (await admin.get(`/api/team/audit?action=${action}`)).body.data as Record<string, unknown>[];
    };
    return { tenant, org, as, member, add, transfersOf, trail, userId: tenant.users[0]?.id ?? '' };
  }

  it('a puppet approver: an admin invites an approver, takes the link, and approves what waited before: refused', async () => {
    const o = await organization();
    const finance = await o.as(o.member('finance'));
    const waiting = await finance.post('/api/team/approvals', { payment: payment(o.userId, 150_001) });
    expect(waiting.status).toBe(201);
    const admin = await o.as(o.member('admin'));
    // One admin: the invitation applies at once, and without mail the link comes back to the admin.
    const invited = await admin.post('/api/team/members', {
      email: `puppet@${o.tenant.client_id}.example`,
      name: 'Puppet',
      role: 'finance',
    });
    expect(invited.status).toBe(201);
    const link = new URL(invited.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    expect((await caller(server.app, '').post(link, { password: 'the puppet password' })).status).toBe(200);
    const puppet = await o.as({
      email: `puppet@${o.tenant.client_id}.example`,
      password: 'the puppet password',
    });
    const approved = await puppet.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(403);
    expect(approved.body.error_code).toBe('approver-too-recent');
    expect((await finance.get(`/api/team/approvals/${waiting.body.id}`)).body.status).toBe('pending');
    expect(await o.transfersOf(150_001)).toEqual([]);
  });

  it('a borrowed account: a password reset of an approver waits for the other admin, and the link never reaches the admin who asked', async () => {
    const o = await organization();
    const second = await o.add('admin', 'second-admin');
    const admin = await o.as(o.member('admin'));
    const reset = await admin.post(`/api/team/members/${o.member('finance').id}/password-reset`);
    expect(reset.status).toBe(202);
    expect(reset.body).toMatchObject({ kind: 'waiting', request: { kind: 'password-reset' } });
    expect(reset.text).not.toMatch(/invitation\//);
    // The finance member's password still works: nothing happened until the other admin confirms.
    await o.as(o.member('finance'));
    const other = await o.as(second);
    const confirmed = await other.post(`/api/team/team-requests/${reset.body.request.id}/confirm`);
    expect(confirmed.status).toBe(200);
    // No mail here: the link goes to the admin who confirmed, never to the one who asked.
    expect(confirmed.body.link).toMatchObject({ delivery: 'shown' });
  });

  it('a borrowed account, with one admin: the reset applies, but the account it makes approves nothing that waited before', async () => {
    const o = await organization();
    const maker = await o.add('finance', 'maker');
    const waiting = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_002),
    });
    const admin = await o.as(o.member('admin'));
    const reset = await admin.post(`/api/team/members/${o.member('finance').id}/password-reset`);
    expect(reset.status).toBe(201);
    const link = new URL(reset.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    await caller(server.app, '').post(link, { password: 'the admin chose this one' });
    const borrowed = await o.as({ email: o.member('finance').email, password: 'the admin chose this one' });
    const approved = await borrowed.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(403);
    expect(approved.body.error_code).toBe('approver-too-recent');
    expect(await o.transfersOf(150_002)).toEqual([]);
  });

  it('a borrowed authenticator, with one admin: the account whose authenticator was reset approves nothing that waited before', async () => {
    const o = await organization();
    const maker = await o.add('finance', 'totp-maker');
    const waiting = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_004),
    });
    const admin = await o.as(o.member('admin'));
    // An admin who knows the member's password has the authenticator reset, to set up one of their own.
    const reset = await admin.post(`/api/team/members/${o.member('finance').id}/totp-reset`);
    expect(reset.status).toBe(201);
    const borrowed = await o.as(o.member('finance'));
    const approved = await borrowed.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(403);
    expect(approved.body.error_code).toBe('approver-too-recent');
    expect(await o.transfersOf(150_004)).toEqual([]);
    // What is made from now on, the member approves as before.
    const later = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_005),
    });
    const approvedLater = await borrowed.post(`/api/team/approvals/${later.body.id}/approve`);
    expect(approvedLater.body.status).toBe('executed');
  });

  it('the other admin removed: disabling the second admin and then the policy both wait for that admin', async () => {
    const o = await organization();
    const second = await o.add('admin', 'other-admin');
    const admin = await o.as(o.member('admin'));
    const disable = await admin.patch(`/api/team/members/${second.id}`, { status: 'disabled' });
    expect(disable.status).toBe(202);
    const demote = await admin.patch(`/api/team/members/${second.id}`, { role: 'viewer' });
    expect(demote.status).toBe(202);
    // Still an active admin, so a change of the policy waits for them too.
    const off = await admin.put('/api/team/policy', {
      enabled: false,
      limit_cents: 100_000,
      approvals_needed: 1,
    });
    expect(off.status).toBe(202);
    expect((await admin.get('/api/team/policy')).body.policy).toMatchObject({
      enabled: true,
      limitCents: 100_000,
    });
    const members = (await admin.get('/api/team/members')).body.data as {
      id: string;
      status: string;
      role: string;
    }[];
    expect(members.find((m) => m.id === second.id)).toMatchObject({ status: 'active', role: 'admin' });
    // The proposer cannot confirm their own change.
    expect((await admin.post(`/api/team/team-requests/${off.body.request.id}/confirm`)).status).toBe(403);
  });

  it('a forged author: the server writes who initiated a payment, whatever the client says', async () => {
    const o = await organization();
    const finance = await o.as(o.member('finance'));
    const forged = payment(o.userId, 4_321, {
      metadata: { initiated_by: o.member('admin').email, note: 'kept' },
    });
    const paid = await finance.post('/v2/payments', forged);
    expect(paid.status).toBe(201);
    expect(paid.body.metadata).toEqual({
      initiated_by: o.member('finance').email,
      console_request_id: forged.idempotency_key,
      note: 'kept',
    });
    // An approval request's rows are stamped the same way, and paid as stamped.
    const big = payment(o.userId, 150_003, {
      metadata: { initiated_by: 'someone@else.example', console_request_id: 'another-payment' },
    });
    const waiting = await finance.post('/api/team/approvals', { payment: big });
    expect(waiting.body.body.payment.metadata).toEqual({
      initiated_by: o.member('finance').email,
      console_request_id: big.idempotency_key,
    });
    await (await o.as(o.member('admin'))).post(`/api/team/approvals/${waiting.body.id}/approve`);
    const [transfer] = await o.transfersOf(150_003);
    expect(transfer?.metadata).toMatchObject({ initiated_by: o.member('finance').email });
  });

  it('a disabled maker: their waiting request is cancelled, with a line in the trail, and cannot be approved', async () => {
    const o = await organization();
    const maker = await o.add('finance', 'leaver');
    const waiting = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_004),
    });
    const admin = await o.as(o.member('admin'));
    expect((await admin.patch(`/api/team/members/${maker.id}`, { status: 'disabled' })).status).toBe(200);
    const finance = await o.as(o.member('finance'));
    expect((await finance.get(`/api/team/approvals/${waiting.body.id}`)).body.status).toBe('cancelled');
    const approved = await finance.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(409);
    expect(await o.transfersOf(150_004)).toEqual([]);
    expect((await o.trail('approval.cancel')).map((r) => r.targets)).toEqual([
      `${waiting.body.id} ${maker.id}`,
    ]);
  });

  it('a demoted approver: their approval stops counting, and the request waits for one that does', async () => {
    const o = await organization({ approval_limit_cents: 100_000 });
    const admin = await o.as(o.member('admin'));
    const [x, y] = [await o.add('finance', 'approver-x'), await o.add('finance', 'approver-y')];
    expect(
      (await admin.put('/api/team/policy', { enabled: true, limit_cents: 100_000, approvals_needed: 2 }))
        .status,
    ).toBe(200);
    const waiting = await (await o.as(o.member('finance'))).post('/api/team/approvals', {
      payment: payment(o.userId, 150_005),
    });
    expect((await (await o.as(x)).post(`/api/team/approvals/${waiting.body.id}/approve`)).status).toBe(200);
    expect((await admin.patch(`/api/team/members/${x.id}`, { role: 'viewer' })).status).toBe(200);
    const second = await (await o.as(y)).post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(second.body.status).toBe('pending');
    expect(await o.transfersOf(150_005)).toEqual([]);
    // A member who could approve then, and still can, makes it two.
    expect((await admin.post(`/api/team/approvals/${waiting.body.id}/approve`)).body.status).toBe('executed');
    expect(await o.transfersOf(150_005)).toHaveLength(1);
  });

  it('a demoted approver, between the last approval and the payment: the executor drops it and the request waits again', async () => {
    const o = await organization();
    const x = await o.add('finance', 'approver-late');
    const waiting = await (await o.as(o.member('finance'))).post('/api/team/approvals', {
      payment: payment(o.userId, 150_006),
    });
    const now = new Date().toISOString();
    await db
      .insertInto('approval_decisions')
      .values({ request_id: waiting.body.id, member_id: x.id, decision: 'approve', reason: null, at: now })
      .execute();
    await db
      .updateTable('approval_requests')
      .set({ status: 'approved' })
      .where('id', '=', waiting.body.id)
      .execute();
    // Demoted behind the route's back: only the executor's own check stands between this and the money.
    await db.updateTable('members').set({ role: 'viewer' }).where('id', '=', x.id).execute();
    const row = await db
      .selectFrom('approval_requests')
      .selectAll()
      .where('id', '=', waiting.body.id)
      .executeTakeFirstOrThrow();
    const sandbox = server.sandbox;
    if (!sandbox) throw new Error('sandbox mode');
    const result = await executeRequest(
      server.team,
      (request) => Promise.resolve(sandbox.app.fetch(request, {})),
      row,
      {
        clientId: o.tenant.client_id,
        apiKey: o.tenant.api_key,
      },
    );
    expect(result.ended).toBe('requeued');
    const after = await db
      .selectFrom('approval_requests')
      .select('status')
      .where('id', '=', waiting.body.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('pending');
    expect(
      await db
        .selectFrom('approval_decisions')
        .selectAll()
        .where('request_id', '=', waiting.body.id)
        .execute(),
    ).toEqual([]);
    expect(await o.transfersOf(150_006)).toEqual([]);
    expect(await o.trail('approval.requeue')).toHaveLength(1);
  });

  it('the account number: answered as its last four digits only, and gone from the store once the request ends', async () => {
    const o = await organization();
    const finance = await o.as(o.member('finance'));
    const submitted = await finance.post('/api/team/approvals', { payment: payment(o.userId, 150_007) });
    const file = await finance.post('/api/team/approvals', {
      rows: [payment(o.userId, 90_000), payment(o.userId, 90_001)],
      file_sha256: 'c'.repeat(64),
    });
    const admin = await o.as(o.member('admin'));
    for (const answer of [
      submitted,
      file,
      await admin.get('/api/team/approvals'),
      await admin.get(`/api/team/approvals/${submitted.body.id}`),
    ]) {
      expect(answer.text).not.toContain('123456789');
    }
    expect(submitted.body.body.payment.ach_info).toEqual({
      account_number_last4: '6789',
      routing_number: '021000021',
    });
    const stored = async (id: string) =>
      (await db.selectFrom('approval_requests').select('body').where('id', '=', id).executeTakeFirstOrThrow())
        .body;
    // Kept whole only while it may still be paid.
    expect(await stored(submitted.body.id)).toContain(ACCOUNT);
    expect((await admin.post(`/api/team/approvals/${submitted.body.id}/approve`)).body.status).toBe(
      'executed',
    );
    expect(
      (await admin.post(`/api/team/approvals/${file.body.id}/reject`, { reason: 'Not this week' })).status,
    ).toBe(200);
    for (const id of [submitted.body.id, file.body.id]) {
      const body = await stored(id);
      expect(body).not.toContain('123456789');
      expect(body).toContain('"account_number_last4":"6789"');
    }
  });

  it('refusals leave a line: a viewer making themself admin, and a failed sign-in on the member’s organization’s page', async () => {
    const o = await organization();
    const viewer = await o.as(o.member('viewer'));
    expect((await viewer.patch(`/api/team/members/${o.member('viewer').id}`, { role: 'admin' })).status).toBe(
      403,
    );
    const wrong = await caller(server.app, '').post('/api/team/sessions', {
      email: o.member('finance').email,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    const changes = await o.trail('member.change');
    expect(changes[0]).toMatchObject({
      member_id: o.member('viewer').id,
      role: 'viewer',
      outcome: 'refused',
      status: 403,
    });
    const signIns = (await o.trail('sign-in')).filter((r) => r.outcome === 'refused');
    expect(signIns[0]).toMatchObject({
      email: o.member('finance').email,
      member_id: o.member('finance').id,
      status: 401,
    });
  });
});

describe.each(BACKENDS)('the second factor, upstream, on $name', async (backend) => {
  it('a finance member who has not set up an authenticator cannot approve, which would pay', async () => {
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    const upstream = await listen(sandbox.app);
    const made = (await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
    };
    const database = await backend.open();
    const server = await teamConsole({
      upstream: new URL(upstream.url),
      orgCredentials: { clientId: made.client_id, apiKey: made.api_key },
      database,
    });
    try {
      const db = server.team.database.db;
      const org = await ensureOrganization(db, { clientId: made.client_id, name: 'O', sandboxApiKey: null });
      const members = [
        {
          email: 'maker@2fa.example',
          password: 'maker-password',
          role: 'finance' as const,
          totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
        { email: 'skipper@2fa.example', password: 'skipper-password', role: 'finance' as const },
      ];
      for (const m of members) await insertMember(db, { orgId: org.id, name: m.email, ...m });
      const now = new Date().toISOString();
      const id = crypto.randomUUID();
      const maker = await db
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'maker@2fa.example')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('approval_requests')
        .values({
          id,
          org_id: org.id,
          kind: 'payment',
          maker_id: maker.id,
          body: JSON.stringify({ payment: payment(made.users[0]?.id ?? '', 150_008) }),
          body_hash: 'h',
          file_sha256: null,
          amount_cents: 150_008,
          row_count: 1,
          policy_version: 1,
          approvals_needed: 1,
          status: 'pending',
          result: null,
          warnings: null,
          created_at: now,
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          updated_at: now,
          executor_id: null,
          lease_until: null,
        })
        .execute();
      const skipper = caller(
        server.app,
        await server.signIn({ email: 'skipper@2fa.example', password: 'skipper-password' }),
      );
      const approved = await skipper.post(`/api/team/approvals/${id}/approve`);
      expect(approved.status).toBe(403);
      expect(approved.body.error_code).toBe('totp-enrollment-required');
      const row = await db
        .selectFrom('approval_requests')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    } finally {
      await server.close();
      await database.close();
      await upstream.close();
      sandbox.close();
    }
  });
});
