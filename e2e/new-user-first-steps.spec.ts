import { expect, signIn, test } from './fixtures';

/** What a new user met on a first pass through the console, by keyboard and on a phone. */

test('a payment sent empty by keyboard puts the focus at the first field it refuses: the payer', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: '/payments/new' });
  await page.getByRole('button', { name: 'Review payment', exact: true }).focus();
  await page.keyboard.press('Enter');
  const user = page.getByRole('combobox', { name: 'User', exact: true });
  await expect(user).toBeFocused();
  await expect(user).toHaveAccessibleDescription(/./);
});

test('a payout sent empty by keyboard puts the focus at the payee it needs', async ({ page, tenant }) => {
  await signIn(page, tenant, 'finance', { to: '/payouts/new' });
  await page.getByRole('button', { name: 'Review payout', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Payee', exact: true })).toBeFocused();
});

test("Treasury names the organization's wallet as the organization's, apart from each app's", async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const organization = page.getByRole('region', {
    name: `${tenant.organization.name} (organization) wallet`,
    exact: true,
  });
  await expect(organization.getByRole('heading', { level: 2 })).toHaveText(
    `${tenant.organization.name} (organization)`,
  );
  const names = await page
    .getByRole('region')
    .evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label')).filter(Boolean));
  expect(new Set(names).size).toBe(names.length);
});
