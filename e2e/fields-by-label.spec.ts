import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, signIn, tabUntilFocused, test } from './fixtures';
import { pickById } from './payment-form';

/*
 * Scripts drive the console as people do: by what each field's label says. Every field is found by
 * getByLabel(visible label, { exact: true }), required or not.
 */

test('an operator pays by filling every field by its visible label alone', async ({
  signedIn: page,
  tenant,
}) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create payment' }).click();
  await page.getByLabel('A user', { exact: true }).check();
  await pickById(page, 'User', tenant.users[0]?.id ?? '');
  await page.getByLabel('Amount (USD)', { exact: true }).fill('12.34');
  await page.getByLabel('Bank account', { exact: true }).check();
  await page.getByLabel('Account number', { exact: true }).fill('123456789');
  await page.getByLabel('Confirm account number', { exact: true }).fill('123456789');
  await page.getByLabel('Routing number', { exact: true }).fill('021000021');
  await page.getByLabel('Savings', { exact: true }).check();
  await page.getByRole('button', { name: 'Add metadata', exact: true }).click();
  await page.getByLabel('Metadata key 1', { exact: true }).fill('invoice');
  await page.getByLabel('Metadata value 1', { exact: true }).fill('INV-7');
  await page.getByRole('button', { name: 'Review payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Review payment' });
  await dialog.getByLabel('Payer authorized this debit', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Confirm payment of $12.34', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toBeVisible();
});

test('a support agent adds an address by labels alone, re-picking the country already chosen', async ({
  signedIn: page,
  tenant,
}) => {
  const userId = tenant.users[0]?.id ?? '';
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add address' }).click();
  await pickById(page, 'User', userId);
  await page.getByLabel('Line 1', { exact: true }).fill('1 Market Street');
  await page.getByLabel('Line 2', { exact: true }).fill('Suite 300');
  await page.getByLabel('Line 3', { exact: true }).fill('Attn: Accounts');
  await page.getByLabel('City', { exact: true }).fill('San Francisco');
  // Picking "United States" again keeps it (it used to clear the choice, and the form then said "Required").
  const country = page.getByLabel('Country', { exact: true });
  await expect(country).toHaveValue('United States');
  await country.click();
  await page.getByRole('option', { name: 'United States', exact: true }).click();
  await expect(country).toHaveValue('United States');
  // For the United States, State is a searchable list of the states and territories, by name or code.
  await page.getByLabel('State', { exact: true }).fill('Calif');
  await page.getByRole('option', { name: 'California (CA)', exact: true }).click();
  await page.getByLabel('Postcode', { exact: true }).fill('94105');
  await page.getByRole('button', { name: 'Add address', exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Address added' })).toContainText('United States');
  const stored = await page.request.get(`/v2/users/${userId}`, { headers: basicAuth(tenant) });
  expect((await stored.json()).addresses[0]).toMatchObject({
    state: 'CA',
    country: 'US',
    line_3: 'Attn: Accounts',
  });
});

test('State lists US states and territories for the United States, and is free text elsewhere', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: `/users/${tenant.users[0]?.id}/addresses/new` });
  await page.getByLabel('State', { exact: true }).fill('PR');
  await expect(page.getByRole('option', { name: 'Puerto Rico (PR)', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByLabel('Country', { exact: true }).fill('Canad');
  await page.getByRole('option', { name: 'Canada', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'State', exact: true })).toHaveValue('');
  await page.getByLabel('State', { exact: true }).fill('Ontario');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Ontario');
});

test(`the current page's link stays readable under the pointer and with the focus, light and dark`, async ({
  signedIn: page,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT);
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create payment' });
  await link.click();
  await expect(page.getByRole('heading', { name: 'Create payment' })).toBeVisible();
  await expect(link).toHaveAttribute('data-active', 'true');
  await link.hover();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.mouse.move(0, 0);
  // The keyboard's focus, as a person gives it: back from where the click left it to the link.
  await tabUntilFocused(page, link, { backwards: true });
  await expect(link).toHaveCSS('outline-style', /solid|auto/);
  await expectNoAxeViolationsInBothSchemes(page);
});
