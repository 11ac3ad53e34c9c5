import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, memberAuth, signIn, type Tenant, test } from './fixtures';

/*
 * Which wallet pays: wherever money out is created or approved, the page names the app whose wallet it leaves, with
 * its balance before and after; the maker chooses it, the approver reads the same one, and the service pays from it.
 */

/** Puts money into an app's wallet (the sandbox's helper, as a bank transfer in). */
async function refill(request: APIRequestContext, appId: string, cents: number) {
  const answer = await request.post(`/sandbox/apps/${appId}/refill`, { data: { amount: cents } });
  expect(answer.status()).toBe(200);
}

/** An app's wallet as the service says it, in dollars. */
async function walletOf(request: APIRequestContext, tenant: Tenant, appId: string): Promise<string> {
  const answer = await request.get(`/v2/apps/${appId}`, { headers: basicAuth(tenant) });
  return ((await answer.json()) as { metrics: { wallet_balance: string } }).metrics.wallet_balance;
}

async function choosePaidFrom(page: Page, option: string) {
  await page.getByRole('combobox', { name: 'Paid from', exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The tenant's two apps: the first starts with $100,000.00; the second is refilled by each test. */
const appsOf = (tenant: Tenant) => {
  const [first, second] = tenant.apps;
  if (!first || !second) throw new Error('the tenant has fewer than two apps');
  return { first, second };
};

test("a payout link's maker chooses the wallet that holds it; the review names it before and after, light and dark", async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const { first, second } = appsOf(tenant);
  await refill(page.request, second.id, 500_000);
  await signIn(page, tenant, 'finance');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payout links' }).click();
  await page.getByRole('link', { name: 'Create payout link', exact: true }).click();
  // As Send payout does: the organization's first app unless the maker chooses another.
  await expect(page.getByRole('combobox', { name: 'Paid from', exact: true })).toHaveValue(
    `${first.name} ($100,000.00)`,
  );
  await choosePaidFrom(page, `${second.name} ($5,000.00)`);
  await page.getByLabel('Amount (USD)', { exact: true }).fill('45');
  await expect(page.getByLabel('Amount (USD)', { exact: true })).toHaveAccessibleDescription(
    'Holds 4,500 cents; the wallet keeps $4,955.00',
  );
  await page.getByLabel("Payee's email", { exact: true }).fill('rae.okoro@example.com');
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('button', { name: 'Review payout link', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review payout link' });
  const paidFrom = review.getByRole('row', { name: /^Paid from/ });
  await expect(paidFrom).toContainText(`The wallet of ${second.name}`);
  await expect(paidFrom).toContainText('$5,000.00 now, $4,955.00 after this link');
  await expectNoAxeViolationsInBothSchemes(page);
  await review.getByRole('button', { name: 'Create link for $45.00', exact: true }).click();
  // The link's own page (exact: the form's own heading, "Create payout link", contains the words too).
  await expect(page.getByRole('heading', { name: 'Payout link', level: 1, exact: true })).toBeVisible();
  // The service holds it from that wallet, and from no other.
  expect(await walletOf(page.request, tenant, second.id)).toBe('4955.00');
  expect(await walletOf(page.request, tenant, first.id)).toBe('100000.00');
});

test('the approver of a payout reads the wallet its maker chose, and the payout is paid from it, light and dark', async ({
  page,
  browser,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const { first, second } = appsOf(tenant);
  await refill(page.request, second.id, 2_000_000);
  const seller = tenant.users[1];
  await signIn(page, tenant, 'finance');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Send payout' }).click();
  await page.getByLabel('Payee', { exact: true }).fill(`${seller?.first_name} ${seller?.last_name}`);
  await page
    .getByRole('option')
    .filter({ hasText: seller?.email ?? '' })
    .click();
  await page.getByRole('radio', { name: /^PayPal / }).check();
  // Above the test tenant's limit ($10,000.00): it waits for another member.
  await page.getByLabel('Amount (USD)', { exact: true }).fill('12000');
  await choosePaidFrom(page, `${second.name} ($20,000.00)`);
  await page.getByRole('button', { name: 'Review payout', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review payout' });
  await expect(review.getByRole('row', { name: /^Paid from/ })).toContainText(
    '$20,000.00 now, $8,000.00 after this payout',
  );
  await review.getByRole('button', { name: 'Submit for approval ($12,000.00)', exact: true }).click();
  await expect(page).toHaveURL(/\/approvals\//);
  const url = page.url();

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, tenant, 'admin', { to: url });
  const paidFrom = admin
    .getByRole('table', { name: 'Payout details' })
    .getByRole('row', { name: /^Paid from/ });
  await expect(paidFrom).toContainText(`The wallet of ${second.name}`);
  await expect(paidFrom).toContainText('$20,000.00 now, $8,000.00 after this payout');
  await expectNoAxeViolationsInBothSchemes(admin);
  await admin.getByRole('button', { name: 'Approve and pay $12,000.00', exact: true }).click();
  await expect(admin.getByText('Status: Paid', { exact: true })).toBeVisible();
  // Paid: the wallet is named alone (its balance now says nothing of before).
  await expect(paidFrom).toHaveText(`Paid fromThe wallet of ${second.name}`);
  await admin.context().close();
  expect(await walletOf(page.request, tenant, second.id)).toBe('8000.00');
  expect(await walletOf(page.request, tenant, first.id)).toBe('100000.00');
});

test("a payouts file's approver reads the wallet it is paid from, before and after its total", async ({
  page,
  tenant,
}) => {
  const { second } = appsOf(tenant);
  await refill(page.request, second.id, 2_000_000);
  const row = (cents: number) => ({
    user_id: tenant.users[1]?.id,
    amount: cents,
    platform: 'paypal',
    fund: true,
    idempotency_key: crypto.randomUUID(),
  });
  const submitted = await page.request.post('/api/team/approvals', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: { payouts: [row(600_000), row(600_000)], file_sha256: 'd'.repeat(64), app_id: second.id },
  });
  expect(submitted.status()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  await signIn(page, tenant, 'admin', { to: `/approvals/${id}` });
  const paidFrom = page.getByRole('table', { name: 'Wallet' }).getByRole('row', { name: /^Paid from/ });
  await expect(paidFrom).toContainText(`The wallet of ${second.name}`);
  await expect(paidFrom).toContainText('$20,000.00 now, $8,000.00 after this file');
});
