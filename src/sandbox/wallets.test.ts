import { describe, expect, it } from 'vitest';
import type { CreatedTenant } from './domain/tenant-factory';
import { type Harness, makeHarness, NOT_FOUND_OR_UNAUTHORIZED } from './test/harness';

/** Wallet moves (docs/sandbox.md, "Wallets and the ledger"), as a client of the sandbox meets them. */

const ACCOUNT = { account_number: '987654321', routing_number: '021000021', account_type: 'checking' };
/** An app account ending 0001: its deposits come back (R01) after they complete. */
const SHORT_ACCOUNT = { ...ACCOUNT, account_number: '900000001' };

async function appBalance(h: Harness, tenant: CreatedTenant, index = 0): Promise<number> {
  const wallets = await h.call('GET', '/v2/wallets', { tenant });
  return wallets.body.apps[index].balance;
}

async function userWallet(h: Harness, tenant: CreatedTenant, index = 0): Promise<number> {
  return (await h.call('GET', `/v2/users/${tenant.users[index]?.id}`, { tenant })).body.wallet.amount;
}

async function advance(h: Harness, id: string, steps: number): Promise<void> {
  for (let step = 0; step < steps; step++) {
    const moved = await h.call('POST', `/sandbox/transfers/${id}/advance`, { body: {} });
    expect(moved.status).toBe(200);
  }
}

