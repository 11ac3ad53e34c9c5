import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../sandbox/app';
import { totpCode } from '../identity/totp';
import { ensureOrganization, insertMember } from '../members/members';
import { V2_ROWS } from '../pipeline/v2-table';
import { basic, teamConsole } from '../test/console';

type Role = 'viewer' | 'support' | 'finance' | 'admin';
const ROLES: Role[] = ['viewer', 'support', 'finance', 'admin'];

const APP = '7c1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11';
const USER = '8a1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11';
const BILL = '5e1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11';

/**
 * Other spellings of the routes that move money or say where it goes, as a service routing loosely might read them
 * (a format suffix, a matrix parameter, doubled, trailing or encoded slashes, an encoded character), other methods on
 * known paths, and paths the console never calls. Written out here, not read from the module under test.
 */
const ODD: [method: string, path: string][] = [
  ['POST', '/v2/payouts.json'],
  ['POST', '/v2/payouts;x'],
  ['POST', '/v2/payouts;jsessionid=1'],
  ['POST', '/v2/payouts/'],
  ['POST', '/v2//payouts'],
  ['POST', '/v2/payouts.'],
  ['POST', '/v2/payouts%3Bx'],
  ['POST', '/v2/payouts%2Ejson'],
  ['POST', '/v2/payouts%20'],
  ['POST', '/v2/payouts/send-payout.json'],
  ['POST', `/v2/apps/${APP}/withdraw.json`],
  ['POST', `/v2/apps/${APP}/withdraw;x`],
  ['POST', `/v2/apps/${APP}%2Fwithdraw`],
  ['POST', `/v2/apps/${APP}/deposit/`],
  ['PUT', `/v2/apps/${APP}/ach-account.json`],
  ['PUT', `/v2/apps/${APP}//ach-account`],
  ['PUT', `/v2/users/${USER}/payout-methods.json`],
  ['PUT', `/v2/users/${USER}/payout-methods;x`],
  ['POST', '/v2/transfers.json'],
  ['POST', '/v2/transfers/'],
  ['POST', '/v2/payments.json'],
  ['POST', '/v2/payments%2F'],
  ['POST', '/v2/organization-transfers.json'],
  ['POST', '/v2/transfer-batches;x'],
  ['POST', `/v2/accounts-payable/payables/${BILL}/pay.json`],
  ['DELETE', `/v2/users/${USER}.json`],
  ['PATCH', '/v2/payouts'],
  ['PUT', '/v2/payments'],
  ['POST', `/v2/users/${USER}`],
  ['DELETE', `/v2/transfers/${USER}`],
  ['POST', '/v2/payouts/cancel'],
  ['POST', '/v2/admin/keys'],
  ['POST', '/v2'],
  ['GET', '/v2/transfers.json'],
  ['GET', '/v2/transfers/'],
  ['GET', '/v2/internal/keys'],
  // Where the service's events go is the console server's own business (events/subscribe.ts, with the organization's
  // key): no member, and no caller through the gate, may point them elsewhere or read the signing secret.
  ['POST', '/v2/event-subscriptions'],
  ['GET', '/v2/event-subscriptions'],
  ['POST', '/v2/event-subscriptions/x/rotate-secret'],
];

