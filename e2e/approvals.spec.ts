import type { Page } from '@playwright/test';
import { batchTransfers, chooseFile, openBatchPayments, payButton, paymentsCsv, withRow } from './batch-file';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  bankPayment,
  expect,
  expectNoAxeViolations,
  memberAuth,
  signIn,
  type Tenant,
  test,
} from './fixtures';
import { fillBankAccount, openCreatePayment } from './payment-form';

/** The tenant's admin switches approvals on above $1,000.00 (with one admin, it applies at once). */
async function approvalsAbove1000(request: import('@playwright/test').APIRequestContext, tenant: Tenant) {
  const answer = await request.put('/api/team/policy', {
    headers: await memberAuth(request, tenant, 'admin'),
    data: { enabled: true, limit_cents: 100_000, approvals_needed: 1 },
  });
  expect(await answer.json()).toMatchObject({ kind: 'applied' });
}

async function signInAsDemo(page: Page, label: 'Finance' | 'Admin') {
  await page.goto('/sign-in');
  await page
    .getByRole('group', { name: 'Demo team' })
    .getByRole('button', { name: `Use ${label}` })
    .click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

test(`in the demo, finance submits $1,500.00; the admin approves it in another browser; the maker's open page turns to paid, light and dark`, async ({
  page,
  browser,
}) => {
  // Two members' sign-ins, the demo organization's overview twice, axe on two pages, and the maker's page following
  // the request: about 18 s on an idle machine, more on a busy one.
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await signInAsDemo(page, 'Finance');
  await openCreatePayment(page);
  const user = page.getByLabel('User', { exact: true });
  await user.fill('amara ok');
  await page.getByRole('option', { name: /Amara Okafor/ }).click();
  // The limit is said before the review: no surprise.
  await expect(page.getByLabel('Amount (USD)', { exact: true })).toHaveAccessibleDescription(
    /Above \$1,000\.00, another member approves a payment before any money moves/,
  );
  await page.getByLabel('Amount (USD)').fill('1500.00');
  await fillBankAccount(page, '000123456789');
  await page.getByRole('button', { name: 'Review payment' }).click();
  const review = page.getByRole('dialog', { name: 'Review payment' });
  await review.getByLabel('Payer authorized this debit').check();
  await expect(review.getByRole('button', { name: /^Confirm payment/ })).toHaveCount(0);
  await review.getByRole('button', { name: 'Submit for approval ($1,500.00)', exact: true }).click();
  await expect(page).toHaveURL(/\/approvals\//);
  const requestUrl = page.url();
  await expect(page.getByText('Status: Waiting', { exact: true })).toBeVisible();
  await expect(page.getByText(/You prepared this request: another member approves it/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  const details = page.getByRole('table', { name: 'Payment details' });
  await expect(details).toContainText('Checking •••• 6789');
  await expect(details).toContainText('Amara Okafor');
  await expectNoAxeViolationsInBothSchemes(page);

  const checker = await (await browser.newContext()).newPage();
  await signInAsDemo(checker, 'Admin');
  await checker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  const waiting = checker.getByRole('table', { name: 'Waiting for approval' });
  const row = waiting.getByRole('row').filter({ hasText: '$1,500.00' }).filter({ hasText: 'Fiona Finance' });
  await expect(row.first()).toBeVisible();
  // Other runs submit to the one demo organization at once: the checker opens this run's request.
  await checker.goto(requestUrl);
  // The approver reads what the maker reviewed: the payer by name and email, the account masked, who prepared it.
  const checked = checker.getByRole('table', { name: 'Payment details' });
  await expect(checked).toContainText('Checking •••• 6789');
  await expect(checked).toContainText(/Amara Okafor · \S+@\S+/);
  await expect(checked).toContainText('finance@demo-marketplace.example');
  expect(await checker.content()).not.toContain('000123456789');
  await expectNoAxeViolationsInBothSchemes(checker);
  await checker.getByRole('button', { name: 'Approve and pay $1,500.00', exact: true }).click();
  await expect(checker.getByText('Status: Paid', { exact: true })).toBeVisible();
  await checker.context().close();

  // The maker's page, open all along, follows: paid, with its transfer, and a notice says so as it turns.
  await expect(page.getByText('Status: Paid', { exact: true })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: 'Your request for $1,500.00: paid' });
  await expect(notice.first()).toBeVisible();
  await page
    .getByRole('table', { name: 'Results' })
    .getByRole('link', { name: /^Transfer / })
    .click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toBeVisible();
  await expect(page.getByText('$1,500.00').first()).toBeVisible();
});

test('a tenant member is refused a direct payment above the limit by the server', async ({
  page,
  tenant,
}) => {
  await approvalsAbove1000(page.request, tenant);
  const direct = await page.request.post('/v2/payments', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: bankPayment(tenant, 150_000),
  });
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toMatchObject({ error_code: 'approval-required' });
  const below = await page.request.post('/v2/payments', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: bankPayment(tenant, 99_999),
  });
  expect(below.status()).toBe(201);
});

test('support sees no Approvals page and is refused by the server when it forges an approval', async ({
  page,
  tenant,
}) => {
  await approvalsAbove1000(page.request, tenant);
  const made = await page.request.post('/api/team/approvals', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: {
      payment: bankPayment(tenant, 250_000, { idempotency_key: crypto.randomUUID() }),
    },
  });
  const { id } = (await made.json()) as { id: string };
  await signIn(page, tenant, 'support');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }),
  ).toHaveCount(0);
  const forged = await page.request.post(`/api/team/approvals/${id}/approve`, {
    headers: await memberAuth(page.request, tenant, 'support'),
    data: {},
  });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toMatchObject({ error_code: 'forbidden-for-role' });
});

