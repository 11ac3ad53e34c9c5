import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../sandbox/app';
import { listen } from '../../sandbox/test/harness';
import { serviceCaller } from '../app';
import { insertRequest } from '../db/repositories/team/approval-requests';
import { sha256Hex } from '../identity/secrets';
import { ensureOrganization, insertMember } from '../members/members';
import { sweep } from '../sweep';
import { config } from '../test/config';
import { basic, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { twoConsolesUpstream } from '../test/two-consoles';
import { resumeOrphans } from './execution/executor';

const json = { 'Content-Type': 'application/json' };
const paymentBody = (userId: string, cents: number, key: string = crypto.randomUUID()) => ({
  amount: cents,
  platform: 'ach',
  user_id: userId,
  ach_info: { account_number: '99887766554', routing_number: '021000021' },
  idempotency_key: key,
});

describe('four eyes on money, through the console server', async () => {
  let clock = new Date('2026-11-24T10:00:00Z');
  const server = await teamConsole({ now: () => clock });
  const tenant = await server.tenant();
  const auth = async (role: string) => {
    const member = tenant.members.find((m) => m.role === role);
    if (!member) throw new Error(role);
    return server.signIn(member);
  };
  let admin = await auth('admin');
  let finance = await auth('finance');
  const userId = tenant.users[0]?.id ?? '';
  const call = (path: string, authorization: string, body?: unknown, method = body ? 'POST' : 'GET') =>
    server.app.request(path, {
      method,
      headers: { ...json, Authorization: authorization },
      body: body ? JSON.stringify(body) : undefined,
    });
  afterAll(() => server.close());

  it('pays below the limit at once, refuses a direct payment above it, and takes it as a request', async () => {
    const on = await call(
      '/api/team/policy',
      admin,
      { enabled: true, limit_cents: 100_000, approvals_needed: 1 },
      'PUT',
    );
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ kind: 'applied', policy: { version: 2, enabled: true } });
    expect((await call('/v2/payments', finance, paymentBody(userId, 50_000))).status).toBe(201);
    const direct = await call('/v2/payments', finance, paymentBody(userId, 150_000));
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ error_code: 'approval-required' });
    const small = await call('/api/team/approvals', finance, { payment: paymentBody(userId, 50_000) });
    expect(small.status).toBe(409);
  });

  it('lets another member approve, executes the exact approved body once, and shows the transfer', async () => {
    const submitted = await call('/api/team/approvals', finance, { payment: paymentBody(userId, 125_000) });
    expect(submitted.status).toBe(201);
    const request = (await submitted.json()) as {
      id: string;
      body_hash: string;
      status: string;
      policy_version: number;
    };
    expect(request).toMatchObject({ status: 'pending', policy_version: 2 });
    const self = await call(`/api/team/approvals/${request.id}/approve`, finance, {});
    expect(self.status).toBe(403);
    expect(await self.json()).toMatchObject({ error_code: 'self-approval' });
    const support = await call(`/api/team/approvals/${request.id}/approve`, await auth('support'), {});
    expect(support.status).toBe(403);
    const approved = await call(`/api/team/approvals/${request.id}/approve`, admin, {});
    const done = (await approved.json()) as {
      status: string;
      result: { sent_hash: string; rows: { transfer_id: string }[] };
    };
    expect(done.status).toBe('executed');
    expect(done.result.sent_hash).toBe(request.body_hash);
    const transferId = done.result.rows[0]?.transfer_id ?? '';
    const transfer = await server.app.request(`/v2/transfers/${transferId}`, {
      headers: { Authorization: basic(tenant.client_id, tenant.api_key) },
    });
    expect(((await transfer.json()) as { amount: number }).amount).toBe(125_000);
    const again = await call(`/api/team/approvals/${request.id}/approve`, admin, {});
    expect(again.status).toBe(409);
  });

  it('answers the same body from its maker again with the waiting request, not a second one', async () => {
    const body = { payment: paymentBody(userId, 130_000) };
    const answers = await Promise.all([
      call('/api/team/approvals', finance, body),
      call('/api/team/approvals', finance, body),
    ]);
    const made = await Promise.all(
      answers.map(async (answer) => ({
        status: answer.status,
        replayed: answer.headers.get('idempotent-replayed'),
        id: ((await answer.json()) as { id: string }).id,
      })),
    );
    expect(made.map((m) => [m.status, m.replayed]).sort()).toEqual([
      [200, 'true'],
      [201, null],
    ]);
    expect(made[0]?.id).toBe(made[1]?.id);
    // Another body (a new key) is another request.
    const other = await call('/api/team/approvals', finance, { payment: paymentBody(userId, 130_000) });
    expect(other.status).toBe(201);
  });

  it('sends a rejection with its reason back, and refuses a request that expired', async () => {
    const one = (await (
      await call('/api/team/approvals', finance, { payment: paymentBody(userId, 200_000) })
    ).json()) as { id: string };
    const noReason = await call(`/api/team/approvals/${one.id}/reject`, admin, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const rejected = await call(`/api/team/approvals/${one.id}/reject`, admin, { reason: 'Wrong invoice' });
    expect(await rejected.json()).toMatchObject({ status: 'rejected', result: { reason: 'Wrong invoice' } });
    const trail = (await (await call('/api/team/audit?action=approval.reject', admin)).json()) as {
      data: { targets: string; detail: string | null; outcome: string }[];
    };
    // The refusal without a reason is a line too.
    expect(trail.data.map((r) => [r.outcome, r.targets, r.detail])).toEqual([
      ['ok', one.id, 'Wrong invoice'],
      ['refused', '', null],
    ]);
    const seen = await call(`/api/team/approvals/${one.id}`, finance);
    expect(await seen.json()).toMatchObject({
      status: 'rejected',
      decisions: [{ decision: 'reject', reason: 'Wrong invoice' }],
    });

    const two = (await (
      await call('/api/team/approvals', finance, { payment: paymentBody(userId, 300_000) })
    ).json()) as { id: string };
    clock = new Date(clock.getTime() + 7 * 24 * 60 * 60 * 1000 + 1);
    // A week later, the members sign in again.
    admin = await auth('admin');
    finance = await auth('finance');
    const late = await call(`/api/team/approvals/${two.id}/approve`, admin, {});
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error_code: 'request-expired' });
    expect(await (await call(`/api/team/approvals/${two.id}`, finance)).json()).toMatchObject({
      status: 'expired',
    });
    // Another one reads as expired the moment its deadline passes, before anything writes it down; the sweep does,
    // once, with its line in the trail.
    const three = (await (
      await call('/api/team/approvals', finance, { payment: paymentBody(userId, 400_000) })
    ).json()) as {
      id: string;
    };
    clock = new Date(clock.getTime() + 7 * 24 * 60 * 60 * 1000 + 1);
    admin = await auth('admin');
    finance = await auth('finance');
    const ids = async (status: string) =>
      (
        (await (await call(`/api/team/approvals?status=${status}`, finance)).json()) as {
          data: { id: string }[];
        }
      ).data.map((r) => r.id);
    expect(await ids('pending')).not.toContain(three.id);
    expect(await ids('expired')).toContain(three.id);
    const expiredTrail = async () =>
      (
        (await (await call('/api/team/audit?action=approval.expire', admin)).json()) as {
          data: { targets: string }[];
        }
      ).data.map((r) => r.targets);
    expect(await expiredTrail()).not.toContain(three.id);
    await sweep(server.team, null);
    expect(await expiredTrail()).toContain(three.id);
  });

  it('takes a file above the limit as one request and pays each row once with its own key', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => paymentBody(userId, 5_000 + i));
    const file = 'a'.repeat(64);
    const submitted = (await (
      await call('/api/team/approvals', finance, { rows, file_sha256: file })
    ).json()) as { id: string; count: number };
    expect(submitted.count).toBe(30);
    await call(`/api/team/approvals/${submitted.id}/approve`, admin, {});
    await expect
      .poll(
        async () =>
          ((await (await call(`/api/team/approvals/${submitted.id}`, finance)).json()) as { status: string })
            .status,
      )
      .toBe('executed');
  });
});

