import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickById } from './payment-form';

/**
 * WAI-ARIA 1.2's combobox, as a screen reader and a script find it: role combobox, the listbox it controls while
 * open, and the option under the arrow keys as the active descendant.
 */
async function expectCombobox(page: Page, field: Locator): Promise<void> {
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await field.click();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  const listboxId = await field.getAttribute('aria-controls');
  expect(listboxId).toBeTruthy();
  const listbox = page.locator(`[id="${listboxId}"]`);
  await expect(listbox).toHaveAttribute('role', 'listbox');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await field.press('ArrowDown');
  const active = await field.getAttribute('aria-activedescendant');
  expect(active).toBeTruthy();
  await expect(listbox.locator(`[id="${active}"]`)).toHaveAttribute('role', 'option');
  await field.press('Escape');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
}

test('every picker and select is a combobox by role and name', async ({ page, tenant }) => {
  test.slow(); // a dozen pickers on six pages, each opened and read
  await signIn(page, tenant, 'finance', { to: '/payments/new' });
  await expectCombobox(page, page.getByRole('combobox', { name: 'User', exact: true }));
  await pickById(page, 'User', tenant.users[0]?.id ?? '');
  await page.getByRole('radio', { name: 'Stored account' }).check();
  await expectCombobox(page, page.getByRole('combobox', { name: 'Account on file', exact: true }));
  await page.getByRole('radio', { name: 'A payment customer' }).check();
  await expectCombobox(page, page.getByRole('combobox', { name: 'Customer', exact: true }));

  // User first: leaving it empty shows its error above Country, and a click on Country still opens Country.
  await page.goto('/addresses/new');
  await expectCombobox(page, page.getByRole('combobox', { name: 'User', exact: true }));
  await expectCombobox(page, page.getByRole('combobox', { name: 'Country', exact: true }));
  await expectCombobox(page, page.getByRole('combobox', { name: 'State', exact: true }));

  await page.goto('/compliance/copy');
  await expectCombobox(page, page.getByRole('combobox', { name: 'App', exact: true }));

  await page.goto('/transfers');
  await expectCombobox(page, page.getByRole('combobox', { name: 'Filter by user', exact: true }));
});

test('a search that finds no one is said, and Enter on it picks nothing and sends nothing', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: '/payments/new' });
  const field = page.getByRole('combobox', { name: 'User', exact: true });
  await field.fill('zzqx-nobody-here');
  await expect(page.getByRole('status').filter({ hasText: 'No user by that name' })).toBeVisible();
  await field.press('Enter');
  // Nothing was sent: no field of the form is marked wrong, and what was typed is still there.
  await expect(field).toHaveValue('zzqx-nobody-here');
  await expect(field).toBeFocused();
  await expect(page.getByLabel('Amount (USD)', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
});

test('a row of a list opens its record, by a click anywhere in it or by Enter', async ({ page, tenant }) => {
  const user = tenant.users[0];
  await signIn(page, tenant, 'finance', { to: '/users' });
  const userRow = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: user?.email });
  await userRow.getByRole('cell', { name: user?.email, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${user?.id}$`));

  await page.goBack();
  await userRow.focus();
  await userRow.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${user?.id}$`));

  const customer = tenant.customers[0];
  await page.goto('/customers');
  await page
    .getByRole('table', { name: 'Payment customers' })
    .getByRole('row')
    .filter({ hasText: customer?.name })
    .getByRole('cell')
    .nth(1)
    .click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customer?.id}$`));

  const app = tenant.apps[0];
  await page.goto('/apps');
  await page
    .getByRole('table', { name: 'Apps' })
    .getByRole('row')
    .filter({ hasText: app?.id })
    .getByRole('cell', { name: app?.id, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/compliance/copy\\?app_id=${app?.id}$`));
});
