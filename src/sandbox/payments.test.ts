import { describe, expect, it } from 'vitest';
import { transferSchema } from '../api/schemas';
import type { CreatedTenant } from './domain/tenant-factory';
import { listen, makeHarness } from './test/harness';

const ROUTING = '021000021';
const UNKNOWN = '3f1d2c4b-0000-4000-8000-000000000000';

function bankPayment(tenant: CreatedTenant, extra: Record<string, unknown> = {}) {
  return {
    amount: 1234,
    platform: 'ach',
    user_id: tenant.users[0]?.id,
    ach_info: { account_number: '123456789', routing_number: ROUTING, account_type: 'checking' },
    ...extra,
  };
}

describe('POST /v2/payments: validation', () => {
  const h = makeHarness();

  it.each([
    [1, 201],
    [100_000_000, 201],
    [0, 400],
    [100_000_001, 400],
    [-5, 400],
    [12.5, 400],
    ['1234', 400],
  ])('amount %s -> %s (1 cent to $1,000,000 inclusive, integer cents)', async (amount, status) => {
    const tenant = await h.tenant();
    const answer = await h.call('POST', '/v2/payments', { tenant, body: bankPayment(tenant, { amount }) });
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.body.errors.map((e: { path: string }) => e.path)).toEqual(['amount']);
  });

  it('lists every field problem at once, by path', async () => {
    const tenant = await h.tenant();
    const answer = await h.call('POST', '/v2/payments', {
      tenant,
      body: {
        amount: 0,
        platform: 'wire',
        customer_id: 'nope',
        ach_info: { account_number: '12ab', routing_number: '123456789', account_type: 'cash' },
        surprise: true,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe('validation-failed');
    const paths = answer.body.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(
      [
        '(body)',
        'ach_info.account_number',
        'ach_info.account_type',
        'ach_info.routing_number',
        'amount',
        'customer_id',
        'platform',
      ].sort(),
    );
  });

  it.each([
    ['123456', 400],
    ['1234567', 201],
    ['12345678901234567', 201],
    ['123456789012345678', 400],
  ])('account number %s -> %s (7 to 17 digits)', async (accountNumber, status) => {
    const tenant = await h.tenant();
    const body = bankPayment(tenant, {
      ach_info: { account_number: accountNumber, routing_number: ROUTING },
    });
    expect((await h.call('POST', '/v2/payments', { tenant, body })).status).toBe(status);
  });

  it('a routing number must pass the ABA checksum', async () => {
    const tenant = await h.tenant();
    const body = bankPayment(tenant, {
      ach_info: { account_number: '123456789', routing_number: '021000022' },
    });
    const answer = await h.call('POST', '/v2/payments', { tenant, body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { path: 'ach_info.routing_number', message: expect.stringMatching(/ABA/) },
    ]);
  });

  it('exactly one payer and exactly one source; stored accounts only for users', async () => {
    const tenant = await h.tenant();
    const user = tenant.users[0];
    const customer = tenant.customers[0];
    const account = user?.payout_methods[0]?.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ user_id: undefined }, 'user_id'],
      [{ customer_id: customer?.id }, 'user_id'],
      [{ account_id: account }, 'ach_info'],
      [{ ach_info: undefined }, 'ach_info'],
      [
        { user_id: undefined, customer_id: customer?.id, ach_info: undefined, account_id: account },
        'account_id',
      ],
    ];
    for (const [change, path] of cases) {
      const answer = await h.call('POST', '/v2/payments', { tenant, body: bankPayment(tenant, change) });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('metadata: any JSON up to 4,096 bytes', async () => {
    const tenant = await h.tenant();
    const fits = 'x'.repeat(4096 - 2);
    expect(
      (await h.call('POST', '/v2/payments', { tenant, body: bankPayment(tenant, { metadata: fits }) }))
        .status,
    ).toBe(201);
    const over = `${fits}x`;
    const refused = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant, { metadata: over }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('metadata');
  });

  it('400 comes before 403: a bad amount for a foreign user is a 400', async () => {
    const tenant = await h.tenant();
    const answer = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant, { user_id: UNKNOWN, amount: 0 }),
    });
    expect(answer.status).toBe(400);
  });
});

