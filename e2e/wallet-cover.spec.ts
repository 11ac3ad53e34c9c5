import { possessive } from '../src/lib/words';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, signIn, test } from './fixtures';

/** The overview's warning that a wallet will not cover what waits to be paid from it, against the sandbox. */

test('the overview says which wallet will not cover the payouts waiting, by how much, and links to the Treasury', async ({
  page,
  tenant,
}) => {
  test.slow();
  const headers = basicAuth(tenant);
  const wallets = (await (await page.request.get('/v2/wallets', { headers })).json()) as {
    apps: { id: string; name: string; balance: number }[];
  };
  // A payout request not yet decided, a cent more than the wallet the service pays it from holds; the tenant's
  // approved bills paid from that wallet wait too.
  const first = wallets.apps.find((app) => app.id === tenant.apps[0]?.id);
  const balance = first?.balance ?? 0;
  const approved = (await (
    await page.request.get('/v2/accounts-payable/payables?status=approved&limit=100', { headers })
  ).json()) as { data: { amount: number; funding_source?: string; api_app_id?: string }[] };
  const bills = approved.data
    .filter((bill) => bill.funding_source === 'dots_balance' && bill.api_app_id === first?.id)
    .reduce((sum, bill) => sum + bill.amount, 0);
  const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const asked = await page.request.post('/v2/payout-requests', {
    headers,
    data: { amount: balance + 1, user_id: tenant.users[0]?.id },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await signIn(page, tenant);
  const warning = page
    .getByRole('alert')
    .filter({ hasText: `The wallet of ${first?.name} is short by ${money(bills + 1)}` });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(
    `${money(balance + 1)} of payout requests not yet decided); it holds ${money(balance)}.`,
  );
  await warning
    .getByRole('link', {
      name: `Deposit into ${possessive(first?.name ?? '')} wallet on the Treasury`,
      exact: true,
    })
    .click();
  await expect(page.getByRole('heading', { name: 'Treasury', level: 1 })).toBeVisible();
});

test('a returned deposit that left a wallet below zero is said on the overview', async ({ page, tenant }) => {
  test.slow();
  const headers = basicAuth(tenant);
  const app = tenant.apps[1];
  // The app's account returns its deposits (R01) after they complete: the money was spent meanwhile.
  await page.request.put(`/v2/apps/${app?.id}/ach-account`, {
    headers,
    data: { account_number: '120000001', routing_number: '021000021', account_type: 'checking' },
  });
  const deposit = (await (
    await page.request.post(`/v2/apps/${app?.id}/deposit`, { headers, data: { amount: 5_000 } })
  ).json()) as { id: string };
  for (let step = 0; step < 2; step++)
    await page.request.post(`/sandbox/transfers/${deposit.id}/advance`, { data: {} });
  const spent = await page.request.post('/v2/transfers', {
    headers: { ...headers, 'Api-App-Id': app?.id ?? '' },
    data: { amount: -5_000, user_id: tenant.users[0]?.id },
  });
  expect(spent.status(), await spent.text()).toBe(200);
  await page.request.post(`/sandbox/transfers/${deposit.id}/advance`, { data: {} });
  await signIn(page, tenant);
  const warning = page
    .getByRole('alert')
    .filter({ hasText: `The wallet of ${app?.name} is short by $50.00` });
  await expect(warning).toContainText(
    'It holds -$50.00. A returned deposit ($50.00) took back money it had already spent.',
  );
});

test(`the overview with a wallet's warning passes axe, light and dark`, async ({ page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT);
  const headers = basicAuth(tenant);
  await page.request.post('/v2/payout-requests', {
    headers,
    data: { amount: 100_000_000, user_id: tenant.users[0]?.id },
  });
  await signIn(page, tenant);
  await expect(page.getByRole('alert').filter({ hasText: /^The wallet of .+ is short by / })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});