describe("an app's bank account, deposits and withdrawals", () => {
  const h = makeHarness();

  it('answers the account as mask and name, never its number, and refuses moves without one', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[0]?.id;
    const none = await h.call('POST', `/v2/apps/${app}/withdraw`, { tenant, body: { amount: 100 } });
    expect(none.status).toBe(400);
    expect(none.body.error_code).toBe('no-ach-account');
    const set = await h.call('PUT', `/v2/apps/${app}/ach-account`, { tenant, body: ACCOUNT });
    expect(set.body).toEqual({ mask: '4321', name: 'Checking •••• 4321' });
    const read = await h.call('GET', `/v2/apps/${app}/ach-account`, { tenant });
    expect(read.body).toEqual({ mask: '4321', name: 'Checking •••• 4321' });
    expect(read.text).not.toContain('987654321');
    const other = await h.tenant();
    expect((await h.call('GET', `/v2/apps/${app}/ach-account`, { tenant: other })).body).toEqual(
      NOT_FOUND_OR_UNAUTHORIZED,
    );
  });

  it('a deposit is pending, then spendable when it completes, its line naming the account as the treasury does', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[1]?.id;
    await h.call('PUT', `/v2/apps/${app}/ach-account`, { tenant, body: ACCOUNT });
    const deposit = await h.call('POST', `/v2/apps/${app}/deposit`, { tenant, body: { amount: 5_000 } });
    expect(deposit.status).toBe(200);
    expect(deposit.body).toMatchObject({
      type: 'refill',
      amount: 5_000,
      status: 'created',
      transactions: [],
    });
    expect(await appBalance(h, tenant, 1)).toBe(0);
    const wallets = await h.call('GET', '/v2/wallets', { tenant });
    expect(wallets.body.apps[1]).toMatchObject({
      pending_deposits: 5_000,
      pending_deposit_count: 1,
      pending: [{ id: deposit.body.id, amount: 5_000, status: 'created', auto_refill: false }],
    });
    // Not spendable while it is on its way.
    const early = await h.call('POST', `/v2/apps/${app}/withdraw`, { tenant, body: { amount: 1 } });
    expect(early.body.error_code).toBe('insufficient-funds');
    await advance(h, deposit.body.id, 2);
    expect(await appBalance(h, tenant, 1)).toBe(5_000);
    // Its line names the bank account as the treasury does, one name for one account.
    const named = (await h.call('GET', `/v2/apps/${app}/ach-account`, { tenant })).body.name;
    expect(named).toBe('Checking •••• 4321');
    const done = await h.call('GET', `/v2/transfers/${deposit.body.id}`, { tenant });
    expect(done.body.transactions).toMatchObject([{ source_name: named }]);
    const withdrawal = await h.call('POST', `/v2/apps/${app}/withdraw`, { tenant, body: { amount: 2_000 } });
    expect(withdrawal.body).toMatchObject({ type: 'refill', amount: -2_000 });
    expect(await appBalance(h, tenant, 1)).toBe(3_000);
  });

  it('a returned deposit (R01) takes its money back with a line of its own, and may leave the wallet short', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[1]?.id;
    await h.call('PUT', `/v2/apps/${app}/ach-account`, { tenant, body: SHORT_ACCOUNT });
    const deposit = await h.call('POST', `/v2/apps/${app}/deposit`, { tenant, body: { amount: 4_000 } });
    await advance(h, deposit.body.id, 2);
    expect(await appBalance(h, tenant, 1)).toBe(4_000);
    // Spent before the bank said no.
    await h.call('POST', '/v2/transfers', {
      tenant,
      body: { amount: -3_000, user_id: tenant.users[0]?.id },
      headers: { 'Api-App-Id': app ?? '' },
    });
    await advance(h, deposit.body.id, 1);
    const returned = await h.call('GET', `/v2/transfers/${deposit.body.id}`, { tenant });
    expect(returned.body).toMatchObject({ status: 'reversed', failure_reason: { code: 'R01' } });
    expect(returned.body.transactions.map((t: { amount: number }) => t.amount)).toEqual([4_000, -4_000]);
    expect(await appBalance(h, tenant, 1)).toBe(-3_000);
  });

  it('a withdrawal the bank refuses puts its money back', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[0]?.id;
    await h.call('PUT', `/v2/apps/${app}/ach-account`, {
      tenant,
      body: { ...ACCOUNT, account_number: '900000002' },
    });
    const before = await appBalance(h, tenant);
    const out = await h.call('POST', `/v2/apps/${app}/withdraw`, { tenant, body: { amount: 700 } });
    expect(await appBalance(h, tenant)).toBe(before - 700);
    await advance(h, out.body.id, 2);
    expect((await h.call('GET', `/v2/transfers/${out.body.id}`, { tenant })).body.status).toBe('failed');
    expect(await appBalance(h, tenant)).toBe(before);
  });

  it('auto-refill makes one deposit of the refill amount under the threshold, not again while it is pending', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[1]?.id;
    const asApp = { 'Api-App-Id': app ?? '' };
    await h.call('PUT', `/v2/apps/${app}/ach-account`, { tenant, body: ACCOUNT });
    const fund = await h.call('POST', `/v2/apps/${app}/deposit`, { tenant, body: { amount: 20_000 } });
    await advance(h, fund.body.id, 2);
    const settings = await h.call('POST', `/v2/apps/${app}/change_settings`, {
      tenant,
      body: { auto_refill_active: true, refill_amount: 50_000, refill_threshold: 10_000 },
    });
    expect(settings.body).toEqual({
      payout_options_exclude_list: [],
      auto_refill_active: true,
      refill_amount: 50_000,
      refill_threshold: 10_000,
    });
    const user = tenant.users[0]?.id;
    // Above the threshold: nothing.
    await h.call('POST', '/v2/transfers', {
      tenant,
      body: { amount: -5_000, user_id: user },
      headers: asApp,
    });
    expect((await h.call('GET', '/v2/wallets', { tenant })).body.apps[1].pending_deposit_count).toBe(0);
    // Under it: one deposit; further moves under it make no second while it is pending.
    for (const amount of [-6_000, -1_000, -1_000]) {
      await h.call('POST', '/v2/transfers', { tenant, body: { amount, user_id: user }, headers: asApp });
    }
    const refills = await h.call('GET', '/v2/transfers?type=refill&status=created', { tenant });
    const auto = refills.body.data.filter((t: { metadata: unknown }) =>
      JSON.stringify(t.metadata).includes('auto'),
    );
    expect(auto).toHaveLength(1);
    expect(auto[0]).toMatchObject({ amount: 50_000 });
    expect((await h.call('GET', '/v2/wallets', { tenant })).body.apps[1]).toMatchObject({
      balance: 7_000,
      pending_deposits: 50_000,
    });
    await advance(h, auto[0].id, 2);
    expect(await appBalance(h, tenant, 1)).toBe(57_000);
  });
});

