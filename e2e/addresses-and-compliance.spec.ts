import type { Page } from '@playwright/test';
import { armFault, basicAuth, copyComplianceConfirmed, expect, signIn, test } from './fixtures';
import { pickById, shownAs } from './payment-form';

async function chooseOption(page: Page, label: string, search: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('support agent adds an address to a user and sees it', async ({ signedIn: page, tenant }) => {
  const user = tenant.users[0];
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add address' }).click();
  await pickById(page, 'User', user?.id ?? '');
  await page.getByLabel('Line 1').fill('1 Market Street');
  await page.getByLabel('Line 2').fill('Suite 300');
  await page.getByLabel('City').fill('San Francisco');
  await chooseOption(page, 'State', 'Calif', 'California (CA)');
  await page.getByLabel('Postcode').fill('94105-1234');
  await page.getByRole('button', { name: 'Add address' }).click();

  const status = page.getByRole('status').filter({ hasText: 'Address added' });
  await expect(status).toBeVisible();
  await expect(status).toContainText('1 Market Street');
  await expect(status).toContainText('San Francisco, CA, 94105-1234');
  await expect(status).toContainText('United States');
  const stored = await page.request.get(`/v2/users/${user?.id}`, { headers: basicAuth(tenant) });
  expect((await stored.json()).addresses[0]).toMatchObject({
    line_1: '1 Market Street',
    state: 'CA',
    country: 'US',
  });

  await page.getByRole('button', { name: 'Add another address for this user' }).click();
  await expect(page.getByLabel('User', { exact: true })).toHaveValue(shownAs(user));
  await expect(page.getByLabel('Line 1')).toHaveValue('');
});

test('a non-US address takes a free-form state and postcode', async ({ page, tenant }) => {
  await signIn(page, tenant, 'finance', { to: `/users/${tenant.users[1]?.id}/addresses/new` });
  await expect(page.getByLabel('User', { exact: true })).toHaveValue(shownAs(tenant.users[1]));
  await chooseOption(page, 'Country', 'Germ', 'Germany');
  await page.getByLabel('Line 1').fill('Marienplatz 1');
  await page.getByLabel('City').fill('München');
  await page.getByRole('textbox', { name: 'State' }).fill('Bayern');
  await page.getByLabel('Postcode').fill('80331');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Address added' })).toContainText('Germany');
});

test('a bad ZIP is refused at the field before any request', async ({ signedIn: page, tenant }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') requests.push(request.url());
  });
  await page.goto(`/addresses/new?user_id=${tenant.users[0]?.id}`);
  await page.getByLabel('Line 1').fill('1 Main St');
  await page.getByLabel('City').fill('Springfield');
  await chooseOption(page, 'State', 'Illin', 'Illinois (IL)');
  await page.getByLabel('Postcode').fill('6270');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('A US ZIP code is 12345 or 12345-6789')).toBeVisible();
  // The click went through (the press did not blur the field and move the button): the form put the focus on the
  // field at fault.
  await expect(page.getByLabel('Postcode')).toBeFocused();
  expect(requests).toEqual([]);
});

test('an injected 500 keeps the address form', async ({ signedIn: page, tenant }) => {
  await armFault(page, tenant, {
    method: 'PUT',
    path_prefix: '/v2/users',
    status: 500,
    message: 'Address book offline',
  });
  await page.goto(`/addresses/new?user_id=${tenant.users[0]?.id}`);
  await page.getByLabel('Line 1').fill('9 Elm Road');
  await page.getByLabel('City').fill('Austin');
  await chooseOption(page, 'State', 'Tex', 'Texas (TX)');
  await page.getByLabel('Postcode').fill('73301');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('alert')).toContainText('Address book offline');
  await expect(page.getByLabel('Line 1')).toHaveValue('9 Elm Road');
  await expect(page.getByLabel('Postcode')).toHaveValue('73301');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Address added' })).toBeVisible();
});

test('support agent copies compliance to an app of the organization and views the record', async ({
  signedIn: page,
  tenant,
}) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Copy compliance' }).click();
  await pickById(page, 'App', tenant.apps[0]?.id ?? '');
  await page.getByRole('button', { name: 'Copy compliance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy compliance?' });
  await expect(dialog).toContainText('overwrites');
  await dialog.getByRole('button', { name: 'Confirm copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Compliance copied' })).toContainText(
    'Business compliance information successfully copied',
  );
  const record = page.getByRole('table', { name: 'Copied compliance record' });
  await expect(record).toContainText(`${tenant.organization.name} Inc.`);
  await expect(record).toContainText(/•••• \d{4}/);
  await expect(record).not.toContainText(/\d{9}/);
});

test("copying to another tenant's app shows the service's 403 message and what to check", async ({
  page,
  request,
  tenant,
}) => {
  const other = await (await request.post('/sandbox/tenants', { data: {} })).json();
  await signIn(page, tenant, 'finance', { to: `/compliance/copy?app_id=${other.apps[0].id}` });
  // Not this organization's: the field can only show the id it was given.
  await expect(page.getByLabel('App', { exact: true })).toHaveValue(other.apps[0].id);
  await copyComplianceConfirmed(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Resource not found or unauthorized');
  await expect(alert).toContainText('Check that the app belongs to this organization.');
});

test('an organization with no compliance record is told to add one first', async ({
  page,
  tenantWithoutCompliance: tenant,
}) => {
  await signIn(page, tenant, 'support');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Copy compliance' }).click();
  await pickById(page, 'App', tenant.apps[0]?.id ?? '');
  await copyComplianceConfirmed(page);
  await expect(page.getByRole('alert')).toContainText('no business compliance information to copy');
  await expect(page.getByRole('alert')).toContainText('add the organization’s compliance information first');
});

test('an app that does not exist cannot be picked, and nothing is asked of the service', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: '/compliance/copy' });
  await page.getByLabel('App', { exact: true }).fill('app-123');
  await expect(page.getByText('No app by that name or ID')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'Copy compliance' }).click();
  await expect(page.getByLabel('App', { exact: true })).toHaveAccessibleDescription(/Choose the app/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
