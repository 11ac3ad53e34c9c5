import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CreatedTenant } from './domain/tenant-factory';
import { TENANT_WALLET_CENTS } from './domain/tenant-factory';
import { type Harness, makeHarness } from './test/harness';

/** Money out, as the vendor's document describes it: payouts, payout links, payout batches, payout requests. */

/** The vendor's `transfer` (the fields it lists, typed as it types them: never null where it says string). */
const vendorTransfer = z.looseObject({
  id: z.uuid(),
  created: z.iso.datetime(),
  user_id: z.uuid(),
  status: z.enum(['created', 'pending', 'failed', 'completed', 'reversed', 'canceled', 'flagged']),
  type: z.literal('payout'),
  amount: z.number(),
  external_data: z.looseObject({ account_id: z.string(), external_id: z.string(), platform: z.string() }),
  transactions: z.array(
    z.looseObject({ id: z.int(), amount: z.number(), type: z.string(), transfer_id: z.uuid() }),
  ),
  payout_link_id: z.uuid().optional(),
});
const vendorLink = z.looseObject({
  id: z.uuid(),
  created: z.iso.datetime(),
  link: z.url(),
  amount: z.number(),
  status: z.enum([
    'created',
    'delivery_pending',
    'delivery_failed',
    'sent',
    'delivered',
    'claimed',
    'reversed',
    'canceled',
    'expired',
    'failed',
  ]),
  delivery: z.looseObject({ method: z.enum(['link', 'sms', 'email', 'all']) }),
  funding_source: z.enum(['dots_balance', 'ach']),
});
const vendorBatch = z.looseObject({
  id: z.uuid(),
  created: z.iso.datetime(),
  status: z.enum(['created', 'processing', 'paying_out', 'completed']),
});

const key = () => crypto.randomUUID();
/** The token a payout link's URL carries: what its payee (and the claim helper) opens it by. */
const tokenOf = (link: string) => new URL(link).pathname.slice(1);

async function walletOf(h: Harness, tenant: CreatedTenant, app = tenant.apps[0]?.id): Promise<number> {
  const answer = await h.call('GET', `/v2/apps/${app}`, { tenant });
  const [dollars = '0', cents = '0'] = String(answer.body.metrics.wallet_balance).split('.');
  return Number(dollars) * 100 + Number(cents);
}