describe('transfers between wallets', () => {
  const h = makeHarness();

  it('a negative amount pays the user from the app, a positive one back; a short wallet is refused', async () => {
    const tenant = await h.tenant();
    const user = tenant.users[0]?.id;
    const before = await appBalance(h, tenant);
    const out = await h.call('POST', '/v2/transfers', { tenant, body: { amount: -2_500, user_id: user } });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ type: 'balance', status: 'completed', amount: -2_500, user_id: user });
    expect(
      out.body.transactions.map((t: { amount: number; wallet: { type: string } }) => [
        t.wallet.type,
        t.amount,
      ]),
    ).toEqual([
      ['app', -2_500],
      ['user', 2_500],
    ]);
    expect(await userWallet(h, tenant)).toBe(2_500);
    expect(await appBalance(h, tenant)).toBe(before - 2_500);
    const back = await h.call('POST', '/v2/transfers', { tenant, body: { amount: 1_000, user_id: user } });
    expect(back.status).toBe(200);
    expect(await userWallet(h, tenant)).toBe(1_500);
    const short = await h.call('POST', '/v2/transfers', { tenant, body: { amount: 1_501, user_id: user } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error_code: 'insufficient-funds', errors: [{ path: 'amount' }] });
    expect(await userWallet(h, tenant)).toBe(1_500);
  });

  it('a key used before is refused, and nothing moves twice', async () => {
    const tenant = await h.tenant();
    const body = { amount: -100, user_id: tenant.users[0]?.id, idempotency_key: crypto.randomUUID() };
    expect((await h.call('POST', '/v2/transfers', { tenant, body })).status).toBe(200);
    const again = await h.call('POST', '/v2/transfers', { tenant, body });
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe('idempotency-key-used');
    expect(await userWallet(h, tenant)).toBe(100);
    const org = { amount: -100, api_app_id: tenant.apps[0]?.id, idempotency_key: body.idempotency_key };
    expect((await h.call('POST', '/v2/organization-transfers', { tenant, body: org })).status).toBe(409);
    const deposit = { amount: 100, idempotency_key: body.idempotency_key };
    await h.call('PUT', `/v2/apps/${tenant.apps[0]?.id}/ach-account`, { tenant, body: ACCOUNT });
    expect(
      (await h.call('POST', `/v2/apps/${tenant.apps[0]?.id}/deposit`, { tenant, body: deposit })).status,
    ).toBe(409);
  });

  it("organization transfers move money between the organization's wallet and an app's, listed and read", async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[0]?.id;
    const up = await h.call('POST', '/v2/organization-transfers', {
      tenant,
      body: { amount: 10_000, api_app_id: app },
    });
    expect(up.status).toBe(200);
    const down = await h.call('POST', '/v2/organization-transfers', {
      tenant,
      body: { amount: -4_000, api_app_id: app },
    });
    expect(down.status).toBe(200);
    const wallets = (await h.call('GET', '/v2/wallets', { tenant })).body;
    expect(wallets.organization.balance).toBe(6_000);
    const short = await h.call('POST', '/v2/organization-transfers', {
      tenant,
      body: { amount: -6_001, api_app_id: app },
    });
    expect(short.body.error_code).toBe('insufficient-funds');
    const list = await h.call('GET', '/v2/organization-transfers', { tenant });
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([down.body.id, up.body.id]);
    expect((await h.call('GET', `/v2/organization-transfers/${up.body.id}`, { tenant })).body.id).toBe(
      up.body.id,
    );
    // A transfer that is no organization transfer is not one of them.
    const user = await h.call('POST', '/v2/transfers', {
      tenant,
      body: { amount: -1, user_id: tenant.users[0]?.id },
    });
    expect((await h.call('GET', `/v2/organization-transfers/${user.body.id}`, { tenant })).status).toBe(403);
    // The organization's balance is its money: its own wallet and its apps'.
    const organization = (await h.call('GET', '/v2/organizations', { tenant })).body;
    const now = (await h.call('GET', '/v2/wallets', { tenant })).body;
    expect(organization.balance).toBe(
      now.organization.balance + now.apps.reduce((s: number, a: { balance: number }) => s + a.balance, 0),
    );
  });

  it('a transfer batch is pending, then completed, each item with its transfer or its error', async () => {
    const tenant = await h.tenant();
    const [first, second] = tenant.users;
    const key = crypto.randomUUID();
    const batch = await h.call('POST', '/v2/transfer-batches', {
      tenant,
      body: {
        items: [
          { amount: -300, user_id: first?.id, idempotency_key: key, metadata: { row: '1' } },
          { amount: 999_999, user_id: second?.id, idempotency_key: crypto.randomUUID() },
          { amount: -200, user_id: second?.id, idempotency_key: crypto.randomUUID() },
        ],
        idempotency_key: crypto.randomUUID(),
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.status).toBe('pending');
    let read = batch;
    for (let i = 0; i < 50 && read.body.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      read = await h.call('GET', `/v2/transfer-batches/${batch.body.id}`, { tenant });
    }
    expect(read.body.status).toBe('completed');
    expect(read.body.items[0]).toMatchObject({
      transfer_id: expect.any(String),
      amount: -300,
      metadata: { row: '1' },
    });
    expect(read.body.items[1].error).toMatch(/^insufficient-funds/);
    expect(read.body.items[2].transfer_id).toEqual(expect.any(String));
    expect(await userWallet(h, tenant, 0)).toBe(300);
    expect(await userWallet(h, tenant, 1)).toBe(200);
    // An item's key is spent: a transfer with it is refused.
    const again = await h.call('POST', '/v2/transfers', {
      tenant,
      body: { amount: -1, user_id: first?.id, idempotency_key: key },
    });
    expect(again.status).toBe(409);
    expect((await h.call('GET', '/v2/transfer-batches', { tenant })).body.data[0].id).toBe(batch.body.id);
  });
});

