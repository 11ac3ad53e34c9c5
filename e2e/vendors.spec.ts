import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, expect, memberAuth, signIn, type Tenant, test } from './fixtures';

/*
 * Vendors and the approval policies of bills: a vendor made and its bank account added under four eyes, a two-step
 * policy built and named by the preview, and axe on each page, light and dark.
 */

async function asMember(browser: Browser, tenant: Tenant, role: 'admin' | 'finance') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, tenant, role);
  return page;
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test(`finance creates a vendor and adds a bank account that waits; an admin confirms it in Approvals, light and dark`, async ({
  page,
  browser,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 3);
  await signIn(page, tenant, 'finance');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Vendors', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vendors' })).toContainText('Northwind Hosting');
  await expectNoAxeViolationsInBothSchemes(page);
  // Searching by name keeps only the vendors whose name holds it.
  await page.getByLabel('Search by name', { exact: true }).fill('swift');
  await expect(page.getByRole('table', { name: 'Vendors' })).not.toContainText('Northwind Hosting');
  await expect(page.getByRole('table', { name: 'Vendors' })).toContainText('Swift Logistics');

  await page.getByRole('link', { name: 'New vendor', exact: true }).click();
  await page.getByRole('button', { name: 'Create vendor', exact: true }).click();
  // Each field's rule at the field, nothing sent.
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(/Required/);
  await page.getByLabel('Contact email', { exact: true }).fill('not an email');
  await page.getByLabel('ZIP code', { exact: true }).fill('7870');
  await page.keyboard.press('Tab');
  await expect(page.getByText('Enter an email address')).toBeVisible();
  await expect(page.getByText('A US ZIP code is 12345 or 12345-6789')).toBeVisible();
  const name = 'Harbor Freight Co';
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Contact email', { exact: true }).fill('ap@harbor.example');
  await page.getByLabel('External ID', { exact: true }).fill('V-0042');
  await page.getByLabel('Address line 1', { exact: true }).fill('12 Pier Road');
  await page.getByLabel('City', { exact: true }).fill('Oakland');
  const state = page.getByRole('combobox', { name: 'State' });
  await state.click();
  await state.fill('Calif');
  await page.getByRole('option', { name: 'California (CA)' }).click();
  await page.getByLabel('ZIP code', { exact: true }).fill('94607');
  await page.getByRole('button', { name: 'Create vendor', exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vendor' })).toContainText('ap@harbor.example');

  // Its bank account: with approvals on it waits for a second member, and the page says so and links it.
  await page.getByLabel('Account name', { exact: true }).fill('Operating');
  await page.getByLabel('Account number', { exact: true }).fill('000123456789');
  // Typed twice, as a payment's account is: a slip of one digit is said at the confirmation.
  await page.getByLabel('Confirm account number', { exact: true }).fill('000123456788');
  await page.getByLabel('Routing number', { exact: true }).fill('021000022');
  await page.getByRole('button', { name: 'Add account', exact: true }).click();
  await expect(
    page.getByText('Not a valid ABA routing number (the check digit does not match)'),
  ).toBeVisible();
  await expect(page.getByText('The account numbers do not match', { exact: true })).toBeVisible();
  await page.getByLabel('Confirm account number', { exact: true }).fill('000123456789');
  await page.getByLabel('Routing number', { exact: true }).fill('021000021');
  await page.getByRole('button', { name: 'Add account', exact: true }).click();
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for a second member' });
  await expect(waiting).toContainText(`Add the account •••• 6789 to ${name}: waits for a second member`);
  // Said once: the notice of the change just made, not again in the list of changes waiting.
  await expect(page.getByText('Waiting for a second member', { exact: true })).toHaveCount(1);
  await expect(page.getByText(`Add the account •••• 6789 to ${name}: waits`)).toHaveCount(1);
  await expect(page.getByText('No bank account yet: a bill is paid to one.')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  const href = await waiting.getByRole('link', { name: 'See the request', exact: true }).getAttribute('href');

  const admin = await asMember(browser, tenant, 'admin');
  await admin.goto(href ?? '/approvals');
  const request = admin.getByRole('group', { name: `Add the account •••• 6789 to ${name}` });
  await expect(request).toContainText('routing number 021000021');
  await request.getByRole('button', { name: 'Confirm account change', exact: true }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Confirmed and made' })).toBeVisible();
  await admin.context().close();

  await page.reload();
  await expect(page.getByRole('table', { name: 'Bank accounts' })).toContainText('•••• 6789');
  await expect(page.getByRole('table', { name: 'Bank accounts' })).not.toContainText('000123456789');
});

test('a vendor with a bill still to pay is not deleted, and the page says why at the button', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: '/vendors' });
  await page.getByRole('row', { name: /Northwind Hosting/ }).click();
  await expect(page.getByRole('heading', { name: 'Northwind Hosting', level: 1 })).toBeVisible();
  await expect(page.getByText(/still to pay/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete vendor', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Delete Northwind Hosting', exact: true })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'The vendor was not deleted' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Northwind Hosting', level: 1 })).toBeVisible();
});