describe('payouts', () => {
  const h = makeHarness();

  it("pays a user to each kind of saved method from the app's wallet, and answers the vendor's transfer", async () => {
    const tenant = await h.tenant();
    const [first, second] = tenant.users;
    const before = await walletOf(h, tenant);
    const ach = await h.call('POST', '/v2/payouts', {
      tenant,
      body: {
        user_id: first?.id,
        amount: 2_500,
        platform: 'ach',
        account_id: first?.payout_methods[0]?.id,
        fund: true,
        idempotency_key: key(),
      },
    });
    expect(ach.status).toBe(201);
    expect(vendorTransfer.parse(ach.body)).toBeTruthy();
    // One line, the app's wallet's: the money leaves it for the payee's account.
    expect(ach.body.transactions.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
      ['payout', -ach.body.amount],
    ]);
    expect(ach.body.transactions[0].destination_name).toMatch(/^Checking •••• \d{4}$/);
    for (const [user, platform] of [
      [first, 'venmo'],
      [second, 'paypal'],
      [second, 'cash_app'],
      [second, 'default'],
    ] as const) {
      const paid = await h.call('POST', '/v2/payouts', {
        tenant,
        body: {
          user_id: user?.id,
          amount: 1_000,
          platform,
          fund: true,
          idempotency_key: key(),
          metadata: { invoice: 'I-1' },
        },
      });
      expect(paid.status, `${platform}: ${paid.text}`).toBe(201);
      expect(vendorTransfer.parse(paid.body).external_data.platform).toBe(
        platform === 'default' ? 'paypal' : platform,
      );
    }
    // The PayPal address is shown masked in what the service records.
    expect(
      JSON.stringify((await h.call('GET', '/v2/transfers?type=payout&limit=10', { tenant })).body),
    ).toContain('PayPal');
    expect(await walletOf(h, tenant)).toBe(before - 2_500 - 4 * 1_000);
  });

  it('refuses a key used before (the vendor rejects it; it does not answer the first payout again)', async () => {
    const tenant = await h.tenant();
    const body = {
      user_id: tenant.users[1]?.id,
      amount: 700,
      platform: 'paypal',
      fund: true,
      idempotency_key: key(),
    };
    expect((await h.call('POST', '/v2/payouts', { tenant, body })).status).toBe(201);
    const again = await h.call('POST', '/v2/payouts', { tenant, body });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_code: 'idempotency-key-used' });
    const payouts = await h.call('GET', '/v2/transfers?type=payout&limit=10', { tenant });
    expect(payouts.body.data).toHaveLength(1);
  });

  it("refuses a payout above the wallet's balance with the field at fault, never a 5xx", async () => {
    const tenant = await h.tenant();
    const answer = await h.call('POST', '/v2/payouts', {
      tenant,
      body: { user_id: tenant.users[1]?.id, amount: TENANT_WALLET_CENTS + 1, platform: 'paypal', fund: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'insufficient-funds', errors: [{ path: 'amount' }] });
    expect(await walletOf(h, tenant)).toBe(TENANT_WALLET_CENTS);
    // Refilled by the sandbox's helper, it goes.
    await h.call('POST', `/sandbox/apps/${tenant.apps[0]?.id}/refill`, { body: { amount: 100 } });
    const paid = await h.call('POST', '/v2/payouts', {
      tenant,
      body: { user_id: tenant.users[1]?.id, amount: TENANT_WALLET_CENTS + 1, platform: 'paypal', fund: true },
    });
    expect(paid.status).toBe(201);
    expect(await walletOf(h, tenant)).toBe(99);
  });

  it('returns the money to the wallet, visibly, when a payout fails', async () => {
    const tenant = await h.tenant();
    const user = tenant.users[0];
    const method = await h.call('PUT', `/v2/users/${user?.id}/payout-methods`, {
      tenant,
      body: {
        platform: 'ach',
        routing_number: '021000021',
        account_number: '4440001',
        account_type: 'checking',
      },
    });
    expect(method.status).toBe(200);
    expect(method.text).not.toContain('4440001');
    const before = await walletOf(h, tenant);
    const paid = await h.call('POST', '/v2/payouts', {
      tenant,
      body: { user_id: user?.id, amount: 5_000, platform: 'ach', account_id: method.body.id, fund: true },
    });
    expect(await walletOf(h, tenant)).toBe(before - 5_000);
    for (let step = 0; step < 2; step++)
      await h.call('POST', `/sandbox/transfers/${paid.body.id}/advance`, { body: {} });
    const failed = await h.call('GET', `/v2/transfers/${paid.body.id}`, { tenant });
    expect(failed.body).toMatchObject({ status: 'failed', failure_reason: { code: 'R01' } });
    expect(failed.body.transactions.at(-1)).toMatchObject({
      type: 'balance',
      amount: 5_000,
      source_name: expect.stringMatching(/^Returned payout: /),
      destination_name: tenant.apps[0]?.name,
    });
    // Named by where the payout had gone, never as "The payee".
    expect(failed.body.transactions.at(-1).source_name).toBe(
      `Returned payout: ${failed.body.transactions.at(0).destination_name}`,
    );
    expect(await walletOf(h, tenant)).toBe(before);
  });

  it('adds payout methods of each kind, and names the field a method lacks', async () => {
    const tenant = await h.tenant();
    const user = tenant.users[0]?.id;
    const put = (body: unknown) => h.call('PUT', `/v2/users/${user}/payout-methods`, { tenant, body });
    expect(
      (await put({ platform: 'paypal', email: 'pat@example.com', is_default: true })).body,
    ).toMatchObject({ platform: 'paypal', email: 'pat@example.com' });
    expect((await put({ platform: 'venmo', phone_number: '4158934432' })).status).toBe(200);
    expect((await put({ platform: 'cash_app', cash_tag: 'pat' })).body).toMatchObject({ cash_tag: '$pat' });
    const missing = await put({ platform: 'ach', routing_number: '021000021' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'account_number',
      'account_type',
    ]);
    const user_ = await h.call('GET', `/v2/users/${user}`, { tenant });
    expect(user_.body).toMatchObject({
      default_payout_method: 'paypal',
      default_payout_method_details: { email: 'pat@example.com' },
    });
  });
});