describe('the ledger', () => {
  const h = makeHarness();

  it("a wallet's lines of a range sum to its balance change, page by page; include_transfer opens each one", async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[0]?.id as string;
    const start = await appBalance(h, tenant);
    const startedAt = new Date().toISOString();
    for (const amount of [-100, -250, 75, -30]) {
      await h.call('POST', '/v2/transfers', { tenant, body: { amount, user_id: tenant.users[0]?.id } });
    }
    const end = await appBalance(h, tenant);
    const seen: number[] = [];
    let after = '';
    for (;;) {
      const page = await h.call(
        'GET',
        `/v2/transactions?wallet_id=${app}&start_date=${startedAt}&limit=2${after ? `&starting_after=${after}` : ''}`,
        { tenant },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((t: { amount: number }) => t.amount));
      if (!page.body.has_more) break;
      after = String(page.body.data.at(-1).id);
    }
    expect(seen).toHaveLength(4);
    expect(seen.reduce((s, n) => s + n, 0)).toBe(end - start);
    const totals = await h.call('GET', `/v2/transactions/totals?wallet_id=${app}&start_date=${startedAt}`, {
      tenant,
    });
    expect(totals.body).toEqual({
      totals: [{ type: 'balance', bill: false, amount: end - start, count: 4 }],
      net: end - start,
    });
    const withTransfer = await h.call('GET', '/v2/transactions?limit=1&include_transfer=true', { tenant });
    const line = withTransfer.body.data[0];
    expect(line.transfer).toMatchObject({ id: line.transfer_id, type: 'balance' });
    expect((await h.call('GET', `/v2/transactions/${line.id}`, { tenant })).body).toEqual(
      (({ transfer: _t, ...rest }) => rest)(line),
    );
    const other = await h.tenant();
    expect((await h.call('GET', `/v2/transactions/${line.id}`, { tenant: other })).status).toBe(403);
    expect((await h.call('GET', `/v2/transactions?wallet_id=${app}`, { tenant: other })).status).toBe(403);
  });
});

describe('the ledger by where money came from and went to', () => {
  const h = makeHarness();

  it("filters lines by the source and the destination of their movement, either, both, or with a wallet's own", async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[0]?.id ?? '';
    const user = tenant.users[0]?.id ?? '';
    const org = tenant.organization.id;
    await h.call('POST', '/v2/transfers', { tenant, body: { amount: -500, user_id: user } });
    await h.call('POST', '/v2/transfers', { tenant, body: { amount: 200, user_id: user } });
    await h.call('POST', '/v2/organization-transfers', { tenant, body: { amount: 1_000, api_app_id: app } });
    const amounts = async (query: string) => {
      const page = await h.call('GET', `/v2/transactions?${query}`, { tenant });
      expect(page.status, query).toBe(200);
      return page.body.data
        .map((line: { amount: number }) => line.amount)
        .sort((a: number, b: number) => a - b);
    };
    // Out of the app: the move to the user (both its lines) and the move to the organization (both).
    expect(await amounts(`source_wallet_id=${app}`)).toEqual([-1_000, -500, 500, 1_000]);
    expect(await amounts(`destination_wallet_id=${user}`)).toEqual([-500, 500]);
    expect(await amounts(`source_wallet_id=${user}`)).toEqual([-200, 200]);
    expect(await amounts(`source_wallet_id=${app}&destination_wallet_id=${org}`)).toEqual([-1_000, 1_000]);
    expect(await amounts(`source_wallet_id=${app}&wallet_id=${app}`)).toEqual([-1_000, -500]);
    const totals = await h.call('GET', `/v2/transactions/totals?source_wallet_id=${app}&wallet_id=${app}`, {
      tenant,
    });
    expect(totals.body).toEqual({
      totals: [{ type: 'balance', bill: false, amount: -1_500, count: 2 }],
      net: -1_500,
    });
    // Into the app: its opening balance (a line of its own) and the user's move back.
    expect(await amounts(`destination_wallet_id=${app}&wallet_id=${app}`)).toEqual([200, 10_000_000]);
    const other = await h.tenant();
    expect((await h.call('GET', `/v2/transactions?source_wallet_id=${app}`, { tenant: other })).status).toBe(
      403,
    );
  });
});
