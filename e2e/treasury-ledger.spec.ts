import { readFile } from 'node:fs/promises';
import { transactionTypeWords } from '../src/lib/words';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  armFault,
  basicAuth,
  expect,
  memberAuth,
  signIn,
  type Tenant,
  test,
} from './fixtures';

/** The treasury and the ledger, against the sandbox: wallets, what is on its way in, and lines that add up. */

const ACCOUNT = { account_number: '987654321', routing_number: '021000021', account_type: 'checking' };

async function wallets(request: import('@playwright/test').APIRequestContext, tenant: Tenant) {
  return (await (await request.get('/v2/wallets', { headers: basicAuth(tenant) })).json()) as {
    apps: { id: string; balance: number }[];
  };
}

test('a deposit shows pending on the treasury, then spendable in the wallet once it completes', async ({
  page,
  tenant,
}) => {
  test.slow();
  const app = tenant.apps[1]?.id ?? '';
  const headers = basicAuth(tenant);
  await page.request.put(`/v2/apps/${app}/ach-account`, { headers, data: ACCOUNT });
  const deposit = await page.request.post(`/v2/apps/${app}/deposit`, { headers, data: { amount: 123_456 } });
  const id = ((await deposit.json()) as { id: string }).id;
  await signIn(page, tenant);
  await page.getByRole('link', { name: 'Treasury', exact: true }).first().click();
  const wallet = page.getByRole('region', { name: `${tenant.apps[1]?.name} wallet`, exact: true });
  await expect(wallet).toContainText('Pending deposits (1): $1,234.56');
  await expect(wallet).toContainText('Checking •••• 4321');
  await expect(wallet).toContainText('$0.00');
  for (let step = 0; step < 2; step++)
    await page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} });
  await page.reload();
  await expect(wallet).toContainText('$1,234.56');
  await expect(wallet).toContainText('No deposits pending');
});

test('finance deposits from the app’s bank account: pending on the treasury, then spendable', async ({
  page,
  tenant,
}) => {
  const app = tenant.apps[1];
  await page.request.put(`/v2/apps/${app?.id}/ach-account`, { headers: basicAuth(tenant), data: ACCOUNT });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app?.name} wallet`, exact: true });
  await wallet.getByLabel(`Deposit amount (USD), ${app?.name}`, { exact: true }).fill('250.00');
  await wallet.getByRole('button', { name: 'Review deposit', exact: true }).click();
  // The deposit reviews in the dialog a payment's and a bill's use.
  const review = page.getByRole('dialog', { name: 'Review the deposit', exact: true });
  await expect(review).toContainText('From Checking •••• 4321');
  await expect(review).toContainText('$0.00 now, $0.00 after ($250.00 once the deposit completes)');
  await review.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(review).toBeHidden();
  await expect(wallet).toContainText('Bank account: Checking •••• 4321');
  await expect(wallet).not.toContainText('(•••• 4321)');
  // Looking at the other way and back keeps the amount typed.
  await wallet.getByText('Withdraw', { exact: true }).click();
  await expect(wallet.getByLabel(`Withdraw amount (USD), ${app?.name}`, { exact: true })).toHaveValue(
    '250.00',
  );
  await wallet.getByText('Deposit', { exact: true }).click();
  await expect(wallet.getByLabel(`Deposit amount (USD), ${app?.name}`, { exact: true })).toHaveValue(
    '250.00',
  );
  await wallet.getByRole('button', { name: 'Review deposit', exact: true }).click();
  await review.getByRole('button', { name: 'Confirm deposit of $250.00', exact: true }).click();
  await expect(review).toBeHidden();
  await expect(wallet.getByRole('status')).toContainText(
    'Deposit of $250.00 made: pending until it arrives.',
  );
  // The notice names what moved and the form is cleared for the next deposit.
  await expect(wallet.getByLabel(`Deposit amount (USD), ${app?.name}`, { exact: true })).toHaveValue('');
  await expect(
    wallet.getByRole('status').getByRole('link', { name: 'Open transfer', exact: true }),
  ).toBeVisible();
  await expect(wallet).toContainText('Pending deposits (1): $250.00');
  const refills = await page.request.get('/v2/transfers?type=refill', { headers: basicAuth(tenant) });
  const id = ((await refills.json()) as { data: { id: string }[] }).data[0]?.id;
  for (let step = 0; step < 2; step++)
    await page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} });
  await page.reload();
  await expect(wallet).toContainText('No deposits pending');
  await expect(wallet).toContainText('$250.00 in the wallet now.');
});

test("a payment on its way counts in the app's balance at once, spendable only once it arrives; one that fails is taken back", async ({
  page,
  tenant,
}) => {
  test.slow();
  const app = tenant.apps[1];
  const headers = { ...basicAuth(tenant), 'Api-App-Id': app?.id ?? '' };
  const pay = async (account: string, amount: number) => {
    const made = await page.request.post('/v2/payments', {
      headers,
      data: {
        amount,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: account, routing_number: '021000021' },
      },
    });
    expect(made.status()).toBe(201);
    return ((await made.json()) as { id: string }).id;
  };
  const arrives = await pay('900000123', 40_000);
  const fails = await pay('900000001', 2_500);
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app?.name} wallet`, exact: true });
  await expect(wallet).toContainText('$425.00');
  await expect(wallet).toContainText('Spendable now: $0.00');
  await expect(wallet).toContainText('Payments on their way (2): $425.00');

  for (const id of [arrives, fails]) {
    for (let step = 0; step < 2; step++)
      await page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} });
  }
  await page.reload();
  await expect(wallet).toContainText('Spendable now: $400.00');
  await expect(wallet).toContainText('No payments on their way');

  // The ledger of the wallet keeps the failed payment's line and the line that took it back: it sums to the balance.
  await page.goto(`/ledger?wallet_id=${app?.id}`);
  const table = page.getByRole('table', { name: 'Transactions', exact: true });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('-$25.00');
  await expect(page.getByText('Balance change of the range:')).toContainText('$400.00');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trim().split('\n').slice(1);
  expect(lines.map((line) => Number(line.split(',')[3]))).toEqual([-2_500, 2_500, 40_000]);
  expect(lines.reduce((total, line) => total + Number(line.split(',')[3]), 0)).toBe(40_000);
});