describe('payout links', () => {
  const h = makeHarness();

  it('go through every status the document lists, holding and returning their money', async () => {
    const tenant = await h.tenant();
    const wallet = () => walletOf(h, tenant);
    const start = await wallet();
    const make = (body: Record<string, unknown>) =>
      h.call('POST', '/v2/payout-links', { tenant, body: { amount: 1_000, ...body } });
    // created (a link to copy) → claimed (the payee picks PayPal) → its payout fails → failed, the money back.
    const copy = await make({
      delivery: { method: 'link' },
      payee: { first_name: 'Lee', last_name: 'Link' },
    });
    expect(copy.status).toBe(201);
    expect(vendorLink.parse(copy.body).status).toBe('created');
    expect(await wallet()).toBe(start - 1_000);
    // The link's URL carries a random token, not its id, which every member reads from the list: claiming by the id
    // finds nothing.
    expect(copy.body.link).not.toContain(copy.body.id);
    expect(new URL(copy.body.link).pathname.slice(1)).toMatch(/^[\w-]{32}$/);
    const byId = await h.call('POST', `/sandbox/payout-links/claim/${copy.body.id}`, {
      body: { platform: 'paypal', email: 'lee.fail@example.com' },
    });
    expect(byId.status).toBe(404);
    const claimed = await h.call('POST', `/sandbox/payout-links/claim/${tokenOf(copy.body.link)}`, {
      body: { platform: 'paypal', email: 'lee.fail@example.com' },
    });
    expect(claimed.body).toMatchObject({
      status: 'claimed',
      transfer_id: expect.any(String),
      claimed_user_id: expect.any(String),
    });
    const transfer = await h.call('GET', `/v2/transfers/${claimed.body.transfer_id}`, { tenant });
    expect(transfer.body).toMatchObject({ type: 'payout', payout_link_id: copy.body.id });
    for (let step = 0; step < 2; step++)
      await h.call('POST', `/sandbox/transfers/${claimed.body.transfer_id}/advance`, { body: {} });
    expect((await h.call('GET', `/v2/payout-links/${copy.body.id}`, { tenant })).body.status).toBe('failed');
    expect(await wallet()).toBe(start);
    // delivered (email) → redelivered → canceled, the money back.
    const mailed = await make({ delivery: { method: 'email' }, payee: { email: 'rae@example.com' } });
    expect(mailed.body).toMatchObject({ status: 'delivered', deliveries: 1 });
    const again = await h.call('POST', `/v2/payout-links/${mailed.body.id}/redeliver`, { tenant, body: {} });
    expect(again.body).toMatchObject({ redelivered: true, payout_link: { deliveries: 2 } });
    const canceled = await h.call('DELETE', `/v2/payout-links/${mailed.body.id}`, { tenant });
    expect(canceled.body.status).toBe('canceled');
    expect((await h.call('DELETE', `/v2/payout-links/${mailed.body.id}`, { tenant })).status).toBe(409);
    expect(await wallet()).toBe(start);
    // delivery_failed (an address that cannot take it), expired, and opened again by a redelivery.
    const bounced = await make({ delivery: { method: 'email' }, payee: { email: 'nobody@mail.invalid' } });
    expect(bounced.body.status).toBe('delivery_failed');
    const texted = await make({
      delivery: { method: 'sms' },
      payee: { country_code: '1', phone_number: '4155550123' },
    });
    const expired = await h.call('POST', `/sandbox/payout-links/${texted.body.id}/expire`, { body: {} });
    expect(expired.body.status).toBe('expired');
    const reopened = await h.call('POST', `/v2/payout-links/${texted.body.id}/redeliver`, {
      tenant,
      body: {},
    });
    expect(reopened.body.payout_link.status).toBe('delivered');
    // claimed and completed, then reversed.
    const reversing = await make({ user_id: tenant.users[0]?.id, delivery: { method: 'all' } });
    const taken = await h.call('POST', `/sandbox/payout-links/claim/${tokenOf(reversing.body.link)}`, {
      body: {
        platform: 'ach',
        routing_number: '021000021',
        account_number: '7770010',
        account_type: 'checking',
      },
    });
    for (let step = 0; step < 3; step++)
      await h.call('POST', `/sandbox/transfers/${taken.body.transfer_id}/advance`, { body: {} });
    expect((await h.call('GET', `/v2/payout-links/${reversing.body.id}`, { tenant })).body.status).toBe(
      'reversed',
    );
    // The list holds them all, newest first; a status filters it.
    const list = await h.call('GET', '/v2/payout-links?limit=100', { tenant });
    expect(list.body.data.map((l: { status: string }) => l.status)).toEqual([
      'reversed',
      'delivered',
      'delivery_failed',
      'canceled',
      'failed',
    ]);
    expect((await h.call('GET', '/v2/payout-links?status=canceled', { tenant })).body.data).toHaveLength(1);
    const unknown = await h.call('GET', '/v2/payout-links?status=cancelled', { tenant });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('status');
  });

  it('are redelivered at most five times, and answer the same link for an idempotency key seen before', async () => {
    const tenant = await h.tenant();
    const body = {
      amount: 500,
      delivery: { method: 'sms' },
      payee: { country_code: '1', phone_number: '4155550199' },
      idempotency_key: key(),
    };
    const first = await h.call('POST', '/v2/payout-links', { tenant, body });
    const second = await h.call('POST', '/v2/payout-links', { tenant, body });
    expect(second.body.id).toBe(first.body.id);
    const results = [];
    for (let n = 0; n < 5; n++)
      results.push(
        (await h.call('POST', `/v2/payout-links/${first.body.id}/redeliver`, { tenant, body: {} })).body
          .redelivered,
      );
    expect(results).toEqual([true, true, true, true, false]);
    const missingPhone = await h.call('POST', '/v2/payout-links', {
      tenant,
      body: { amount: 500, delivery: { method: 'sms' } },
    });
    expect(missingPhone.status).toBe(400);
    expect(missingPhone.body.errors[0].path).toBe('payee.phone_number');
  });

  it('send-payout pays a user with a default method at once, and sends anyone else a link', async () => {
    const tenant = await h.tenant();
    const paid = await h.call('POST', '/v2/payouts/send-payout', {
      tenant,
      body: { amount: 800, user_id: tenant.users[1]?.id },
    });
    expect(paid.status).toBe(201);
    expect(vendorLink.parse(paid.body)).toMatchObject({ status: 'claimed', transfer_id: expect.any(String) });
    const texted = await h.call('POST', '/v2/payouts/send-payout', {
      tenant,
      body: { amount: 800, payee: { country_code: '1', phone_number: '4155550100' } },
    });
    expect(texted.body).toMatchObject({ status: 'delivered', delivery: { method: 'sms' } });
  });

  it('fails the payouts of the one request a payout fault names, later, on the service’s clock', async () => {
    const tenant = await h.tenant();
    const armed = await h.call('POST', '/sandbox/faults', {
      body: { client_id: tenant.client_id, path_prefix: '/v2/payouts/send-payout', payout: 'fail' },
    });
    expect(armed.status).toBe(201);
    const send = () =>
      h.call('POST', '/v2/payouts/send-payout', {
        tenant,
        body: { amount: 700, user_id: tenant.users[1]?.id },
      });
    const status = async (id: string) => (await h.call('GET', `/v2/transfers/${id}`, { tenant })).body;
    const settle = async (id: string) => {
      for (let step = 0; step < 2; step++)
        expect((await h.call('POST', `/sandbox/transfers/${id}/advance`, { body: {} })).status).toBe(200);
      return status(id);
    };

    const failing = await send();
    expect(failing.status).toBe(201);
    // Accepted as any payout is: the failure comes later.
    expect((await status(failing.body.transfer_id)).status).toBe('created');
    expect(await settle(failing.body.transfer_id)).toMatchObject({
      status: 'failed',
      failure_reason: { code: 'PAYEE' },
    });
    // The fault was used up by its one request: the next payout completes.
    const next = await send();
    expect((await settle(next.body.transfer_id)).status).toBe('completed');
    expect(
      (
        await h.call('POST', '/sandbox/faults', {
          body: { client_id: tenant.client_id, payout: 'fail', status: 500 },
        })
      ).status,
    ).toBe(400);
  });

  it("say in a link's history how it went out, in words", async () => {
    const tenant = await h.tenant();
    const payee = { email: 'rae@example.com', country_code: '1', phone_number: '4155550100' };
    const notes: Record<string, string | undefined> = {};
    for (const method of ['email', 'sms', 'all'] as const) {
      const made = await h.call('POST', '/v2/payout-links', {
        tenant,
        body: { amount: 300, payee, delivery: { method } },
      });
      expect(made.status).toBe(201);
      notes[method] = made.body.history.find((event: { status: string }) => event.status === 'sent')?.note;
    }
    expect(notes).toEqual({
      email: 'By email',
      sms: 'By text message',
      all: 'By email and text message',
    });
  });
});

