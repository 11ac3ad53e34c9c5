import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../sandbox/app';
import { listen } from '../../sandbox/test/harness';
import { verifyAudit } from '../audit/chain';
import { ensureOrganization, insertMember } from '../members/members';
import { basic, teamConsole, testAuditKey } from '../test/console';
import { BACKENDS } from '../test/databases';
import { totpCode } from './totp';

const json = { 'Content-Type': 'application/json' };
const payment = (userId: string, account = '99887766554') => ({
  amount: 250,
  platform: 'ach',
  user_id: userId,
  ach_info: { account_number: account, routing_number: '021000021' },
});

describe('members and sessions', async () => {
  const server = await teamConsole();
  const tenant = await server.tenant();
  const byRole = (role: string) => {
    const member = tenant.members.find((m) => m.role === role);
    if (!member) throw new Error(role);
    return member;
  };
  const admin = await server.signIn(byRole('admin'));
  afterAll(() => server.close());

  it('refuses a disabled member on their next request, and applies a role change on the next request', async () => {
    const finance = byRole('finance');
    const session = await server.signIn(finance);
    expect(
      (await server.app.request('/v2/organizations', { headers: { Authorization: session } })).status,
    ).toBe(200);
    const demote = await server.app.request(`/api/team/members/${finance.id}`, {
      method: 'PATCH',
      headers: { ...json, Authorization: admin },
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(demote.status).toBe(200);
    expect(((await demote.json()) as { member: { role: string } }).member.role).toBe('viewer');
    expect(
      (await server.app.request('/v2/organizations', { headers: { Authorization: session } })).status,
    ).toBe(401);
    const asViewer = await server.signIn(finance);
    const refused = await server.app.request('/v2/payments', {
      method: 'POST',
      headers: { ...json, Authorization: asViewer },
      body: JSON.stringify(payment(tenant.users[0]?.id ?? '')),
    });
    expect(refused.status).toBe(403);

    await server.app.request(`/api/team/members/${finance.id}`, {
      method: 'PATCH',
      headers: { ...json, Authorization: admin },
      body: JSON.stringify({ status: 'disabled' }),
    });
    const after = await server.app.request('/v2/organizations', { headers: { Authorization: asViewer } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error_code: string }).error_code).toBe('session-ended');
  });

  it('keeps one active admin: the last one can be neither demoted nor disabled', async () => {
    const me = byRole('admin');
    for (const change of [{ role: 'finance' }, { status: 'disabled' }]) {
      const answer = await server.app.request(`/api/team/members/${me.id}`, {
        method: 'PATCH',
        headers: { ...json, Authorization: admin },
        body: JSON.stringify(change),
      });
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { error_code: string }).error_code).toBe('last-admin');
    }
  });

  it('invites a member who sets a password through the one-time link and signs in', async () => {
    const invited = await server.app.request('/api/team/members', {
      method: 'POST',
      headers: { ...json, Authorization: admin },
      body: JSON.stringify({ email: 'New.Person@example.com', name: 'New Person', role: 'support' }),
    });
    expect(invited.status).toBe(201);
    const { link, member } = (await invited.json()) as {
      link: { delivery: string; url: string };
      member: { status: string };
    };
    expect(member.status).toBe('invited');
    // No SMTP here: the link is for the admin to hand over.
    expect(link.delivery).toBe('shown');
    const path = new URL(link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    const info = (await (await server.app.request(path)).json()) as { email: string; role: string };
    expect(info).toMatchObject({ email: 'new.person@example.com', role: 'support' });
    const short = await server.app.request(path, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ password: 'short' }),
    });
    expect(short.status).toBe(400);
    const set = await server.app.request(path, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ password: 'a good long password' }),
    });
    expect(set.status).toBe(200);
    const again = await server.app.request(path, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ password: 'another long password' }),
    });
    expect(again.status).toBe(404);
    const session = await server.signIn({
      email: 'new.person@example.com',
      password: 'a good long password',
    });
    const members = await server.app.request('/api/team/members', { headers: { Authorization: session } });
    expect(members.status).toBe(403);
  });

  it('records who did what in the trail, with no body, key or account number, and gives it as CSV', async () => {
    const finance = await server.signIn(byRole('support'));
    await server.app.request('/v2/payments', {
      method: 'POST',
      headers: { ...json, Authorization: finance, 'X-Request-Id': 'req-forged-1' },
      body: JSON.stringify(payment(tenant.users[0]?.id ?? '', '11223344556')),
    });
    const answer = await server.app.request('/api/team/audit?action=payment.create', {
      headers: { Authorization: admin },
    });
    const { data } = (await answer.json()) as { data: Record<string, unknown>[] };
    expect(data[0]).toMatchObject({
      email: byRole('support').email,
      role: 'support',
      action: 'payment.create',
      outcome: 'refused',
      status: 403,
      request_id: 'req-forged-1',
    });
    const all = await server.app.request('/api/team/audit?limit=10000', {
      headers: { Authorization: admin },
    });
    const text = await all.text();
    expect(text).toContain('"action":"sign-in"');
    expect(text).not.toContain('11223344556');
    expect(text).not.toContain(tenant.api_key);
    const csv = await server.app.request('/api/team/audit?format=csv', { headers: { Authorization: admin } });
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect((await csv.text()).split(/\r?\n/)[0]).toBe(
      'seq,at,member_id,email,role,action,targets,outcome,status,request_id,client_address,detail,amount_cents,hash',
    );
    expect(await verifyAudit(server.team.database.db, server.team.auditKey)).toMatchObject({ ok: true });
  });
});

