import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../identity/totp';
import { ensureOrganization, insertMember } from '../members/members';
import { basic, caller, type MemberCredentials, teamConsole } from '../test/console';

type Role = MemberCredentials['role'];
const EVERYONE: Role[] = ['viewer', 'support', 'finance', 'admin'];
const SUPPORT_UP: Role[] = ['support', 'finance', 'admin'];
const FINANCE_UP: Role[] = ['finance', 'admin'];

interface Ids {
  user: string;
  customer: string;
  app: string;
  transfer: string;
}

/** Every /v2 route the console uses, with who may call it: written out here, not read from the module under test. */
const ROUTES: {
  method: string;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  allowed: Role[];
}[] = [
  { method: 'GET', path: () => '/v2/organizations', allowed: EVERYONE },
  { method: 'GET', path: () => '/v2/users?limit=5', allowed: EVERYONE },
  { method: 'GET', path: (i) => `/v2/users/${i.user}`, allowed: EVERYONE },
  { method: 'GET', path: (i) => `/v2/users/${i.user}/payout-methods`, allowed: EVERYONE },
  { method: 'GET', path: () => '/v2/payment-customers', allowed: EVERYONE },
  { method: 'GET', path: (i) => `/v2/payment-customers/${i.customer}`, allowed: EVERYONE },
  { method: 'GET', path: () => '/v2/apps', allowed: EVERYONE },
  { method: 'GET', path: (i) => `/v2/apps/${i.app}`, allowed: EVERYONE },
  { method: 'GET', path: (i) => `/v2/apps/${i.app}/compliance`, allowed: EVERYONE },
  { method: 'GET', path: () => '/v2/transfers', allowed: EVERYONE },
  { method: 'GET', path: (i) => `/v2/transfers/${i.transfer}`, allowed: EVERYONE },
  {
    method: 'PUT',
    path: (i) => `/v2/users/${i.user}/addresses`,
    body: () => ({
      line_1: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      postcode: '94105',
      country: 'US',
    }),
    allowed: SUPPORT_UP,
  },
  {
    method: 'PUT',
    path: (i) => `/v2/organizations/copy-organization-compliance-to-app/${i.app}`,
    allowed: SUPPORT_UP,
  },
  {
    method: 'POST',
    path: () => '/v2/payments',
    body: (i) => ({
      amount: 125,
      platform: 'ach',
      user_id: i.user,
      ach_info: { account_number: '99887766554', routing_number: '021000021' },
    }),
    allowed: FINANCE_UP,
  },
  // A write the console does not make: closed to all but admins until someone opens it.
  { method: 'DELETE', path: (i) => `/v2/users/${i.user}`, allowed: ['admin'] },
];

const CASES = ROUTES.flatMap((route) =>
  EVERYONE.map((role) => ({
    role,
    route,
    label: `${role} ${route.method} ${route.path({ user: '{user}', customer: '{c}', app: '{app}', transfer: '{t}' })}`,
  })),
);