describe('payout batches', () => {
  const h = makeHarness();

  it('pay 5,000 items in the background, each alone: the good ones paid, the bad ones with their error', async () => {
    const tenant = await h.tenant();
    const [first, second] = tenant.users;
    const usedKey = key();
    await h.call('POST', '/v2/payouts', {
      tenant,
      body: { user_id: second?.id, amount: 1, platform: 'paypal', fund: true, idempotency_key: usedKey },
    });
    const items = Array.from({ length: 5_000 }, (_, i) => ({
      user_id: i % 2 ? first?.id : second?.id,
      amount: 100 + (i % 50),
      platform: i % 2 ? 'venmo' : 'paypal',
      fund: true,
      idempotency_key: i === 17 ? usedKey : key(),
      metadata: { row: String(i + 1) },
    }));
    // Bad rows: a user that is not the tenant's, a platform the user has no method of, a used key (17).
    items[5] = { ...items[5], user_id: crypto.randomUUID() } as (typeof items)[number];
    items[8] = { ...items[8], platform: 'cash_app', user_id: first?.id } as (typeof items)[number];
    const batchKey = key();
    const made = await h.call('POST', '/v2/payout-batches', {
      tenant,
      body: { items, idempotency_key: batchKey, metadata: { week: '2026-48' } },
    });
    expect(made.status).toBe(200);
    expect(vendorBatch.parse(made.body)).toMatchObject({
      idempotency_key: batchKey,
      metadata: { week: '2026-48' },
    });
    let batch = made.body;
    for (let i = 0; i < 400 && batch.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      batch = (await h.call('GET', `/v2/payout-batches/${made.body.id}`, { tenant })).body;
    }
    expect(batch).toMatchObject({
      status: 'completed',
      progress: { total: 5_000, done: 5_000, paid: 4_997, failed: 3 },
    });
    const results = await h.call('GET', `/v2/payout-batches/${made.body.id}/results?include_request=true`, {
      tenant,
    });
    expect(results.body.items).toHaveLength(5_000);
    const errors = results.body.items.flatMap((item: { error_code?: string }, index: number) =>
      item.error_code ? [[index, item.error_code]] : [],
    );
    expect(errors).toEqual([
      [5, 'not-found-or-unauthorized'],
      [8, 'no-payout-method'],
      [17, 'idempotency-key-used'],
    ]);
    expect(results.body.items[0]).toMatchObject({
      transfer: { id: expect.any(String), status: 'created' },
      metadata: { row: '1' },
      request: { amount: 100 },
    });
    // The batch's key is refused once used; an item without fund is refused with the whole request.
    expect(
      (
        await h.call('POST', '/v2/payout-batches', {
          tenant,
          body: { items: items.slice(0, 1), idempotency_key: batchKey },
        })
      ).status,
    ).toBe(409);
    const unfunded = await h.call('POST', '/v2/payout-batches', {
      tenant,
      body: { items: [{ ...items[0], fund: false, idempotency_key: key() }] },
    });
    expect(unfunded.status).toBe(400);
    expect(unfunded.body.errors[0].path).toBe('items.0.fund');
  }, 30_000);
});