describe.each(BACKENDS)(
  'a policy change waits for a second admin while there are two, on $name',
  async (backend) => {
    const database = await backend.open();
    const server = await teamConsole({ database });
    const tenant = await server.tenant();
    const first = await server.signIn(
      tenant.members.find((m) => m.role === 'admin') ?? { email: '', password: '' },
    );
    const org = await server.team.database.db
      .selectFrom('organizations')
      .selectAll()
      .where('client_id', '=', tenant.client_id)
      .executeTakeFirstOrThrow();
    await insertMember(server.team.database.db, {
      orgId: org.id,
      email: `second@${tenant.client_id}.example`,
      name: 'Second',
      role: 'admin',
      password: 'second-admin-pw',
    });
    const second = await server.signIn({
      email: `second@${tenant.client_id}.example`,
      password: 'second-admin-pw',
    });
    afterAll(async () => {
      await server.close();
      await database.close();
    });
    const put = (authorization: string, body: unknown) =>
      server.app.request('/api/team/policy', {
        method: 'PUT',
        headers: { ...json, Authorization: authorization },
        body: JSON.stringify(body),
      });

    it('is proposed by one, cannot be confirmed by the same, and applies when the other confirms', async () => {
      const proposed = await put(first, { enabled: true, limit_cents: 500_000, approvals_needed: 1 });
      expect(proposed.status).toBe(202);
      const waiting = (await proposed.json()) as { kind: string; request: { id: string; kind: string } };
      expect(waiting).toMatchObject({ kind: 'waiting', request: { kind: 'policy' } });
      const policy = async () =>
        (await (
          await server.app.request('/api/team/policy', { headers: { Authorization: first } })
        ).json()) as {
          policy: { limitCents: number; version: number };
          proposal: { id: string } | null;
        };
      expect(await policy()).toMatchObject({
        policy: { version: 1, limitCents: 1_000_000 },
        proposal: { id: waiting.request.id },
      });
      const confirmBy = (authorization: string) =>
        server.app.request(`/api/team/team-requests/${waiting.request.id}/confirm`, {
          method: 'POST',
          headers: { Authorization: authorization },
        });
      const mine = await confirmBy(first);
      expect(mine.status).toBe(403);
      // Two confirmations at once (a double click): one applies the change, the other finds it decided.
      const answers = await Promise.all([confirmBy(second), confirmBy(second)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await policy()).policy).toMatchObject({ limitCents: 500_000, version: 2 });
      const versions = await server.team.database.db
        .selectFrom('approval_policies')
        .selectAll()
        .where('org_id', '=', org.id)
        .orderBy('version')
        .execute();
      expect(versions.map((v) => v.status)).toEqual(['superseded', 'active']);
    });

    it("tells each admin, in what the navigation reads, of the team's changes that are theirs to decide or to know", async () => {
      type Listed = {
        data: unknown[];
        team_requests?: { id: string; status: string; reason: string | null }[];
      };
      const listed = async (authorization: string) =>
        (await (
          await server.app.request('/api/team/approvals?status=pending', {
            headers: { Authorization: authorization },
          })
        ).json()) as Listed;
      const proposed = await put(first, { enabled: true, limit_cents: 700_000, approvals_needed: 1 });
      const { request } = (await proposed.json()) as { request: { id: string } };
      // It waits for the other admin: theirs to decide; its proposer sees it as their own, waiting.
      expect((await listed(second)).team_requests).toEqual([
        expect.objectContaining({ id: request.id, status: 'pending' }),
      ]);
      expect((await listed(first)).team_requests).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: request.id, status: 'pending' })]),
      );
      // A member who is not an admin reads no change of the team there.
      const finance = await server.signIn(
        tenant.members.find((m) => m.role === 'finance') ?? { email: '', password: '' },
      );
      expect(await listed(finance)).not.toHaveProperty('team_requests');

      const rejected = await server.app.request(`/api/team/team-requests/${request.id}/reject`, {
        method: 'POST',
        headers: { ...json, Authorization: second },
        body: JSON.stringify({ reason: 'Not this quarter' }),
      });
      expect(rejected.status).toBe(200);
      // Nothing waits for the other admin now; the one who asked learns why it was refused.
      expect((await listed(second)).team_requests).toEqual([]);
      expect((await listed(first)).team_requests).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: request.id, status: 'rejected', reason: 'Not this quarter' }),
        ]),
      );
    });
  },
);

