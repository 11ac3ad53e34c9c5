import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRISM, prismMissing, VENDOR_OPENAPI } from '../../scripts/vendor-contract.mjs';
import { driveAccountsPayable } from './contract-accounts-payable';
import type { CreatedTenant } from './domain/tenant-factory';
import {
  driveOnboarding,
  expectCleanButTaxIds,
  NOT_YET_SERVED,
  vendorOperations,
} from './test/contract-onboarding';
import { driveWalletRoutes } from './test/contract-wallets';
import { basic, makeHarness } from './test/harness';

/**
 * The sandbox's answers against the vendor's contract. Prism in proxy mode stands in front of the sandbox, validates
 * every request and every answer against the vendor's OpenAPI and names each response violation in the
 * `sl-violations` header. A user who generates a client from the vendor's document and points it at the sandbox
 * meets exactly these answers. Every /v2 route the sandbox serves is driven (the last test checks that none was
 * left out).
 */
const missing = prismMissing();
const TITLE = "the sandbox's answers against the vendor's contract";

interface Call {
  method: string;
  path: string;
  status: number;
  violations: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  body: any;
}

describe.skipIf(missing)(missing ? `${TITLE}: SKIPPED, ${missing}` : TITLE, () => {
  const h = makeHarness();
  let server: ReturnType<typeof serve>;
  let prism: ChildProcess;
  let prismUrl = '';
  let tenant: CreatedTenant;
  const calls: Call[] = [];

  async function call(method: string, path: string, body?: unknown): Promise<Call> {
    const response = await fetch(`${prismUrl}${path}`, {
      method,
      headers: {
        Authorization: basic(tenant),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const answer = {
      method,
      path,
      status: response.status,
      violations: response.headers.get('sl-violations') ?? '',
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(answer);
    return answer;
  }

  beforeAll(async () => {
    server = serve({ fetch: h.sandbox.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    tenant = await h.tenant({ compliance: true, transfers: 3 });
    const port = await freePort();
    prismUrl = `http://127.0.0.1:${port}`;
    prism = spawn(PRISM, ['proxy', '-h', '127.0.0.1', '-p', String(port), VENDOR_OPENAPI, upstream], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`${prismUrl}/v2/organizations`, { headers: { Authorization: basic(tenant) } })
        .then(() => true)
        .catch(() => false);
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('Prism did not start');
  }, 60_000);

  afterAll(() => {
    prism?.kill();
    server?.close();
    h.sandbox.close();
  });

  const expectClean = (answer: Call, status: number) => {
    expect(answer.status, `${answer.method} ${answer.path}: ${JSON.stringify(answer.body)}`).toBe(status);
    expect(answer.violations, `${answer.method} ${answer.path}`).toBe('');
  };

  it('organizations, apps and compliance', async () => {
    const app = tenant.apps[0]?.id;
    expectClean(await call('GET', '/v2/organizations'), 200);
    expectClean(await call('GET', '/v2/apps'), 200);
    expectClean(await call('GET', `/v2/apps/${app}`), 200);
    expectClean(await call('PUT', `/v2/organizations/copy-organization-compliance-to-app/${app}`), 200);
    // An app's record answers its EIN by the last four digits (docs/sandbox.md, "Onboarding").
    expectCleanButTaxIds(await call('GET', `/v2/apps/${app}/compliance`), 200);
  });

  it('users, their addresses and payout methods', async () => {
    const user = tenant.users[0]?.id;
    expectClean(await call('GET', '/v2/users'), 200);
    expectClean(await call('GET', `/v2/users/${user}`), 200);
    expectClean(await call('GET', `/v2/users/${user}/payout-methods`), 200);
    expectClean(
      await call('PUT', `/v2/users/${user}/addresses`, {
        line_1: '1 Market Street',
        city: 'San Francisco',
        state: 'CA',
        postcode: '94105',
        country: 'US',
      }),
      200,
    );
    expectClean(
      await call('PUT', `/v2/users/${user}/payout-methods`, { platform: 'paypal', email: 'pat@example.com' }),
      200,
    );
  });

  it('payments, by a user and by a payment customer, and the transfers they make', async () => {
    const user = tenant.users[0]?.id;
    const ach_info = { account_number: '123456789', routing_number: '021000021', account_type: 'checking' };
    const byUser = await call('POST', '/v2/payments', {
      amount: 1234,
      platform: 'ach',
      user_id: user,
      ach_info,
    });
    expectClean(byUser, 201);
    const byCustomer = await call('POST', '/v2/payments', {
      amount: 500,
      platform: 'ach',
      customer_id: tenant.customers[0]?.id,
      ach_info,
    });
    expectClean(byCustomer, 201);
    expectClean(await call('GET', '/v2/payment-customers'), 200);
    expectClean(await call('GET', `/v2/payment-customers/${byCustomer.body.customer_id}`), 200);
    expectClean(await call('GET', '/v2/transfers'), 200);
    expectClean(await call('GET', `/v2/transfers/${byUser.body.id}`), 200);
    expectClean(await call('GET', `/v2/transfers/${byCustomer.body.id}`), 200);
  });

  it('payouts, payout links, payout batches and payout requests', async () => {
    const [first, second] = tenant.users;
    const payout = await call('POST', '/v2/payouts', {
      user_id: second?.id,
      amount: 700,
      platform: 'paypal',
      fund: true,
      idempotency_key: crypto.randomUUID(),
      metadata: { invoice: 'I-1' },
    });
    expectClean(payout, 201);
    expectClean(await call('GET', `/v2/transfers/${payout.body.id}`), 200);
    expectClean(await call('POST', '/v2/payouts/send-payout', { amount: 300, user_id: second?.id }), 201);
    const link = await call('POST', '/v2/payout-links', {
      amount: 1_000,
      payee: { email: 'rae@example.com' },
      delivery: { method: 'email' },
      memo: 'Thank you',
    });
    expectClean(link, 201);
    expectClean(await call('GET', '/v2/payout-links'), 200);
    expectClean(await call('GET', `/v2/payout-links/${link.body.id}`), 200);
    expectClean(await call('POST', `/v2/payout-links/${link.body.id}/redeliver`), 200);
    expectClean(await call('DELETE', `/v2/payout-links/${link.body.id}`), 200);
    const batch = await call('POST', '/v2/payout-batches', {
      items: [first, second].map((user, i) => ({
        user_id: user?.id,
        amount: 100 + i,
        platform: i ? 'paypal' : 'venmo',
        fund: true,
        idempotency_key: crypto.randomUUID(),
      })),
      idempotency_key: crypto.randomUUID(),
    });
    expectClean(batch, 200);
    expectClean(await call('GET', '/v2/payout-batches'), 200);
    expectClean(await call('GET', `/v2/payout-batches/${batch.body.id}`), 200);
    expectClean(await call('GET', `/v2/payout-batches/${batch.body.id}/results`), 200);
    const request = await call('POST', '/v2/payout-requests', { amount: 4_200, user_id: first?.id });
    expectClean(request, 201);
    expectClean(await call('GET', '/v2/payout-requests'), 200);
    expectClean(await call('GET', `/v2/payout-requests/${request.body.id}`), 200);
  });

  /**
   * The document lists few refusals (most operations list only their success), so Prism warns that it cannot match
   * the status code; what it must not find is an error in a shape the document does give.
   */
  const expectRefusal = (answer: Call, status: number) => {
    expect(answer.status, `${answer.method} ${answer.path}: ${JSON.stringify(answer.body)}`).toBe(status);
    expect(answer.body).toMatchObject({ success: false, error_code: expect.any(String) });
    const found = answer.violations ? (JSON.parse(answer.violations) as { severity: string }[]) : [];
    expect(
      found.filter((v) => v.severity !== 'Warning'),
      `${answer.method} ${answer.path}`,
    ).toEqual([]);
  };

  it("refusals: a transfer not the tenant's, a payout above the wallet, a payout key used twice", async () => {
    const user = tenant.users[1]?.id;
    expectRefusal(await call('GET', `/v2/transfers/${crypto.randomUUID()}`), 403);
    const tooMuch = { user_id: user, amount: 1_000_000_000, platform: 'paypal', fund: true };
    expectRefusal(await call('POST', '/v2/payouts', tooMuch), 400);
    const once = {
      user_id: user,
      amount: 1,
      platform: 'paypal',
      fund: true,
      idempotency_key: crypto.randomUUID(),
    };
    expectClean(await call('POST', '/v2/payouts', once), 201);
    expectRefusal(await call('POST', '/v2/payouts', once), 409);
  });

  it('wallets: the ACH account, settings, deposits, withdrawals, transfers, batches and the ledger', async () => {
    await driveWalletRoutes({ call, expectClean, expectRefusal }, tenant);
  });

  it('users, flows, payment customers, apps and the copy of compliance between apps', async () => {
    await driveOnboarding({
      tenant,
      call,
      expectClean,
      expectRefusal,
      verificationCode: async (userId) =>
        (await h.call('GET', `/sandbox/users/${userId}/verification-code`)).body.code as string,
    });
  });

  it('accounts payable: vendors, their methods, bills, policies, approvers', async () => {
    const seeded = await h.call('PUT', `/sandbox/tenants/${tenant.client_id}/accounts-payable`, {
      body: {
        users: [
          { email: 'creator@contract.example', name: 'Cora Creator', role: 'ap_creator' },
          { email: 'admin@contract.example', name: 'Ari Admin', role: 'admin' },
        ],
      },
    });
    const users = seeded.body.ap_users as { id: number; role: string }[];
    const upload = async (path: string, form: FormData): Promise<Call> => {
      const response = await fetch(`${prismUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: basic(tenant) },
        body: form,
      });
      const answer = {
        method: 'POST',
        path,
        status: response.status,
        violations: response.headers.get('sl-violations') ?? '',
        body: await response.json(),
      };
      calls.push(answer);
      return answer;
    };
    await driveAccountsPayable({
      call,
      upload,
      expectClean,
      expectRefusal,
      apUser: (role) => users.find((user) => user.role === role)?.id as number,
    });
  });

  it('drove every /v2 route the sandbox serves', () => {
    // An extension (the bill's PDF, its file_url) is not in the vendor's document, so the proxy cannot judge it.
    const served = h.sandbox.routes.filter((route) => route.path.startsWith('/v2') && !route.extension);
    const pattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
    const missed = served
      .filter((route) => !calls.some((c) => c.method === route.method && pattern(route.path).test(c.path)))
      .map((route) => `${route.method} ${route.path}`);
    expect(missed).toEqual([]);
  });

  it("serves every operation of the vendor's document but those listed as not yet served", () => {
    const operations = vendorOperations(VENDOR_OPENAPI);
    expect(operations).toHaveLength(82);
    const served = new Set(
      h.sandbox.routes.filter((route) => route.path.startsWith('/v2')).map((r) => `${r.method} ${r.path}`),
    );
    const unserved = operations.filter((operation) => !served.has(operation));
    expect(unserved.sort()).toEqual([...NOT_YET_SERVED].sort());
    // Served is served by the document's own path: no operation of the sandbox's is in the list.
    expect(NOT_YET_SERVED.filter((operation) => served.has(operation))).toEqual([]);
    expect(operations.length - unserved.length).toBe(82 - NOT_YET_SERVED.length);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
    probe.once('listening', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