describe('payout requests', () => {
  const h = makeHarness();

  it('are made, listed and read in the states the document lists; approved, the payee gets a link', async () => {
    const tenant = await h.tenant();
    const byUser = await h.call('POST', '/v2/payout-requests', {
      tenant,
      body: { amount: 4_200, user_id: tenant.users[0]?.id, memo: 'March invoice' },
    });
    expect(byUser.status).toBe(201);
    expect(byUser.body).toMatchObject({
      status: 'created',
      amount: 4_200,
      user: { id: tenant.users[0]?.id },
      memo: 'March invoice',
    });
    const byPhone = await h.call('POST', '/v2/payout-requests', {
      tenant,
      body: { amount: 900, payee: { country_code: '1', phone_number: '4155550142' } },
    });
    const approved = await h.call('POST', `/sandbox/payout-requests/${byPhone.body.id}/decide`, {
      body: { status: 'approved' },
    });
    expect(approved.body).toMatchObject({
      status: 'approved',
      'payout-link': { status: 'delivered', delivery: { method: 'sms' } },
    });
    await h.call('POST', `/sandbox/payout-requests/${byUser.body.id}/decide`, {
      body: { status: 'rejected' },
    });
    const list = await h.call('GET', '/v2/payout-requests', { tenant });
    expect(list.body.data.map((r: { status: string }) => r.status)).toEqual(['approved', 'rejected']);
    expect((await h.call('GET', `/v2/payout-requests/${byUser.body.id}`, { tenant })).body.status).toBe(
      'rejected',
    );
    expect((await h.call('POST', '/v2/payout-requests', { tenant, body: { amount: 1 } })).status).toBe(400);
  });
});