test('an app without a bank account gets one, submitted for a second member; the page asks for none it lacks', async ({
  page,
  tenant,
}) => {
  const app = tenant.apps[1];
  const refused: string[] = [];
  page.on('response', (answer) => {
    if (answer.status() >= 400 && answer.url().includes('/ach-account')) refused.push(answer.url());
  });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app?.name} wallet`, exact: true });
  await expect(wallet).toContainText('No bank account');
  await wallet.getByLabel('Routing number', { exact: true }).fill('021000022');
  await wallet.getByRole('button', { name: 'Submit bank account for approval', exact: true }).click();
  // Each rule at its field, and nothing typed lost.
  await expect(wallet.getByLabel('Account number', { exact: true })).toHaveAccessibleDescription(
    /7 to 17 digits/,
  );
  await expect(wallet.getByLabel('Routing number', { exact: true })).toHaveAccessibleDescription(
    /check digit/,
  );
  await expect(wallet.getByLabel('Routing number', { exact: true })).toHaveValue('021000022');
  await wallet.getByLabel('Account number', { exact: true }).fill('987654321');
  await wallet.getByLabel('Routing number', { exact: true }).fill('021000021');
  await expect(wallet).toContainText('another finance or admin member confirms it');
  await wallet.getByRole('button', { name: 'Submit bank account for approval', exact: true }).click();
  await expect(wallet.getByRole('status')).toContainText('Submitted for approval');
  await expect(wallet.getByRole('link', { name: 'Open request', exact: true })).toBeVisible();
  expect(refused).toEqual([]);
});

test('a withdrawal above the limit waits for another member, and moves once they approve it', async ({
  page,
  tenant,
}) => {
  test.slow();
  const admin = await memberAuth(page.request, tenant, 'admin');
  const policy = await page.request.put('/api/team/policy', {
    headers: admin,
    data: { enabled: true, limit_cents: 100_000, approvals_needed: 1 },
  });
  expect(policy.status()).toBe(200);
  const app = tenant.apps[0];
  await page.request.put(`/v2/apps/${app?.id}/ach-account`, { headers: basicAuth(tenant), data: ACCOUNT });
  const before = (await wallets(page.request, tenant)).apps.find((a) => a.id === app?.id)?.balance ?? 0;
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app?.name} wallet`, exact: true });
  await wallet.getByText('Withdraw', { exact: true }).click();
  await wallet.getByLabel(`Withdraw amount (USD), ${app?.name}`, { exact: true }).fill('1500');
  await wallet.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
  // The same word for the same move, from the review's button to its confirmation.
  const review = page.getByRole('dialog', { name: 'Review the withdrawal', exact: true });
  await expect(review).toContainText('To Checking •••• 4321');
  // The review says up front that it waits: no button that looks like it will go.
  await expect(review).toContainText("above your organization's approval limit");
  await expect(
    review.getByRole('button', { name: 'Confirm withdrawal of $1,500.00', exact: true }),
  ).toHaveCount(0);
  // By keyboard: the review goes once submitted, and the focus goes to what came of it, not to the page's top.
  await review.getByRole('button', { name: 'Submit for approval ($1,500.00)', exact: true }).press('Enter');
  await expect(wallet.getByRole('status')).toContainText('Submitted for approval');
  await expect(wallet.getByRole('status')).toBeFocused();
  const href = await wallet.getByRole('link', { name: 'Open request', exact: true }).getAttribute('href');
  const requestId = href?.split('/').at(-1);
  expect((await wallets(page.request, tenant)).apps.find((a) => a.id === app?.id)?.balance).toBe(before);
  await page.request.post(`/api/team/approvals/${requestId}/approve`, { headers: admin, data: {} });
  await expect
    .poll(async () => (await wallets(page.request, tenant)).apps.find((a) => a.id === app?.id)?.balance)
    .toBe(before - 150_000);
  await page.goto(`/approvals/${requestId}`);
  await expect(page.getByText('1 withdrawal, ')).toBeVisible();
});