describe('sign-in failures', async () => {
  const server = await teamConsole();
  const tenant = await server.tenant();
  const member = tenant.members[0];
  afterAll(() => server.close());
  const attempt = (email: string, password: string) =>
    server.app.request('/api/team/sessions', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password }),
    });

  it('answers an unknown email and a wrong password byte for byte alike', async () => {
    const unknown = await attempt('nobody@example.com', 'whatever-password');
    const wrong = await attempt(member?.email ?? '', 'whatever-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.text()).toBe(await wrong.text());
  });

  it('answers 429 with Retry-After to the 21st failure for one email in the window, even with the right password', async () => {
    const email = tenant.members[1]?.email ?? '';
    for (let i = 0; i < 20; i++) expect((await attempt(email, `wrong-${i}`)).status).toBe(401);
    const blocked = await attempt(email, tenant.members[1]?.password ?? '');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another member is not locked out by it.
    expect((await attempt(tenant.members[2]?.email ?? '', tenant.members[2]?.password ?? '')).status).toBe(
      201,
    );
  });
});

describe("the organization's key stays on the server", () => {
  it('appears in no answer, no /config.json, no log line and no audit row (upstream team mode)', async () => {
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    const upstream = await listen(sandbox.app);
    const made = (await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
    };
    const logged: string[] = [];
    const spies = (['log', 'warn', 'error', 'info'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      }),
    );
    const orgCredentials = { clientId: made.client_id, apiKey: made.api_key };
    const server = await teamConsole({ upstream: new URL(upstream.url), orgCredentials });
    try {
      const org = await ensureOrganization(server.team.database.db, {
        clientId: made.client_id,
        name: 'O',
        sandboxApiKey: null,
      });
      const totp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      await insertMember(server.team.database.db, {
        orgId: org.id,
        email: 'fin@o.example',
        name: 'Fin',
        role: 'finance',
        password: 'finance-password',
        totpSecret: totp,
      });
      const answers: string[] = [];
      const keep = async (answer: Response | Promise<Response>) => {
        const response = await answer;
        answers.push(JSON.stringify([...response.headers]), await response.text());
      };
      const session = await server.signIn({
        email: 'fin@o.example',
        password: 'finance-password',
        totp: totpCode(totp),
      });
      await keep(server.app.request('/config.json'));
      await keep(server.app.request('/api/team/session', { headers: { Authorization: session } }));
      await keep(server.app.request('/v2/organizations', { headers: { Authorization: session } }));
      await keep(
        server.app.request('/v2/payments', {
          method: 'POST',
          headers: { ...json, Authorization: session },
          body: JSON.stringify(payment(made.users[0]?.id ?? '')),
        }),
      );
      await keep(
        server.app.request('/v2/users/x/addresses', {
          method: 'PUT',
          headers: { ...json, Authorization: session },
          body: '{}',
        }),
      );
      await keep(
        server.app.request('/v2/organizations', {
          headers: { Authorization: basic(made.client_id, made.api_key) },
        }),
      );
      const rows = await server.team.database.db.selectFrom('audit_events').selectAll().execute();
      expect(rows.length).toBeGreaterThan(2);
      const encoded = Buffer.from(`${made.client_id}:${made.api_key}`).toString('base64');
      for (const text of [...answers, ...logged, JSON.stringify(rows)]) {
        expect(text).not.toContain(made.api_key);
        expect(text).not.toContain(encoded);
      }
      expect(answers.join('')).toContain('"status":"created"');
    } finally {
      for (const spy of spies) spy.mockRestore();
      await server.close();
      await upstream.close();
      sandbox.close();
    }
  });
});

const postgres = BACKENDS.find((b) => b.name === 'postgres');

