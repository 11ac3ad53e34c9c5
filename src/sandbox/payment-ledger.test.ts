import { describe, expect, it } from 'vitest';
import type { CreatedTenant } from './domain/tenant-factory';
import { sumsByWallet } from './store/ledger';
import { type Harness, makeHarness } from './test/harness';

/**
 * A payment's money in the app's wallet through its life (docs/sandbox.md, "Wallets and the ledger"): its line is
 * written when it is made and counted at once in the wallet's balance, spendable only once it has arrived, and taken
 * back by a line of its own when it fails or is returned; the ledger sums to the balance at every step.
 */

/** Account endings that script the outcome (docs/sandbox.md: "Test bank accounts"). */
const ARRIVES = '900000123';
const FAILS = '900000001';
const RETURNED = '900000010';

async function wallet(h: Harness, tenant: CreatedTenant, appId: string) {
  const wallets = await h.call('GET', '/v2/wallets', { tenant });
  type AppWallet = {
    id: string;
    balance: number;
    withdrawable_amount: number;
    pending_payments: number;
    pending_payment_count: number;
  };
  const app = (wallets.body.apps as AppWallet[]).find((one) => one.id === appId) as AppWallet;
  const sum = sumsByWallet(h.sandbox.services.db).find((row) => row.id === appId)?.sum ?? 0;
  // The ledger adds up to the balance, and what may be spent is never more than it.
  expect(app.balance).toBe(sum);
  expect(app.withdrawable_amount).toBeLessThanOrEqual(app.balance);
  expect(app.balance - app.withdrawable_amount).toBe(app.pending_payments);
  return app;
}

async function pay(h: Harness, tenant: CreatedTenant, appId: string, amount: number, account: string) {
  const made = await h.call('POST', '/v2/payments', {
    tenant,
    headers: { 'Api-App-Id': appId },
    body: {
      amount,
      platform: 'ach',
      user_id: tenant.users[0]?.id,
      ach_info: { account_number: account, routing_number: '021000021' },
    },
  });
  expect(made.status).toBe(201);
  return made.body as { id: string; transactions: { amount: number }[] };
}

async function advance(h: Harness, id: string, steps: number) {
  for (let step = 0; step < steps; step++) {
    expect((await h.call('POST', `/sandbox/transfers/${id}/advance`, { body: {} })).status).toBe(200);
  }
}

/** Moves money out of the app's wallet to the organization's: what spending it looks like. */
function spend(h: Harness, tenant: CreatedTenant, appId: string, amount: number) {
  return h.call('POST', '/v2/organization-transfers', { tenant, body: { amount, api_app_id: appId } });
}

describe("a payment's money in the app's wallet", () => {
  const h = makeHarness();

  it('is counted at once, spendable once it arrives, and stays', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[1]?.id as string;
    const payment = await pay(h, tenant, app, 7_000, ARRIVES);
    expect(payment.transactions.map((line) => line.amount)).toEqual([7_000]);
    expect(await wallet(h, tenant, app)).toMatchObject({
      balance: 7_000,
      withdrawable_amount: 0,
      pending_payments: 7_000,
      pending_payment_count: 1,
    });
    const early = await spend(h, tenant, app, 1);
    expect(early.body.error_code).toBe('insufficient-funds');
    await advance(h, payment.id, 1);
    expect(await wallet(h, tenant, app)).toMatchObject({ balance: 7_000, withdrawable_amount: 0 });
    await advance(h, payment.id, 1);
    expect(await wallet(h, tenant, app)).toMatchObject({
      balance: 7_000,
      withdrawable_amount: 7_000,
      pending_payment_count: 0,
    });
    expect((await spend(h, tenant, app, 7_000)).status).toBe(200);
    expect(await wallet(h, tenant, app)).toMatchObject({ balance: 0, withdrawable_amount: 0 });
  });

  it('that fails is taken back by a line of its own, the first line kept', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[1]?.id as string;
    const payment = await pay(h, tenant, app, 4_000, FAILS);
    await advance(h, payment.id, 2);
    const read = await h.call('GET', `/v2/transfers/${payment.id}`, { tenant });
    expect(read.body.status).toBe('failed');
    expect(read.body.transactions).toEqual([
      payment.transactions[0],
      expect.objectContaining({
        amount: -4_000,
        type: 'payment',
        metadata: { returned: true, reason: 'failed' },
      }),
    ]);
    expect(await wallet(h, tenant, app)).toMatchObject({ balance: 0, withdrawable_amount: 0 });
  });

  it('spent up to what has arrived before it arrives, then returned, leaves the ledger and the balances agreeing', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[1]?.id as string;
    expect((await h.call('POST', `/sandbox/apps/${app}/refill`, { body: { amount: 10_000 } })).status).toBe(
      200,
    );
    const payment = await pay(h, tenant, app, 3_000, RETURNED);
    expect(await wallet(h, tenant, app)).toMatchObject({ balance: 13_000, withdrawable_amount: 10_000 });
    // Before it arrives, the payment's money is not spendable: only what has arrived.
    const tooMuch = await spend(h, tenant, app, 10_001);
    expect(tooMuch.body).toMatchObject({ error_code: 'insufficient-funds', errors: [{ path: 'amount' }] });
    expect((await spend(h, tenant, app, 10_000)).status).toBe(200);
    expect(await wallet(h, tenant, app)).toMatchObject({ balance: 3_000, withdrawable_amount: 0 });
    await advance(h, payment.id, 2);
    expect(await wallet(h, tenant, app)).toMatchObject({ balance: 3_000, withdrawable_amount: 3_000 });
    // Spent once it arrived, then returned by the bank (R10): the wallet is short by it, and says so.
    expect((await spend(h, tenant, app, 3_000)).status).toBe(200);
    await advance(h, payment.id, 1);
    const returned = await h.call('GET', `/v2/transfers/${payment.id}`, { tenant });
    expect(returned.body.status).toBe('reversed');
    expect(returned.body.transactions.map((line: { amount: number }) => line.amount)).toEqual([
      3_000, -3_000,
    ]);
    expect(await wallet(h, tenant, app)).toMatchObject({ balance: -3_000, withdrawable_amount: -3_000 });

    const wallets = await h.call('GET', '/v2/wallets', { tenant });
    const organization = await h.call('GET', '/v2/organizations', { tenant });
    const apps = (wallets.body.apps as { balance: number }[]).reduce((sum, one) => sum + one.balance, 0);
    expect(organization.body.balance).toBe(wallets.body.organization.balance + apps);
    const totals = await h.call('GET', `/v2/transactions/totals?wallet_id=${app}`, { tenant });
    expect(totals.body.net).toBe(-3_000);
    expect(totals.body.totals.find((row: { type: string }) => row.type === 'payment')).toEqual({
      type: 'payment',
      bill: false,
      amount: 0,
      count: 2,
    });
  });

  it('canceled while on its way is taken back, and a refused spend left nothing written', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[1]?.id as string;
    const payment = await pay(h, tenant, app, 2_500, ARRIVES);
    const canceled = await h.call('POST', `/sandbox/transfers/${payment.id}/advance`, {
      body: { status: 'canceled' },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.transactions.map((line: { amount: number }) => line.amount)).toEqual([
      2_500, -2_500,
    ]);
    expect(await wallet(h, tenant, app)).toMatchObject({ balance: 0, withdrawable_amount: 0 });
  });
});