test('a read of the wallets that fails leaves the Treasury as it was: the deposit made, and what it says', async ({
  page,
  tenant,
}) => {
  test.slow();
  const app = tenant.apps[0];
  await page.request.put(`/v2/apps/${app?.id}/ach-account`, { headers: basicAuth(tenant), data: ACCOUNT });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app?.name} wallet`, exact: true });
  await wallet.getByLabel(`Deposit amount (USD), ${app?.name}`, { exact: true }).fill('12.34');
  await wallet.getByRole('button', { name: 'Review deposit', exact: true }).click();
  // Every read of the wallets after the deposit fails: the page reads them again, and keeps what it shows.
  await armFault(page, tenant, { method: 'GET', path_prefix: '/v2/wallets', status: 503, times: 20 });
  await page
    .getByRole('dialog', { name: 'Review the deposit', exact: true })
    .getByRole('button', { name: 'Confirm deposit of $12.34', exact: true })
    .click();
  await expect(page.getByText('The wallets could not be read again', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(wallet.getByRole('status')).toContainText('Deposit of $12.34 made');
});

test("the ledger filtered to a day sums to the wallet's balance change, and its CSV says the same", async ({
  page,
  tenant,
}) => {
  test.slow();
  const headers = basicAuth(tenant);
  const app = tenant.apps[0]?.id ?? '';
  for (const amount of [-1_500, -250, 700, -3_333]) {
    await page.request.post('/v2/transfers', { headers, data: { amount, user_id: tenant.users[0]?.id } });
  }
  // The tenant was made today: its first app's balance now is the whole of today's change.
  const change = (await wallets(page.request, tenant)).apps.find((a) => a.id === app)?.balance ?? NaN;
  const today = new Date().toISOString().slice(0, 10);
  await signIn(page, tenant, 'finance', { to: `/ledger?wallet_id=${app}&from=${today}&to=${today}` });
  const dollars = `$${(change / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(page.getByText('Balance change of the range:')).toContainText(dollars, { timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Transactions', exact: true })).toContainText('-$33.33');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trim().split('\n').slice(1);
  const sum = lines.reduce((total, line) => total + Number(line.split(',')[3]), 0);
  expect(lines).toHaveLength(5);
  expect(sum).toBe(change);
  // Each line carries the page's words for its type (last, quoted where they hold a comma) beside the service's code.
  for (const line of lines) {
    const code = line.split(',')[2] ?? '';
    const words = transactionTypeWords(code);
    expect(line.endsWith(words.includes(',') ? `,"${words}"` : `,${words}`), line).toBe(true);
  }
  await expect(page.getByRole('table', { name: 'Transactions', exact: true })).toContainText(
    transactionTypeWords(lines[0]?.split(',')[2]),
  );
  // The table's dates are said with their zone, as everywhere (not a bare "12/2/2026, 12:22:00 AM").
  await expect(
    page
      .getByRole('table', { name: 'Transactions', exact: true })
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .first(),
  ).toHaveText(/(UTC|GMT[+-]?\d*)$/);
  await expect(page.getByText(`Exported 5 lines, summing to ${dollars}`)).toBeVisible();
  // A line opens its transfer.
  await page
    .getByRole('link', { name: /^Open transfer: / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/transfers\//);
});

test('at 390 px the totals of the range show their amounts without a sideways scroll; a backwards range is said at its field', async ({
  page,
  tenant,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant, 'finance', { to: '/ledger' });
  const totals = page.getByRole('table', { name: 'Totals by type', exact: true });
  await expect(totals.getByRole('columnheader', { name: 'Amount', exact: true })).toBeInViewport({
    ratio: 1,
  });
  await expect(totals.getByRole('cell').last()).toBeInViewport({ ratio: 1 });
  await page.getByLabel('From date', { exact: true }).fill('2026-11-20');
  await page.getByLabel('To date', { exact: true }).fill('2026-11-19');
  await expect(page.getByLabel('To date', { exact: true })).toHaveAccessibleDescription(
    'Before the From date (2026-11-20): pick a day on or after it',
  );
});

test(`the treasury and the ledger pass axe, light and dark`, async ({ page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  await expect(page.getByRole('heading', { name: 'Treasury', exact: true })).toBeVisible();
  // The chart's code comes with it, after the page's: on cores shared with other work that takes its time.
  await expect(page.getByText(`${tenant.apps[0]?.name}: balance, last 30 days`)).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolationsInBothSchemes(page);
  await page.goto('/ledger');
  await expect(page.getByRole('table', { name: 'Transactions', exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});