describe.skipIf(!postgres)('two console servers on one PostgreSQL', () => {
  it('accept each other’s sessions and write one audit chain', async () => {
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    const upstream = await listen(sandbox.app);
    const made = (await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
    };
    const shared = await postgres?.open();
    if (!shared?.url) throw new Error('no PostgreSQL');
    const { openConsoleDatabase } = await import('../db/database');
    const secondDb = await openConsoleDatabase({ url: shared.url });
    const orgCredentials = { clientId: made.client_id, apiKey: made.api_key };
    // Servers that share a database share its audit key (AUDIT_KEY).
    const auditKey = testAuditKey();
    const first = await teamConsole({
      upstream: new URL(upstream.url),
      orgCredentials,
      database: shared,
      auditKey,
    });
    const second = await teamConsole({
      upstream: new URL(upstream.url),
      orgCredentials,
      database: secondDb,
      auditKey,
    });
    try {
      const org = await ensureOrganization(shared.db, {
        clientId: made.client_id,
        name: 'O',
        sandboxApiKey: null,
      });
      const totp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      await insertMember(shared.db, {
        orgId: org.id,
        email: 'a@o.example',
        name: 'A',
        role: 'finance',
        password: 'pw-long-enough',
        totpSecret: totp,
      });
      const session = await first.signIn({
        email: 'a@o.example',
        password: 'pw-long-enough',
        totp: totpCode(totp),
      });
      expect(
        (await second.app.request('/v2/organizations', { headers: { Authorization: session } })).status,
      ).toBe(200);
      const pay = (server: typeof first) =>
        server.app.request('/v2/payments', {
          method: 'POST',
          headers: { ...json, Authorization: session, 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify(payment(made.users[0]?.id ?? '')),
        });
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => pay(i % 2 ? first : second)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      const verified = await verifyAudit(secondDb.db, auditKey);
      expect(verified).toMatchObject({ ok: true });
      // The sign-in and ten payments, after the first start's six lines of sealing (integrity.seal, its requests',
      // its links', its one-time links', its requests' ends' and its password rules').
      expect(verified.rows).toBe(17);
    } finally {
      await first.close();
      await second.close();
      await shared.close();
      await secondDb.close();
      await upstream.close();
      sandbox.close();
    }
  });
});

describe('a second factor for money movers outside the sandbox', () => {
  it('refuses a finance member with no authenticator until they set one up, then asks for its code', async () => {
    const arrivals: string[] = [];
    const stub = await listen(
      new Hono().all('*', (c) => {
        arrivals.push(c.req.path);
        return c.json({ id: 'org' });
      }),
    );
    const orgCredentials = { clientId: 'org-9', apiKey: 'sk_live_9' };
    const server = await teamConsole({ upstream: new URL(stub.url), orgCredentials });
    try {
      const org = await ensureOrganization(server.team.database.db, {
        clientId: 'org-9',
        name: 'O',
        sandboxApiKey: null,
      });
      const given = { email: 'fin@nine.example', password: 'finance-password' };
      await insertMember(server.team.database.db, { orgId: org.id, name: 'Fin', role: 'finance', ...given });
      const session = await server.signIn(given);
      const read = await server.app.request('/v2/organizations', { headers: { Authorization: session } });
      expect(read.status).toBe(403);
      expect(((await read.json()) as { error_code: string }).error_code).toBe('totp-enrollment-required');
      expect(arrivals).toEqual([]);

      const { secret } = (await (
        await server.app.request('/api/team/totp', { method: 'POST', headers: { Authorization: session } })
      ).json()) as { secret: string };
      const wrong = await server.app.request('/api/team/totp/confirm', {
        method: 'POST',
        headers: { ...json, Authorization: session },
        body: JSON.stringify({ code: '000000' }),
      });
      expect(wrong.status).toBe(400);
      const right = await server.app.request('/api/team/totp/confirm', {
        method: 'POST',
        headers: { ...json, Authorization: session },
        body: JSON.stringify({ code: totpCode(secret) }),
      });
      expect(right.status).toBe(200);
      expect(
        (await server.app.request('/v2/organizations', { headers: { Authorization: session } })).status,
      ).toBe(200);
      const again = await server.app.request('/api/team/sessions', {
        method: 'POST',
        headers: json,
        body: JSON.stringify(given),
      });
      expect(((await again.json()) as { error_code: string }).error_code).toBe('totp-required');
    } finally {
      await server.close();
      await stub.close();
    }
  });
});

describe('the first start upstream in team mode', () => {
  it('prints a one-time link to name the first admin, and none once the team has a member', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'first-admin-'));
    const { startTeam } = await import('../start');
    const { createConsoleApp } = await import('../app');
    const { config } = await import('../test/config');
    const settings = config({
      upstreamUrl: new URL('http://127.0.0.1:9/api'),
      orgCredentials: { clientId: 'org-first', apiKey: 'sk_first' },
      consoleDb: { file: join(dir, 'console.db') },
    });
    const first = await startTeam(settings);
    try {
      const link = first.firstAdmin && 'path' in first.firstAdmin ? first.firstAdmin.path : '';
      expect(link).toMatch(/^\/invitation\/[\w-]{43}$/);
      const app = createConsoleApp(settings, null, first.team);
      const path = link.replace('/invitation/', '/api/team/invitations/');
      expect(await (await app.request(path)).json()).toMatchObject({ purpose: 'first-admin', email: null });
      const named = await app.request(path, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          email: 'Boss@Org.example',
          name: 'Bo Boss',
          password: 'the first admin password',
        }),
      });
      expect(named.status).toBe(200);
      const answer = await app.request('/api/team/sessions', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'boss@org.example', password: 'the first admin password' }),
      });
      // An admin of a real organization sets up an authenticator before anything else.
      expect(await answer.json()).toMatchObject({ member: { role: 'admin' }, must_enroll_totp: true });
    } finally {
      await first.team.auditHead?.flush();
      await first.team.database.close();
    }
    const second = await startTeam(settings);
    expect(second.firstAdmin).toBeNull();
    await second.team.database.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