describe('POST /v2/payments: creation and tenancy', () => {
  const h = makeHarness();
  /** The payment moved to completed (created, pending, completed): its money arrived, with its line. */
  const settle = async (tenant: Awaited<ReturnType<typeof h.tenant>>, id: string) => {
    for (let step = 0; step < 2; step++)
      await h.call('POST', `/sandbox/transfers/${id}/advance`, { body: {} });
    return (await h.call('GET', `/v2/transfers/${id}`, { tenant })).body;
  };

  it('a bank-account payment answers a transfer (section 2.1) and never the account number', async () => {
    const tenant = await h.tenant();
    const user = tenant.users[0];
    const answer = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant, { metadata: { order: 'A-1' } }),
    });
    expect(answer.status).toBe(201);
    const transfer = transferSchema.parse(answer.body);
    expect(transfer).toMatchObject({
      user_id: user?.id,
      status: 'created',
      type: 'payment',
      amount: 1234,
      metadata: { order: 'A-1' },
      external_data: { platform: 'ach' },
    });
    expect(answer.body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // "Creates a transaction from a user or a payment customer to the app": the answer carries it, and it is the same
    // one line once the money has arrived (docs/sandbox.md, "Wallets and the ledger").
    const line = {
      id: expect.any(Number),
      amount: 1234,
      created: answer.body.created,
      source_name: `${user?.first_name} ${user?.last_name}`,
      destination_name: tenant.apps[0]?.name,
      type: 'payment',
      metadata: { order: 'A-1' },
      transfer_id: answer.body.id,
      wallet: { type: 'app', id: tenant.apps[0]?.id },
    };
    expect(answer.body.transactions).toEqual([line]);
    expect(transfer.transactions?.[0]?.id).toBe(answer.body.transactions[0].id);
    const settled = await settle(tenant, answer.body.id);
    expect(settled.transactions).toEqual(answer.body.transactions);
    // What a payment does not have is left out, not null: no payout link, no customer.
    expect(answer.body).not.toHaveProperty('payout_link_id');
    expect(answer.body).not.toHaveProperty('customer_id');
    expect(answer.text).not.toContain('123456789"');
    expect(answer.text).not.toMatch(/123456789(?!0)/);
    // The one-off account is not added to the user's payout methods.
    const methods = await h.call('GET', `/v2/users/${user?.id}/payout-methods`, { tenant });
    expect(methods.body).toHaveLength(user?.payout_methods.length ?? -1);
  });

  it('a customer pays with bank details; user_id is left out and customer_id names the payer', async () => {
    const tenant = await h.tenant();
    const customer = tenant.customers[0];
    const answer = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant, { user_id: undefined, customer_id: customer?.id }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ customer_id: customer?.id });
    expect(answer.body).not.toHaveProperty('user_id');
    expect((await settle(tenant, answer.body.id)).transactions[0].source_name).toBe(customer?.name);
  });

  it('a stored account pays, and its id is the external account', async () => {
    const tenant = await h.tenant();
    const account = tenant.users[0]?.payout_methods[1];
    const answer = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant, { ach_info: undefined, account_id: account?.id }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.external_data.account_id).toBe(account?.id);
  });

  it('Api-App-Id chooses the credited app; an app of another tenant is 403', async () => {
    const tenant = await h.tenant();
    const other = await h.tenant();
    const second = tenant.apps[1];
    const answer = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant),
      headers: { 'Api-App-Id': second?.id ?? '' },
    });
    expect((await settle(tenant, answer.body.id)).transactions[0].destination_name).toBe(second?.name);
    const foreign = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant),
      headers: { 'Api-App-Id': other.apps[0]?.id ?? '' },
    });
    expect(foreign.status).toBe(403);
  });

  it('unknown and foreign payers and accounts get one identical 403', async () => {
    const tenant = await h.tenant();
    const other = await h.tenant();
    const bodies = [
      bankPayment(tenant, { user_id: UNKNOWN }),
      bankPayment(tenant, { user_id: other.users[0]?.id }),
      bankPayment(tenant, { user_id: undefined, customer_id: UNKNOWN }),
      bankPayment(tenant, { user_id: undefined, customer_id: other.customers[0]?.id }),
      bankPayment(tenant, { ach_info: undefined, account_id: UNKNOWN }),
      bankPayment(tenant, { ach_info: undefined, account_id: other.users[0]?.payout_methods[0]?.id }),
      // another user's account in the same tenant
      bankPayment(tenant, { ach_info: undefined, account_id: tenant.users[1]?.payout_methods[0]?.id }),
    ];
    const answers = await Promise.all(bodies.map((body) => h.call('POST', '/v2/payments', { tenant, body })));
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.text).toBe(answers[0]?.text);
    }
  });
});