/*
 * On PostgreSQL each server has its own pool. On SQLite the two servers share one connection here: two connections in
 * one process would wait for each other synchronously (better-sqlite3 blocks the thread while the file is locked);
 * approvals-processes.test.ts runs two server processes on one file.
 */
describe.each(BACKENDS)('exactly once on $name: 20 approvals at once from two console servers', (backend) => {
  it('make one transfer', async () => {
    const { made, sandbox, a, b, session, close } = await twoConsolesUpstream(backend, 'once.example');
    try {
      const maker = await session('finance');
      const checker = await session('admin');
      await a.app.request('/api/team/policy', {
        method: 'PUT',
        headers: { ...json, Authorization: checker },
        body: JSON.stringify({ enabled: true, limit_cents: 1000, approvals_needed: 1 }),
      });
      const submitted = await a.app.request('/api/team/approvals', {
        method: 'POST',
        headers: { ...json, Authorization: maker },
        body: JSON.stringify({ payment: paymentBody(made.users[0]?.id ?? '', 99_999) }),
      });
      const { id } = (await submitted.json()) as { id: string };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).app.request(`/api/team/approvals/${id}/approve`, {
            method: 'POST',
            headers: { ...json, Authorization: checker },
            body: '{}',
          }),
        ),
      );
      expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
      const list = await sandbox.app.request('/v2/transfers?limit=100', {
        headers: { Authorization: basic(made.client_id, made.api_key) },
      });
      const transfers = ((await list.json()) as { data: { amount: number }[] }).data.filter(
        (t) => t.amount === 99_999,
      );
      expect(transfers).toHaveLength(1);
    } finally {
      await close();
    }
  });
});

