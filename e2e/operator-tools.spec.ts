import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  AXE_SPEC_TIMEOUT,
  basicAuth,
  copyComplianceConfirmed,
  expect,
  expectNoAxeViolations,
  signIn,
  type Tenant,
  test,
} from './fixtures';

// papaparse is a UMD file that registers as an AMD module where the spec runner has a global `define`, and then
// exports nothing: it is loaded here as CommonJS, with `define` out of sight.
const Papa = ((): typeof import('papaparse') => {
  const holder = { exports: {} };
  const source = readFileSync(new URL('../node_modules/papaparse/papaparse.js', import.meta.url), 'utf8');
  new Function('module', 'exports', 'define', source)(holder, holder.exports, undefined);
  return holder.exports as typeof import('papaparse');
})();
const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

import { fillBankAccount, openAuthorizedReview, pickById, shownAs } from './payment-form';

async function pay(page: Page, tenant: Tenant, userIndex: number, amount: number) {
  const response = await page.request.post('/v2/payments', {
    headers: basicAuth(tenant),
    data: {
      amount,
      platform: 'ach',
      user_id: tenant.users[userIndex]?.id,
      ach_info: { account_number: '123456789', routing_number: '021000021' },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

test('the user view shows the user, addresses, masked accounts and recent transfers, and links onward', async ({
  signedIn: page,
  tenant,
}) => {
  const user = tenant.users[0];
  const transfer = await pay(page, tenant, 0, 4321);
  await page.request.put(`/v2/users/${user?.id}/addresses`, {
    headers: basicAuth(tenant),
    data: { line_1: '5 Elm St', city: 'Boston', state: 'MA', postcode: '02108', country: 'US' },
  });
  await page.goto(`/users/${user?.id}`);
  await expect(page.getByRole('heading', { name: `${user?.first_name} ${user?.last_name}` })).toBeVisible();
  await expect(page.getByLabel('Addresses')).toContainText('5 Elm St, Boston, MA, 02108, United States');
  await expect(page.getByLabel('Payout methods')).toContainText(
    `Checking •••• ${user?.payout_methods[0]?.mask}`,
  );
  const recent = page.getByRole('table', { name: 'Recent transfers' });
  await expect(recent).toContainText('$43.21');
  await recent.getByRole('link', { name: transfer.id }).click();
  await expect(page).toHaveURL(new RegExp(`/transfers/${transfer.id}$`));
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Create payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/new\\?user_id=${user?.id}$`));
  await expect(page.getByLabel('User', { exact: true })).toHaveValue(shownAs(user));
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Add address' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${user?.id}/addresses/new$`));
  await expect(page.getByLabel('User', { exact: true })).toHaveValue(shownAs(user));
});

test('the transfer finder filters, orders, pages both ways, and opens a pasted id', async ({
  signedIn: page,
  tenant,
}) => {
  const ids: string[] = [];
  for (let i = 0; i < 23; i++) ids.push((await pay(page, tenant, i % 2, 100 + i)).id);
  await page.request.post(`/sandbox/transfers/${ids[0]}/advance`, { data: {} });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }).click();
  const table = page.getByRole('table', { name: 'Transfers' });
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(table.getByRole('row').nth(1)).toContainText(ids[22] ?? '');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(table.getByRole('row').nth(1)).toContainText(ids[22] ?? '');
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await page.getByRole('combobox', { name: 'Order' }).click();
  await page.getByRole('option', { name: 'Oldest first' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(ids[0] ?? '');
  await expect(table.getByRole('row').nth(1)).toContainText('created → pending');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'pending' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/status=pending/);

  await page.goto('/transfers');
  await pickById(page, 'Filter by user', tenant.users[1]?.id ?? '');
  await expect(table.getByRole('row')).toHaveCount(12);
  await expect(page).toHaveURL(new RegExp(`user_id=${tenant.users[1]?.id}`));

  await page.getByLabel('Transfer ID').fill(ids[5] ?? '');
  await page.getByRole('button', { name: 'Open transfer' }).click();
  await expect(page).toHaveURL(new RegExp(`/transfers/${ids[5]}$`));
});

test('the request inspector shows calls with masked bodies, and a GET as cURL replays to the same body', async ({
  signedIn: page,
  tenant,
}) => {
  await page.getByRole('link', { name: 'Create payment' }).first().click();
  await pickById(page, 'User', tenant.users[0]?.id ?? '');
  await page.getByLabel('Amount (USD)').fill('9.99');
  await fillBankAccount(page, '000555666777');
  const dialog = await openAuthorizedReview(page);
  await dialog.getByRole('button', { name: 'Confirm payment of $9.99' }).click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh status' }).click();
  await expect(page.getByRole('button', { name: 'Refresh status' })).toBeEnabled();

  await page.getByRole('button', { name: 'Requests' }).click();
  const inspector = page.getByRole('dialog', { name: 'Request inspector' });
  await inspector.getByRole('button', { name: /^POST \/v2\/payments 201/ }).click();
  const requestBody = inspector.getByLabel('Request body of POST /v2/payments');
  await expect(requestBody).toContainText('•••• 6777');
  await expect(inspector).not.toContainText('000555666777');
  await expect(inspector).not.toContainText(tenant.api_key);
  await expect(inspector).not.toContainText('Basic ');

  const get = inspector.getByRole('button', { name: /^GET \/v2\/transfers\/[0-9a-f-]+ 200/ }).first();
  await get.click();
  const label = ((await get.getAttribute('aria-label')) ?? '').replace(/ 200$/, '');
  const shownBody = (await inspector.getByLabel(`Response body of ${label}`).textContent()) ?? '';
  const curl = (await inspector.getByLabel(`cURL of ${label}`).textContent()) ?? '';
  expect(curl).toContain('"$CLIENT_ID:$API_KEY"');
  const replayed = execFileSync('sh', ['-c', curl], {
    encoding: 'utf8',
    env: { ...process.env, CLIENT_ID: tenant.client_id, API_KEY: tenant.api_key },
  });
  expect(JSON.parse(replayed)).toEqual(JSON.parse(shownBody));
});

test('the activity log lists what this operator did, failures too, and exports a CSV without account numbers', async ({
  signedIn: page,
  tenant,
}) => {
  await page.getByRole('link', { name: 'Create payment' }).first().click();
  await pickById(page, 'User', tenant.users[0]?.id ?? '');
  await page.getByLabel('Amount (USD)').fill('12.34');
  await fillBankAccount(page, '000111222333');
  const dialog = await openAuthorizedReview(page);
  await dialog.getByRole('button', { name: 'Confirm payment of $12.34' }).click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toBeVisible();
  const transferId = page.url().split('/').at(-1) ?? '';

  const foreignApp = (await (await page.request.post('/sandbox/tenants', { data: {} })).json()).apps[0].id;
  await page.goto(`/compliance/copy?app_id=${foreignApp}`);
  await copyComplianceConfirmed(page);
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  const table = page.getByRole('table', { name: 'Activity' });
  await expect(table).toContainText('Payment created');
  await expect(table).toContainText('Compliance copied');
  await expect(table).toContainText('failed');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain('000111222333');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(['time', 'action', 'outcome', 'subject', 'details', 'request_id']);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toEqual([
    expect.any(String),
    'Compliance copied',
    'failed',
    foreignApp,
    expect.stringContaining('Resource not found or unauthorized'),
    expect.stringMatching(/\S/),
  ]);
  expect(rows[1]).toEqual([
    expect.any(String),
    'Payment created',
    'succeeded',
    transferId,
    `$12.34 from user ${tenant.users[0]?.id} (bank account)`,
    '',
  ]);
});

test('the command palette opens pages and pasted ids (transfer, then user, then app)', async ({
  signedIn: page,
  tenant,
}) => {
  const transfer = await pay(page, tenant, 0, 500);
  const palette = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Command' }) });
  const run = async (text: string, action: string | RegExp) => {
    await page.keyboard.press('ControlOrMeta+k');
    await page.getByRole('textbox', { name: 'Command' }).fill(text);
    await page.getByRole('button', { name: action }).click();
  };
  await page.getByRole('link', { name: 'Create payment' }).first().click();
  await page.getByLabel('User', { exact: true }).click();
  await run('activ', /Activity/);
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await run(transfer.id, `Open ${transfer.id}`);
  await expect(page).toHaveURL(new RegExp(`/transfers/${transfer.id}$`));
  await run(tenant.users[1]?.id ?? '', /^Open /);
  await expect(page).toHaveURL(new RegExp(`/users/${tenant.users[1]?.id}$`));
  await run(tenant.apps[1]?.id ?? '', /^Open /);
  await expect(page).toHaveURL(new RegExp(`/compliance/copy\\?app_id=${tenant.apps[1]?.id}$`));
  await expect(palette).toHaveCount(0);
});

test('light and dark color schemes follow the system, switch, and are both axe-clean', async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT);
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, tenant);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectNoAxeViolations(page);
  // The choice holds for the tab, across reloads.
  await page.goto('/payments/new');
  await expect(page.getByRole('heading', { name: 'Create payment' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page);
});