async function send(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  authorization: string,
  method: string,
  path: string,
) {
  const body =
    method === 'GET' ? undefined : JSON.stringify({ amount: 5_000_000, user_id: USER, platform: 'default' });
  const answer = await app.request(path, {
    method,
    headers: {
      Authorization: authorization,
      ...(body ? { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() } : {}),
    },
    body,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const refusedAsNoRoute = {
  success: false,
  error_code: 'route-not-found',
  message: expect.stringMatching(/^No route /),
};

describe('upstream: a request that is no operation of the console never reaches the service', async () => {
  const ORG = { clientId: 'org-client-odd', apiKey: 'sk_live_org_key_odd_paths_3c1d' };
  const arrivals: { method: string; url: string }[] = [];
  const stub = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push({ method: req.method ?? '', url: req.url ?? '' });
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(req.url?.includes('/v2/apps?') ? [] : { id: USER }));
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
  const sessions = new Map<Role, string>();
  for (const role of ROLES) {
    const member = { email: `${role}@odd.example`, password: `pw-${role}-long-enough` };
    await insertMember(server.team.database.db, {
      orgId: org.id,
      name: role,
      role,
      ...member,
      totpSecret: TOTP,
    });
    sessions.set(role, await server.signIn({ ...member, totp: totpCode(TOTP) }));
  }
  afterAll(async () => {
    await server.close();
    stub.close();
  });

  it.each(ROLES)(
    '%s: every odd form is refused with a 404 in the error shape, and nothing arrives',
    async (role) => {
      const authorization = sessions.get(role) ?? '';
      const before = arrivals.length;
      for (const [method, path] of ODD) {
        const answer = await send(server.app, authorization, method, path);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body, `${method} ${path}`).toMatchObject(refusedAsNoRoute);
      }
      expect(arrivals.slice(before)).toEqual([]);
      // The count is of real arrivals: an operation the console knows still arrives.
      expect((await send(server.app, authorization, 'GET', '/v2/transfers')).status).toBe(200);
      expect(arrivals.slice(before)).toEqual([{ method: 'GET', url: '/api/v2/transfers' }]);
    },
  );

  it('writes each refusal to the trail, with the member', async () => {
    const admin = sessions.get('admin') ?? '';
    expect((await send(server.app, admin, 'POST', '/v2/payouts.json')).status).toBe(404);
    const line = await server.team.database.db
      .selectFrom('audit_events')
      .selectAll()
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ status: 404, outcome: 'refused', action: 'v2.other' });
    expect(line.member_id).not.toBeNull();
  });
});

describe('sandbox: a request that is no operation of the console never reaches the embedded service', async () => {
  const server = await teamConsole();
  const tenant = await server.tenant();
  const sandbox = server.sandbox;
  if (!sandbox) throw new Error('sandbox mode');
  const arrivals: string[] = [];
  const serve = sandbox.app.fetch;
  sandbox.app.fetch = (request, ...rest) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/v2')) arrivals.push(`${request.method} ${path}`);
    return serve(request, ...rest);
  };
  const callers = new Map<string, string>([['organization key', basic(tenant.client_id, tenant.api_key)]]);
  for (const member of tenant.members) callers.set(member.role, await server.signIn(member));
  afterAll(() => server.close());

  it.each([...callers.keys()])(
    '%s: every odd form is refused with a 404, and nothing arrives',
    async (who) => {
      const authorization = callers.get(who) ?? '';
      const before = arrivals.length;
      for (const [method, path] of ODD) {
        const answer = await send(server.app, authorization, method, path);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body, `${method} ${path}`).toMatchObject(refusedAsNoRoute);
      }
      expect(arrivals.slice(before)).toEqual([]);
      expect((await send(server.app, authorization, 'GET', '/v2/transfers')).status).toBe(200);
      expect(arrivals.slice(before)).toEqual(['GET /v2/transfers']);
    },
  );
});

describe('the operations the console knows', () => {
  it('are the service’s operations, each of them: none refused that the console serves, none sent that it lacks', () => {
    // But the sandbox's event subscriptions (an extension), which only the console server itself manages (ODD above).
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    const served = sandbox.routes
      .filter((route) => route.path.startsWith('/v2/') && !route.path.startsWith('/v2/event-subscriptions'))
      .map((route) => `${route.method} ${route.path.replace(/\{\w+\}/g, '*')}`);
    sandbox.close();
    const declared = V2_ROWS.map((row) => `${row.method} ${row.path}`);
    expect([...declared].sort()).toEqual([...served].sort());
  });
});