test(`Approvals and a request's page pass axe, light and dark`, async ({ page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await approvalsAbove1000(page.request, tenant);
  await page.request.post('/api/team/approvals', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: {
      payment: bankPayment(tenant, 120_000, { idempotency_key: crypto.randomUUID() }),
    },
  });
  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(page.getByRole('table', { name: 'Waiting for approval' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('table', { name: 'Waiting for approval' }).getByRole('row').nth(1).click();
  await expect(page.getByRole('button', { name: /^Approve and pay \$/ })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});

test('an admin switches approvals on in Settings; a bad limit is named at its field', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const form = page.getByRole('form', { name: 'Approval policy' });
  await form.getByLabel('Payments above the limit need approval', { exact: true }).check();
  await form.getByLabel('Approval required above', { exact: true }).fill('1,000.005');
  await form.getByRole('button', { name: 'Save policy', exact: true }).click();
  await expect(form.getByLabel('Approval required above', { exact: true })).toHaveAccessibleDescription(
    /At most two decimal places/,
  );
  await form.getByLabel('Approval required above', { exact: true }).fill('1,000.00');
  await form.getByRole('button', { name: 'Save policy', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('The new policy applies now.');
  await expectNoAxeViolations(page);
  const policy = await page.request.get('/api/team/policy', {
    headers: await memberAuth(page.request, tenant, 'finance'),
  });
  expect(await policy.json()).toMatchObject({
    policy: { enabled: true, limitCents: 100_000, approvalsNeeded: 1 },
  });
});

test('a file whose total is above the limit is one request, approved once, each row paid once', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow(); // two members: a file checked and submitted, approved and paid, its results read back
  await approvalsAbove1000(page.request, tenant);
  await signIn(page, tenant, 'finance');
  await openBatchPayments(page);
  // 12 rows of $100.00 to $111.11, each under the $1,000.00 limit: $1,266.66 in all, above it.
  const csv = paymentsCsv(tenant, 12, 10_000);
  // The last row repeats the first: a warning the maker ticks, and the approver reads.
  await chooseFile(page, 'big.csv', withRow(csv, 13, csv.split('\r\n')[1] ?? ''));
  await page.getByLabel('Also pay the 1 repeated row', { exact: true }).check();
  await page.getByLabel('Payers authorized these debits', { exact: true }).check();
  await expect(payButton(page)).toHaveCount(0);
  // A double click submits one request: the button is busy from the first click on.
  await page.getByRole('button', { name: /^Submit for approval \(12 payments, \$/ }).dblclick();
  await expect(page).toHaveURL(/\/approvals\//);
  const requests = await page.request.get('/api/team/approvals', {
    headers: await memberAuth(page.request, tenant, 'finance'),
  });
  expect(((await requests.json()).data as { id: string }[]).map((request) => request.id)).toHaveLength(1);
  await expect(page.getByRole('table', { name: 'Rows to pay' }).getByRole('row')).toHaveCount(13);

  const checker = await browser.newPage();
  await signIn(checker, tenant, 'admin', { to: page.url() });
  await expect(checker.getByText('Row 13 repeats row 2: the same payer, amount and account')).toBeVisible();
  await checker.getByRole('button', { name: /^Approve and pay 12 payments, \$1,\d{3}\.\d\d$/ }).click();
  await expect(checker.getByText('Status: Paid', { exact: true })).toBeVisible();
  await checker.close();
  expect(await batchTransfers(page, tenant)).toHaveLength(12);
  // The maker sees what the server paid, row by row, and can keep it.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Results' }).getByRole('row')).toHaveCount(13);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV', exact: true }).click();
  expect((await download).suggestedFilename()).toMatch(/^approval-[0-9a-f]{8}-results\.csv$/);
});