async function call(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  authorization: string,
  route: (typeof ROUTES)[number],
  ids: Ids,
) {
  const body = route.body?.(ids);
  return app.request(route.path(ids), {
    method: route.method,
    headers: {
      Authorization: authorization,
      ...(body ? { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe('the role matrix, against the sandbox', async () => {
  const server = await teamConsole();
  const tenant = await server.tenant();
  const sessions = new Map<Role, string>();
  let ids: Ids;
  beforeAll(async () => {
    for (const member of tenant.members) sessions.set(member.role, await server.signIn(member));
    const orgKey = basic(tenant.client_id, tenant.api_key);
    const paid = await server.app.request('/v2/payments', {
      method: 'POST',
      headers: { Authorization: orgKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: 100,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '12345678', routing_number: '021000021' },
      }),
    });
    const transfer = (await paid.json()) as { id: string };
    ids = {
      user: tenant.users[0]?.id ?? '',
      customer: tenant.customers[0]?.id ?? '',
      app: tenant.apps[0]?.id ?? '',
      transfer: transfer.id,
    };
  });
  afterAll(() => server.close());

  it.each(CASES)('$label', async ({ role, route }) => {
    const answer = await call(server.app, sessions.get(role) ?? '', route, ids);
    const body = (await answer.json()) as { error_code?: string; message?: string };
    if (route.allowed.includes(role)) {
      expect(answer.status, JSON.stringify(body)).not.toBe(403);
      expect(answer.status).not.toBe(401);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    } else {
      expect(answer.status).toBe(403);
      expect(body.error_code).toBe('forbidden-for-role');
      expect(body.message).toMatch(/needs the (Support|Finance|Admin) role/);
    }
  });
});

describe('the role matrix, upstream: the organization key arrives, the member secret never does', async () => {
  const ORG = { clientId: 'org-client-7', apiKey: 'sk_live_org_key_never_shown_7f3a' };
  const arrivals: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const stub = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      arrivals.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' });
      // The organization has no apps (a policy switched on reads them, for their auto-refills).
      const apps = req.method === 'GET' && req.url?.includes('/v2/apps?');
      res.end(JSON.stringify(apps ? [] : { id: '3f1e0c52-5cde-4bd5-9b68-2d0c1a5a2f11' }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const upstream = new URL(`http://127.0.0.1:${(stub.address() as AddressInfo).port}/api`);
  const server = await teamConsole({ upstream, orgCredentials: ORG });
  const org = await ensureOrganization(server.team.database.db, {
    clientId: ORG.clientId,
    name: 'Org',
    sandboxApiKey: null,
  });
  const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const sessions = new Map<Role, { authorization: string; secret: string }>();
  for (const role of EVERYONE) {
    const member = { email: `${role}@org.example`, password: `pw-${role}-long-enough` };
    // Finance and admin need a second factor outside the sandbox.
    await insertMember(server.team.database.db, {
      orgId: org.id,
      name: role,
      role,
      ...member,
      totpSecret: TOTP,
    });
    const authorization = await server.signIn({ ...member, totp: totpCode(TOTP) });
    const secret = Buffer.from(authorization.slice(6), 'base64').toString().split(':')[1] ?? '';
    sessions.set(role, { authorization, secret });
  }
  const ids: Ids = {
    user: '8a1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11',
    customer: '9b1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11',
    app: '7c1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11',
    transfer: '6d1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11',
  };
  afterAll(async () => {
    await server.close();
    stub.close();
  });

  it.each(CASES)('$label', async ({ role, route }) => {
    const session = sessions.get(role);
    if (!session) throw new Error(role);
    const before = arrivals.length;
    const answer = await call(server.app, session.authorization, route, ids);
    if (route.allowed.includes(role)) {
      expect(answer.status).toBeLessThan(300);
      expect(arrivals).toHaveLength(before + 1);
      const arrived = arrivals[before];
      expect(arrived?.headers.authorization).toBe(basic(ORG.clientId, ORG.apiKey));
      expect(arrived?.url).toBe(`/api${route.path(ids)}`);
    } else {
      expect(answer.status).toBe(403);
      expect(arrivals).toHaveLength(before);
    }
    for (const arrived of arrivals) {
      expect(JSON.stringify(arrived)).not.toContain(session.secret);
      expect(JSON.stringify(arrived)).not.toContain('mem_');
    }
    expect(await answer.text()).not.toContain(ORG.apiKey);
  });

  it('refuses a money write sent as text/plain itself (415, as the sandbox does): it never reaches a service that would read it as JSON', async () => {
    const finance = sessions.get('finance');
    if (!finance) throw new Error('finance');
    const before = arrivals.length;
    const answer = await server.app.request('/v2/payments', {
      method: 'POST',
      headers: { Authorization: finance.authorization, 'Content-Type': 'text/plain' },
      body: JSON.stringify({
        amount: 2_500,
        platform: 'ach',
        user_id: ids.user,
        ach_info: { account_number: '99887766554', routing_number: '021000021' },
      }),
    });
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({ success: false, error_code: 'unsupported-media-type' });
    expect(arrivals).toHaveLength(before);
  });

  it('refuses a path in another letter case, which an upstream routing without regard to case would take as the route', async () => {
    const admin = sessions.get('admin')?.authorization ?? '';
    const viewer = sessions.get('viewer')?.authorization ?? '';
    const policy = await caller(server.app, admin).put('/api/team/policy', {
      enabled: true,
      limit_cents: 100_000,
      approvals_needed: 1,
    });
    expect(policy.status, policy.text).toBe(200);
    const body = { user_id: ids.user, amount: 5_000_000, platform: 'default', fund: true };
    const before = arrivals.length;
    const held = await caller(server.app, admin).post('/v2/payouts', {
      ...body,
      idempotency_key: crypto.randomUUID(),
    });
    expect(held.status).toBe(403);
    expect(held.body.error_code).toBe('approval-required');
    for (const [who, method, path] of [
      [admin, 'POST', '/v2/PAYOUTS'],
      [admin, 'POST', '/v2/Payouts/Send-Payout'],
      [viewer, 'GET', '/v2/Payout-Links'],
      [viewer, 'GET', '/v2/PAYOUT-REQUESTS'],
    ] as const) {
      const answer = await server.app.request(path, {
        method,
        headers: { Authorization: who, 'Content-Type': 'application/json' },
        ...(method === 'POST'
          ? { body: JSON.stringify({ ...body, idempotency_key: crypto.randomUUID() }) }
          : {}),
      });
      expect(answer.status, path).toBe(400);
      expect(await answer.json(), path).toMatchObject({ success: false, error_code: 'non-canonical-path' });
    }
    // Nothing reached the service; an id in capitals is still an id.
    expect(arrivals).toHaveLength(before);
    const upper = await caller(server.app, viewer).get(`/v2/transfers/${ids.transfer.toUpperCase()}`);
    expect(upper.status).toBe(200);
    const lines = await caller(server.app, admin).get('/api/team/audit?outcome=refused&limit=10');
    expect(lines.body.data.filter((l: { status: number }) => l.status === 400)).toHaveLength(4);
    await caller(server.app, admin).put('/api/team/policy', {
      enabled: false,
      limit_cents: 100_000,
      approvals_needed: 1,
    });
  });

  it('refuses the organization key itself from a browser: upstream, only members come through', async () => {
    const before = arrivals.length;
    const answer = await server.app.request('/v2/organizations', {
      headers: { Authorization: basic(ORG.clientId, ORG.apiKey) },
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error_code: string }).error_code).toBe('member-credentials-required');
    expect(arrivals).toHaveLength(before);
  });
});