describe('idempotency', () => {
  const h = makeHarness();

  it('the same key and body replays the first transfer and creates nothing', async () => {
    const tenant = await h.tenant();
    const body = bankPayment(tenant, { idempotency_key: 'order-1', metadata: { a: 1, b: 2 } });
    const first = await h.call('POST', '/v2/payments', { tenant, body });
    const reordered = { metadata: { b: 2, a: 1 }, idempotency_key: 'order-1', ...bankPayment(tenant) };
    const again = await h.call('POST', '/v2/payments', { tenant, body: reordered });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const list = await h.call('GET', '/v2/transfers', { tenant });
    expect(list.body.data).toHaveLength(1);
  });

  it('the same key with a different body -> 409 idempotency-key-reused', async () => {
    const tenant = await h.tenant();
    await h.call('POST', '/v2/payments', { tenant, body: bankPayment(tenant, { idempotency_key: 'k' }) });
    const answer = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant, { idempotency_key: 'k', amount: 999 }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error_code).toBe('idempotency-key-reused');
  });

  it('a rejected request does not use the key up', async () => {
    const tenant = await h.tenant();
    const bad = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant, { idempotency_key: 'k2', user_id: UNKNOWN }),
    });
    expect(bad.status).toBe(403);
    const good = await h.call('POST', '/v2/payments', {
      tenant,
      body: bankPayment(tenant, { idempotency_key: 'k2' }),
    });
    expect(good.status).toBe(201);
  });

  it('keys are per tenant', async () => {
    const a = await h.tenant();
    const b = await h.tenant();
    const first = await h.call('POST', '/v2/payments', {
      tenant: a,
      body: bankPayment(a, { idempotency_key: 'same' }),
    });
    const second = await h.call('POST', '/v2/payments', {
      tenant: b,
      body: bankPayment(b, { idempotency_key: 'same' }),
    });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it('a key is remembered for the TTL only', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const timed = makeHarness({ idempotencyTtlMs: 1000 }, () => clock);
    const tenant = await timed.tenant();
    const body = bankPayment(tenant, { idempotency_key: 'ttl' });
    const first = await timed.call('POST', '/v2/payments', { tenant, body });
    clock += 999;
    expect((await timed.call('POST', '/v2/payments', { tenant, body })).body.id).toBe(first.body.id);
    clock += 2;
    const later = await timed.call('POST', '/v2/payments', { tenant, body });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('twenty concurrent requests with one key over HTTP: all 201, one transfer', async () => {
    const tenant = await h.tenant();
    const server = await listen(h.sandbox.app);
    try {
      const body = JSON.stringify(bankPayment(tenant, { idempotency_key: 'burst' }));
      const headers = {
        Authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`,
        'Content-Type': 'application/json',
      };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${server.url}/v2/payments`, { method: 'POST', headers, body }),
        ),
      );
      const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
      expect(new Set(ids).size).toBe(1);
      expect((await h.call('GET', '/v2/transfers', { tenant })).body.data).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
