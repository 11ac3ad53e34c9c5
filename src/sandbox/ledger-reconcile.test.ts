import { describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS, ensureDemoTenant } from './seed';
import { sumsByWallet } from './store/ledger';
import { makeHarness } from './test/harness';

/**
 * The ledger reconciles to the cent with the wallets the Treasury shows: after the demo's seed and the moves an operator
 * makes on the console (a deposit, a withdrawal, a move to the organization, a payout to a user), every wallet is the
 * sum of its lines, and the all-wallets balance change is the organization's wallet, its apps' and its users' together.
 */
describe('the ledger of all wallets', () => {
  const h = makeHarness();
  const tenant = { client_id: DEMO_CREDENTIALS.clientId, api_key: DEMO_CREDENTIALS.apiKey };

  it("equals the organization's, the apps' and the users' wallets after the demo and an operator's moves", async () => {
    const db = h.sandbox.services.db;
    ensureDemoTenant(db);
    const before = await h.call('GET', '/v2/wallets', { tenant });
    expect(before.status).toBe(200);
    const app = before.body.apps[0].id as string;
    const deposit = await h.call('POST', `/v2/apps/${app}/deposit`, { tenant, body: { amount: 5_000 } });
    expect(deposit.status).toBe(200);
    expect(
      (await h.call('POST', `/v2/apps/${app}/withdraw`, { tenant, body: { amount: 6_000 } })).status,
    ).toBe(200);
    const move = await h.call('POST', '/v2/organization-transfers', {
      tenant,
      body: { amount: 200_000, api_app_id: app },
    });
    expect(move.status).toBe(200);
    const users = await h.call('GET', '/v2/users?limit=20', { tenant });
    const user = (users.body.data as { id: string; status: string }[]).find(
      (one) => one.status !== 'disabled',
    )?.id;
    expect(
      (await h.call('POST', '/v2/transfers', { tenant, body: { amount: -1_234, user_id: user } })).status,
    ).toBe(200);

    const wallets = await h.call('GET', '/v2/wallets', { tenant });
    const all = await h.call('GET', '/v2/transactions/totals', { tenant });
    expect(all.status).toBe(200);
    const covered =
      wallets.body.organization.balance +
      (wallets.body.apps as { balance: number }[]).reduce((sum, one) => sum + one.balance, 0) +
      wallets.body.users.balance;
    expect(wallets.body.users.balance).toBeGreaterThan(0);
    expect(all.body.net).toBe(covered);

    const orgId = wallets.body.organization.id as string;
    for (const wallet of sumsByWallet(db).filter((row) => row.org_id === orgId)) {
      const balance =
        wallet.kind === 'organization'
          ? wallets.body.organization.balance
          : wallet.kind === 'app'
            ? (wallets.body.apps as { id: string; balance: number }[]).find((one) => one.id === wallet.id)
                ?.balance
            : db.prepare('SELECT wallet FROM users WHERE id = ?').pluck().get(wallet.id);
      expect(balance, `${wallet.kind} ${wallet.id}`).toBe(wallet.sum);
    }
  });
});