describe('starting policies', async () => {
  const server = await teamConsole();
  afterAll(() => server.close());
  const policyOf = async (tenant: { members: { role: string; email: string; password: string }[] }) => {
    const admin = tenant.members.find((m) => m.role === 'admin');
    const authorization = await server.signIn(admin ?? { email: '', password: '' });
    return (
      (await (
        await server.app.request('/api/team/policy', { headers: { Authorization: authorization } })
      ).json()) as {
        policy: unknown;
      }
    ).policy;
  };

  it('a test tenant starts with approvals on above $10,000.00, unless told otherwise', async () => {
    expect(await policyOf(await server.tenant())).toEqual({
      memberDailyLimitCents: null,
      version: 1,
      enabled: true,
      limitCents: 1_000_000,
      approvalsNeeded: 1,
    });
    const made = async (body: unknown) =>
      server.app.request('/sandbox/tenants', { method: 'POST', headers: json, body: JSON.stringify(body) });
    const off = await (await made({ approval_limit_cents: null, compliance: false })).json();
    expect(await policyOf(off)).toMatchObject({ enabled: false });
    const low = await (await made({ approval_limit_cents: 50_000 })).json();
    expect(await policyOf(low)).toMatchObject({ enabled: true, limitCents: 50_000 });
    expect((await made({ approval_limit_cents: 'lots' })).status).toBe(400);
  });
});

describe('a run resumed upstream', () => {
  it('looks up what already arrived and sends only the rest', async () => {
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    let posts = 0;
    const counting = new Hono().all('*', (c) => {
      if (c.req.method === 'POST') posts++;
      return sandbox.app.fetch(c.req.raw);
    });
    const upstream = await listen(counting);
    const made = (await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
    };
    const orgCredentials = { clientId: made.client_id, apiKey: made.api_key };
    const server = await teamConsole({ upstream: new URL(upstream.url), orgCredentials });
    try {
      const db = server.team.database.db;
      const org = await ensureOrganization(db, { clientId: made.client_id, name: 'O', sandboxApiKey: null });
      const maker = await insertMember(db, {
        orgId: org.id,
        email: 'm@resume.example',
        name: 'M',
        role: 'finance',
        password: 'x',
      });
      const rows = Array.from({ length: 10 }, (_, i) => {
        const key = `resume-${i}`;
        return {
          ...paymentBody(made.users[0]?.id ?? '', 2000 + i, key),
          metadata: { console_request_id: key },
        };
      });
      // The run died after paying the first four.
      for (const row of rows.slice(0, 4)) {
        await sandbox.app.request('/v2/payments', {
          method: 'POST',
          headers: { ...json, Authorization: basic(made.client_id, made.api_key) },
          body: JSON.stringify(row),
        });
      }
      const now = new Date(Date.now() - 60_000).toISOString();
      await insertRequest(db, {
        id: crypto.randomUUID(),
        org_id: org.id,
        kind: 'batch',
        maker_id: maker.id,
        body: JSON.stringify({ rows }),
        body_hash: sha256Hex(JSON.stringify({ rows })),
        file_sha256: null,
        amount_cents: 0,
        row_count: rows.length,
        policy_version: 1,
        approvals_needed: 1,
        status: 'executing',
        result: null,
        warnings: null,
        created_at: now,
        expires_at: now,
        updated_at: now,
        // Its executor died: the claim lapsed.
        executor_id: 'srv_dead',
        lease_until: now,
        excluded_approvers: null,
        origin: null,
      });
      const call = serviceCaller(config({ upstreamUrl: new URL(upstream.url) }), null);
      if (!call) throw new Error('no caller');
      expect(await resumeOrphans(server.team, call)).toBe(1);
      expect(posts).toBe(6);
      const done = await db
        .selectFrom('approval_requests')
        .select(['status', 'result'])
        .executeTakeFirstOrThrow();
      expect(done.status).toBe('executed');
      const outcomes = (JSON.parse(done.result ?? '{}') as { rows: { replayed: boolean }[] }).rows;
      expect(outcomes.filter((o) => o.replayed)).toHaveLength(4);
    } finally {
      await server.close();
      await upstream.close();
      sandbox.close();
    }
  });
});

