import AxeBuilder from '@axe-core/playwright';
import { expectNoAxeViolationsInBothSchemes, showInScheme } from './color-schemes';
import { AXE_SPEC_TIMEOUT, armFault, basicAuth, expect, signIn, type Tenant, test } from './fixtures';
import { openAuthorizedReview } from './payment-form';

/*
 * Operators know people by name, email and phone, never by id: every form finds them by those, and the directories
 * list them. The demo tenant is the one a newcomer meets after `npm start`.
 */

test('a newcomer pays from a demo user found by name, without typing an id anywhere', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('group', { name: 'Demo team' }).getByRole('button', { name: 'Use Finance' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create payment' }).click();

  const user = page.getByLabel('User', { exact: true });
  await expect(user).toHaveAccessibleDescription('Name, email, phone or ID');
  await user.fill('amara ok');
  await expect(page.getByRole('option', { name: /Amara Okafor/ })).toBeVisible();
  await user.press('ArrowDown');
  await user.press('Enter');
  await expect(user).toHaveValue('Amara Okafor · amara.okafor@example.com');

  await page.getByLabel('Amount (USD)', { exact: true }).fill('49.00');
  await page.getByLabel('Stored account', { exact: true }).check();
  await page.getByLabel('Account on file', { exact: true }).click();
  await page.getByRole('option').first().click();
  const dialog = await openAuthorizedReview(page);
  const payer = dialog.getByRole('table', { name: 'Payment details' }).getByRole('row', { name: /Payer/ });
  await expect(payer).toContainText('Amara Okafor');
  await expect(payer).toContainText('amara.okafor@example.com');
  await dialog.getByRole('button', { name: 'Confirm payment of $49.00' }).click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText('Amara Okafor');
});

test('a support agent adds an address to a user found by email', async ({ signedIn: page, tenant }) => {
  const person = tenant.users[1];
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add address' }).click();
  await page.getByLabel('User', { exact: true }).fill(person?.email.slice(0, 12) ?? '');
  await page.getByRole('option', { name: new RegExp(`${person?.first_name} ${person?.last_name}`) }).click();
  await page.getByLabel('Line 1', { exact: true }).fill('9 Harbor Way');
  await page.getByLabel('City', { exact: true }).fill('Oakland');
  await page.getByLabel('State', { exact: true }).fill('Calif');
  await page.getByRole('option', { name: 'California (CA)' }).click();
  await page.getByLabel('Postcode', { exact: true }).fill('94612');
  await page.getByRole('button', { name: 'Add address', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Address added' })).toContainText(
    person?.email ?? '',
  );
  const stored = await page.request.get(`/v2/users/${person?.id}`, { headers: basicAuth(tenant) });
  expect((await stored.json()).addresses[0]).toMatchObject({ line_1: '9 Harbor Way', city: 'Oakland' });
});

test('a support agent copies compliance to an app picked by name', async ({ signedIn: page, tenant }) => {
  const app = tenant.apps[1];
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Copy compliance' }).click();
  const field = page.getByLabel('App', { exact: true });
  await expect(field).toHaveAccessibleDescription('Name, email, phone or ID');
  await field.fill(app?.name.split(' ').at(-1) ?? '');
  // The last word of its name finds the app, and only it once the search has answered.
  const options = page.getByRole('listbox', { name: 'App: choices' }).getByRole('option');
  await expect(options).toHaveCount(1);
  await options.filter({ hasText: app?.name ?? '' }).click();
  await page.getByRole('button', { name: 'Copy compliance', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy compliance?' });
  await expect(dialog).toContainText(app?.name ?? '');
  await dialog.getByRole('button', { name: 'Confirm copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Compliance copied' })).toBeVisible();
  const record = await page.request.get(`/v2/apps/${app?.id}/compliance`, { headers: basicAuth(tenant) });
  expect(record.status()).toBe(200);
});

async function volumeTenant(page: import('@playwright/test').Page, users: number): Promise<Tenant> {
  const response = await page.request.post('/sandbox/tenants', { data: { users } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Tenant;
}

async function signInAs(page: import('@playwright/test').Page, tenant: Tenant) {
  await signIn(page, tenant);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

test('the users page searches as the operator types, filters by status, pages, and opens a user', async ({
  page,
}) => {
  const tenant = await volumeTenant(page, 40);
  await signInAs(page, tenant);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(26);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(table.getByRole('row')).toHaveCount(18);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(table.getByRole('row')).toHaveCount(26);

  await page.getByLabel('Search', { exact: true }).fill('priya');
  await expect(page).toHaveURL(/q=priya/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('priya.lee@example.org');
  await expect(table).toContainText('+1 312-555-0100');
  await page.getByLabel('Search', { exact: true }).fill('');
  await expect(page).not.toHaveURL(/q=/);
  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'disabled' }).click();
  await expect(page).toHaveURL(/status=disabled/);
  await expect(table.getByRole('row').nth(1)).toContainText('disabled');
  const rows = await table.getByRole('row').allInnerTexts();
  expect(rows.slice(1).every((row) => /disabled/i.test(row))).toBe(true);
  expect(rows.length).toBeLessThan(26);

  await page.goto('/users?q=amara');
  const search = page.getByLabel('Search', { exact: true });
  await expect(search).toHaveValue('amara');
  // The navigation's link clears the search, Back brings it again, and the box says so each time.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(search).toHaveValue('');
  await expect(table.getByRole('row')).toHaveCount(26);
  await page.goBack();
  await expect(search).toHaveValue('amara');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Amara Okafor' }).click();
  await expect(page.getByRole('heading', { name: 'Amara Okafor', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Profile' })).toContainText('+1 212-555-0100');
});

test('payment customers are listed and found by business name; apps say whether compliance is on file', async ({
  page,
}) => {
  const tenant = await volumeTenant(page, 1);
  await signInAs(page, tenant);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Payment customers' })
    .click();
  const customers = page.getByRole('table', { name: 'Payment customers' });
  await expect(customers.getByRole('row')).toHaveCount(7);
  await page.getByLabel('Search', { exact: true }).fill('bluebird');
  await expect(customers.getByRole('row')).toHaveCount(2);
  await customers.getByRole('link', { name: 'Bluebird Bakery LLC' }).click();
  await expect(page.getByRole('heading', { name: 'Bluebird Bakery LLC' })).toBeVisible();
  await page.getByRole('link', { name: 'Create payment' }).last().click();
  await expect(page.getByLabel('Customer', { exact: true })).toHaveValue(/^Bluebird Bakery LLC · /);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
  const apps = page.getByRole('table', { name: 'Apps' });
  const second = tenant.apps[1];
  await expect(apps.getByRole('row', { name: new RegExp(second?.name ?? '') })).toContainText('None');
  await apps.getByRole('link', { name: `Copy compliance to ${second?.name}` }).click();
  await expect(page.getByLabel('App', { exact: true })).toHaveValue(new RegExp(`^${second?.name}`));
  await page.getByRole('button', { name: 'Copy compliance', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Copy compliance?' })
    .getByRole('button', { name: 'Confirm copy' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Compliance copied' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
  await expect(apps.getByRole('row', { name: new RegExp(second?.name ?? '') })).toContainText('On file');
});

test('the command palette finds users and payment customers by name or email', async ({ page }) => {
  const tenant = await volumeTenant(page, 10);
  await signInAs(page, tenant);
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('textbox', { name: 'Command' }).fill('sofia');
  await page.getByRole('button', { name: /Sofia Rahimi/ }).click();
  await expect(page.getByRole('heading', { name: 'Sofia Rahimi', level: 1 })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('textbox', { name: 'Command' }).fill('billing@blue');
  await page.getByRole('button', { name: /Bluebird Bakery LLC/ }).click();
  await expect(page.getByRole('heading', { name: 'Bluebird Bakery LLC', level: 1 })).toBeVisible();
});

test(`the directories and the overview pass axe, light and dark`, async ({ page }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const tenant = await volumeTenant(page, 12);
  await signInAs(page, tenant);
  await expect(page.getByRole('table', { name: 'Totals' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  for (const [path, table] of [
    ['/users', 'Users'],
    ['/customers', 'Payment customers'],
    ['/apps', 'Apps'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('table', { name: table })).toBeVisible();
    await expectNoAxeViolationsInBothSchemes(page);
  }
  await page.goto('/payments/new');
  await page.getByLabel('User', { exact: true }).fill('a');
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  // And while a search is on its way: the spinner is announced, not an unnamed element with a label. The console
  // gives up on a request after 4 s in these runs (REQUEST_TIMEOUT_MS), less than a read of the whole page on busy
  // cores: a search of its own for each scheme, and axe on the field's spinner and choices alone.
  const searching = page.getByRole('status', { name: 'Searching', exact: true });
  for (const [scheme, typed] of [
    ['light', 'ab'],
    ['dark', 'abc'],
  ] as const) {
    await showInScheme(page, scheme);
    await armFault(page, tenant, { method: 'GET', path_prefix: '/v2/users', delay_ms: 5000 });
    await page.getByLabel('User', { exact: true }).fill(typed);
    await expect(searching).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('[role="status"][aria-label="Searching"]')
      .include('[role="listbox"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    // As expectNoAxeViolations reads it: a label on a plain element is a finding, though axe only asks to review it.
    const unreadLabels = results.incomplete.filter((r) => r.id === 'aria-prohibited-attr');
    expect(
      [...results.violations, ...unreadLabels].map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`,
      ),
    ).toEqual([]);
    // What axe read was the search on its way: the spinner is among the nodes it judged.
    const judged = [...results.passes, ...results.incomplete, ...results.violations].flatMap((r) => r.nodes);
    expect(judged.some((n) => n.html.includes('aria-label="Searching"'))).toBe(true);
  }
});

test('the overview adds up the transfers it shows: totals, the daily volume and what needs attention', async ({
  signedIn: page,
  tenant,
}) => {
  const pay = async (amount: number, account: string) => {
    const response = await page.request.post('/v2/payments', {
      headers: basicAuth(tenant),
      data: {
        amount,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: account, routing_number: '021000021' },
      },
    });
    return (await response.json()) as { id: string };
  };
  const advance = (id: string) => page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} });
  const completed = await pay(12_345, '123456789');
  await advance(completed.id);
  await advance(completed.id);
  const failed = await pay(2_000, '000000001'); // R01 when it settles
  await advance(failed.id);
  await advance(failed.id);
  await pay(999, '123456789'); // in flight

  await page.goto('/');
  const totals = page.getByRole('table', { name: 'Totals' });
  await expect(totals.getByRole('row', { name: /Completed/ })).toContainText('$123.45 (1)');
  await expect(totals.getByRole('row', { name: /In flight/ })).toContainText('$9.99 (1)');
  await expect(totals.getByRole('row', { name: /Failed/ })).toContainText('$20.00 (1)');
  await expect(totals.getByRole('row', { name: /Returned/ })).toContainText('$0.00 (0)');
  await expect(page.getByText('The 3 transfers created in the last 30 days')).toBeVisible();
  // A test tenant's first app starts with $100,000.00 in its wallet, for payouts. A payment counts in the balance
  // from the moment it is made (spendable only once it arrives: the Treasury says which); the failed one was taken
  // back by a line of its own. So the completed $123.45 and the $9.99 still on its way.
  await expect(page.getByLabel('Organization')).toContainText('Balance: $100,133.44');
  await expect(page.getByRole('group', { name: 'Wallets', exact: true })).toContainText(': $100,133.44');
  // The chart's figures, as a screen reader has them: today holds all three.
  const today = page.getByRole('table', { name: 'Daily volume' }).getByRole('row').last();
  await expect(today).toContainText('$123.45');
  await expect(today).toContainText('$9.99');
  await expect(today).toContainText('$20.00');
  const attention = page.getByRole('table', { name: 'Needs attention' });
  await expect(attention).toContainText('R01');
  await expect(attention).toContainText('Insufficient funds');
  await attention.getByRole('link', { name: failed.id }).click();
  await expect(page).toHaveURL(new RegExp(`/transfers/${failed.id}$`));
  await page.goto('/');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
});