test(`an admin builds a policy of those who may approve, moves it first, and the preview names it for an amount, light and dark`, async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 3);
  await signIn(page, tenant, 'admin');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Approval policies', exact: true })
    .click();
  const tiers = page.getByRole('table', { name: 'Approval policies, in the order they are tried' });
  await expect(tiers.getByRole('row')).toHaveCount(3);
  await expectNoAxeViolationsInBothSchemes(page);

  await page.getByRole('button', { name: 'Create policy', exact: true }).click();
  await expect(page.getByLabel('Amount 1 (USD)', { exact: true })).toHaveAccessibleDescription(
    'Enter an amount',
  );
  await expect(page.getByText('Pick at least one approver', { exact: true })).toBeVisible();
  await page.getByLabel('Amount 1 (USD)', { exact: true }).fill('50,000');
  await pick(page, 'Vendor', 'Swift Logistics');
  // Only those whose role approves bills are offered: the maker of bills could never approve one.
  await page.getByRole('combobox', { name: 'Approvers of step 1', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Fiona Finance' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Ada Admin' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Approvals required in step 1', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Create policy', exact: true }).click();
  await expect(page.getByText('No more than the 1 approver picked')).toBeVisible();
  await page.getByLabel('Approvals required in step 1', { exact: true }).fill('1');
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('button', { name: 'Create policy', exact: true }).click();
  // One admin: it applies at once, tried last.
  await expect(page.getByRole('status').filter({ hasText: 'The policies are changed.' })).toBeVisible();
  await expect(tiers.getByRole('row')).toHaveCount(4);
  const mine = tiers.getByRole('row', { name: /vendor is Swift Logistics/ });
  await expect(mine).toContainText('1 of Ada Admin');

  // Tried after the tier of bills above $10,000.00, it is not reached: the preview says which applies and why.
  await page.getByLabel('Bill amount (USD)', { exact: true }).fill('60000');
  await pick(page, 'Vendor of the bill', 'Swift Logistics');
  const preview = page.getByRole('status', { name: 'Policy that applies' });
  await expect(preview).toContainText('Policy 2 applies: amount ≥ $10,000.01.');
  await mine.getByRole('button', { name: 'Move up policy 3', exact: true }).click();
  // Moved: its row now opens with priority 2 (before the next move, which reads the table as it then stands).
  await expect(tiers.getByRole('row', { name: /vendor is Swift Logistics/ })).toContainText(/^2/);
  await tiers.getByRole('button', { name: 'Move up policy 2', exact: true }).click();
  await expect(preview).toContainText('Policy 1 applies: amount ≥ $50,000.00 and vendor is Swift Logistics.');
  await expect(preview).toContainText('Approved by 1 of Ada Admin.');
  // Another vendor's bill of the same amount follows the tier again; a small one follows none.
  await page.getByLabel('Vendor of the bill', { exact: true }).click();
  await page.getByRole('option', { name: 'Northwind Hosting' }).click();
  await expect(preview).toContainText('Policy 3 applies');
  await expect(preview).toContainText('policy 1 (not vendor is Swift Logistics)');
  await page.getByLabel('Bill amount (USD)', { exact: true }).fill('12.00');
  await expect(preview).toContainText('No policy applies');
  // An amount that does not read is said at the field, and the preview names no policy for it.
  const amountField = page.getByLabel('Bill amount (USD)', { exact: true });
  for (const [typed, problem] of [
    ['abc', 'Enter the amount in dollars, like 12.34'],
    ['-5', 'The amount must be positive'],
    ['10000.005', 'At most two decimal places (whole cents)'],
  ] as const) {
    await amountField.fill(typed);
    await expect(amountField).toHaveAttribute('aria-invalid', 'true');
    await expect(amountField).toHaveAccessibleDescription(problem);
    await expect(preview).toContainText('Correct the amount to see which policy a bill would follow.');
  }
  await expectNoAxeViolationsInBothSchemes(page);
});

