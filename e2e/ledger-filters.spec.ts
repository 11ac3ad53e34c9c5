import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, signIn, type Tenant, test } from './fixtures';

/** The ledger by where money came from and where it went: wallets picked by name, against the sandbox. */

async function moves(page: Page, tenant: Tenant) {
  const headers = basicAuth(tenant);
  for (const [amount, user] of [
    [-1_500, tenant.users[0]],
    [-250, tenant.users[1]],
    [700, tenant.users[0]],
  ] as const) {
    const made = await page.request.post('/v2/transfers', { headers, data: { amount, user_id: user?.id } });
    expect(made.status()).toBe(200);
  }
}

async function pick(page: Page, label: string, text: string, detail: string) {
  await page.getByLabel(label, { exact: true }).fill(text);
  // Both the name and its detail: the list shown before the search answers holds the other app's wallet too.
  await page.getByRole('option').filter({ hasText: text }).filter({ hasText: detail }).first().click();
}

test("the ledger filtered by the wallet money came from and the one it went to, picked by name, with the range's totals", async ({
  page,
  tenant,
}) => {
  test.slow();
  await moves(page, tenant);
  const app = tenant.apps[0];
  const user = tenant.users[0];
  await signIn(page, tenant, 'finance', { to: '/ledger' });
  await pick(page, 'From wallet', app?.name ?? '', "An app's wallet");
  await pick(page, 'To wallet', `${user?.first_name} ${user?.last_name}`, user?.email ?? '');
  await expect(page).toHaveURL(
    new RegExp(`source=${app?.id}.*destination=${user?.id}|destination=${user?.id}.*source=${app?.id}`),
  );
  const table = page.getByRole('table', { name: 'Transactions', exact: true });
  // The move of $15.00 from the app to the user, both its lines; nothing of the other user's, nor the move back.
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: '-$15.00', exact: true })).toHaveCount(1);
  await expect(table.getByRole('cell', { name: '$15.00', exact: true })).toHaveCount(1);
  await expect(table).not.toContainText('$2.50');
  await expect(table).not.toContainText('$7.00');
  const totals = page.getByRole('table', { name: 'Totals by type', exact: true });
  await expect(totals).toContainText('Balance move');
  // The wallet each line is in, by name.
  await expect(table).toContainText(`${user?.first_name} ${user?.last_name} (user)`);
  await expect(page.getByText('Balance change of the range:')).toContainText('$0.00');
  // The user's side alone: what came into their wallet from the app.
  await page.goto(`/ledger?source=${app?.id}&destination=${user?.id}&wallet_id=${user?.id}`);
  await expect(page.getByText('Balance change of the range:')).toHaveText(/:\s*\$15\.00$/);
  await expect(table.getByRole('row')).toHaveCount(2);
  // From the user, anywhere: the move back.
  await page.goto(`/ledger?source=${user?.id}&wallet_id=${app?.id}`);
  await expect(page.getByText('Balance change of the range:')).toHaveText(/:\s*\$7\.00$/);
});

test(`the ledger's wallet pickers pass axe, light and dark`, async ({ page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT);
  await signIn(page, tenant, 'finance', { to: '/ledger' });
  await page.getByLabel('From wallet', { exact: true }).fill('organization');
  await expect(page.getByRole('option').filter({ hasText: "The organization's wallet" })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});
