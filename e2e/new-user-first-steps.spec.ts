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