test('support reads vendors and the approval policies but changes neither', async ({ page, tenant }) => {
  await signIn(page, tenant, 'support');
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await navigation.getByRole('link', { name: 'Vendors', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Vendors' })).toContainText('Northwind Hosting');
  await expect(page.getByRole('link', { name: 'New vendor', exact: true })).toHaveCount(0);
  await page.getByRole('row', { name: /Northwind Hosting/ }).click();
  await expect(page.getByRole('table', { name: 'Bank accounts' })).toContainText('•••• 4821');
  await expect(page.getByRole('button', { name: 'Add account', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete vendor', exact: true })).toHaveCount(0);
  await navigation.getByRole('link', { name: 'Approval policies', exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Approval policies, in the order they are tried' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create policy', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Move up/ })).toHaveCount(0);
  // Bills: read, and why not acted on, in the console server's words.
  await page.goto('/bills');
  await expect(
    page.getByText('Your AP user may only read bills: an admin gives it a role that acts'),
  ).toBeVisible();

  // At 390 px, dark, what matters in both lists shows without sideways scrolling.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = async (table: import('@playwright/test').Locator) =>
    table.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0));
  await page.goto('/bills?tab=approved');
  const bills = page.getByRole('table', { name: 'Bills', exact: true });
  await expect(bills).toContainText('NH-1002');
  for (const header of ['Bill', 'Amount', 'Status'])
    await expect(bills.getByRole('columnheader', { name: header, exact: true })).toBeInViewport();
  await expect(bills).toContainText('Northwind Hosting');
  expect(await fits(bills)).toBe(true);
  await page.goto('/approval-policies');
  const policies = page.getByRole('table', { name: 'Approval policies, in the order they are tried' });
  await expect(policies.getByRole('columnheader', { name: 'Approved by', exact: true })).toBeInViewport();
  expect(await fits(policies)).toBe(true);
});

test('with two admins, deleting a policy waits for the other admin, who confirms it on Approvals', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow(); // two admins, each signed in
  // A second admin joins through their invitation's link (no mail in the tests: the link comes in the answer).
  const email = `second.admin.${tenant.client_id.slice(0, 8)}@example.com`;
  const invited = await page.request.post('/api/team/members', {
    headers: await memberAuth(page.request, tenant, 'admin'),
    data: { email, name: 'Sol Second', role: 'admin' },
  });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: { url: string } };
  const token = new URL(link.url).pathname.split('/').at(-1);
  const password = 'the second admin password';
  expect((await page.request.post(`/api/team/invitations/${token}`, { data: { password } })).status()).toBe(
    200,
  );

  await signIn(page, tenant, 'admin', { to: '/approval-policies' });
  const tiers = page.getByRole('table', { name: 'Approval policies, in the order they are tried' });
  await expect(tiers.getByRole('row')).toHaveCount(3);
  await tiers.getByRole('button', { name: 'Delete policy 2', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete policy 2', exact: true }).click();
  const description = 'Delete the approval policy of bills for amount ≥ $10,000.01 (priority 2)';
  const notice = page.getByRole('status').filter({ hasText: 'Waiting for another admin' });
  await expect(notice).toContainText(description);
  await expect(tiers.getByRole('row')).toHaveCount(3);

  const other = await (await browser.newContext()).newPage();
  await other.goto('/sign-in');
  await other.getByLabel('Email', { exact: true }).fill(email);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await other.goto('/approvals');
  const waiting = other
    .getByRole('table', { name: 'Team changes waiting' })
    .getByRole('row', { name: /approval policy/ });
  await expect(waiting).toContainText(description);
  await waiting.getByRole('button', { name: 'Confirm', exact: true }).click();
  await other
    .getByRole('dialog')
    .getByRole('button', { name: `Confirm: ${description}`, exact: true })
    .click();
  await expect(other.getByRole('status').filter({ hasText: 'Confirmed' })).toBeVisible();
  await other.context().close();

  await page.reload();
  await expect(tiers.getByRole('row')).toHaveCount(2);
});