describe('who may approve, and how often', async () => {
  const server = await teamConsole();
  const tenant = await server.tenant();
  const db = server.team.database.db;
  const org = await db
    .selectFrom('organizations')
    .selectAll()
    .where('client_id', '=', tenant.client_id)
    .executeTakeFirstOrThrow();
  const auth = (role: string) =>
    server.signIn(tenant.members.find((m) => m.role === role) ?? { email: '', password: '' });
  const call = async (path: string, authorization: string, body?: unknown, method = body ? 'POST' : 'GET') =>
    server.app.request(path, {
      method,
      headers: { ...json, Authorization: authorization },
      body: body ? JSON.stringify(body) : undefined,
    });
  afterAll(() => server.close());

  it('a second approval by the same member does not count when two are needed', async () => {
    await insertMember(db, {
      orgId: org.id,
      email: `third@${tenant.client_id}.example`,
      name: 'Third',
      role: 'finance',
      password: 'third-password',
    });
    const admin = await auth('admin');
    const two = await call(
      '/api/team/policy',
      admin,
      { enabled: true, limit_cents: 1000, approvals_needed: 2 },
      'PUT',
    );
    expect(two.status).toBe(200);
    const maker = await auth('finance');
    const made = (await (
      await call('/api/team/approvals', maker, { payment: paymentBody(tenant.users[0]?.id ?? '', 5000) })
    ).json()) as { id: string; approvals_needed: number };
    expect(made.approvals_needed).toBe(2);
    for (let i = 0; i < 3; i++) {
      const again = await call(`/api/team/approvals/${made.id}/approve`, admin, {});
      expect(((await again.json()) as { status: string }).status).toBe('pending');
    }
    const third = await server.signIn({
      email: `third@${tenant.client_id}.example`,
      password: 'third-password',
    });
    const last = await call(`/api/team/approvals/${made.id}/approve`, third, {});
    expect(((await last.json()) as { status: string }).status).toBe('executed');
  });

  it('cannot be switched on while fewer than two members can approve, and says why', async () => {
    const admin = await auth('admin');
    for (const member of await db
      .selectFrom('members')
      .select('id')
      .where('org_id', '=', org.id)
      .where('role', '=', 'finance')
      .execute()) {
      await call(`/api/team/members/${member.id}`, admin, { status: 'disabled' }, 'PATCH');
    }
    const refused = await call(
      '/api/team/policy',
      admin,
      { enabled: true, limit_cents: 1000, approvals_needed: 1 },
      'PUT',
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      errors: [{ path: 'enabled', message: expect.stringContaining('Two members who can approve') }],
    });
    const off = await call(
      '/api/team/policy',
      admin,
      { enabled: false, limit_cents: 1000, approvals_needed: 1 },
      'PUT',
    );
    expect(off.status).toBe(200);
  });
});

describe('an approved request the console holds no credentials for', async () => {
  const server = await teamConsole();
  const tenant = await server.tenant();
  afterAll(() => server.close());

  it('fails, and the trail says the execution failed', async () => {
    const member = (role: string) => tenant.members.find((m) => m.role === role) ?? tenant.members[0];
    const finance = await server.signIn(member('finance') ?? { email: '', password: '' });
    const admin = await server.signIn(member('admin') ?? { email: '', password: '' });
    const send = (path: string, authorization: string, body?: unknown) =>
      server.app.request(path, {
        method: body ? 'POST' : 'GET',
        headers: { ...json, Authorization: authorization },
        body: body ? JSON.stringify(body) : undefined,
      });
    const submitted = (await (
      await send('/api/team/approvals', finance, {
        payment: paymentBody(tenant.users[0]?.id ?? '', 2_000_000),
      })
    ).json()) as { id: string };
    await server.team.database.db
      .updateTable('organizations')
      .set({ sandbox_api_key: null })
      .where('client_id', '=', tenant.client_id)
      .execute();
    const approved = await send(`/api/team/approvals/${submitted.id}/approve`, admin, {});
    expect(await approved.json()).toMatchObject({ status: 'failed' });
    const trail = await send('/api/team/audit?action=approval.execute', admin);
    expect(await trail.json()).toMatchObject({ data: [{ targets: submitted.id, outcome: 'failed' }] });
  });
});
