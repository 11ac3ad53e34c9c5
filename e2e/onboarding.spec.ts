import type { Page } from '@playwright/test';
import {
  AXE_SPEC_TIMEOUT,
  basicAuth,
  expect,
  expectNoAxeViolations,
  memberAuth,
  signIn,
  type Tenant,
  test,
} from './fixtures';
import { fillBankAccount, openAuthorizedReview } from './payment-form';

/** Onboarding, as the people who do it: support, finance, an admin, and a payee on their phone. */

async function newUser(page: Page, first: string, last: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New user' }).click();
  await page.getByRole('heading', { name: 'New user' }).waitFor();
  const n = String(Date.now()).slice(-7);
  await page.getByLabel('First name', { exact: true }).fill(first);
  await page.getByLabel('Last name', { exact: true }).fill(last);
  await page.getByLabel('Email', { exact: true }).fill(`${first.toLowerCase()}.${n}@example.com`);
  await page.getByLabel('Phone number', { exact: true }).fill(`415${n}`);
  await page.getByLabel('Ticket reference', { exact: true }).fill('ZD-4821');
  await page.getByRole('button', { name: 'Create user', exact: true }).click();
  const made = page.getByRole('status').filter({ hasText: 'User created' });
  await expect(made).toBeVisible();
  await made.getByRole('link', { name: `Onboard ${first} ${last}`, exact: true }).click();
  await page.getByRole('heading', { name: `Onboard ${first} ${last}` }).waitFor();
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

/** The payee's side: the hosted pages, with no session, as on a phone. */
async function payeeCompletes(payee: Page, link: string) {
  await payee.goto(link);
  await expect(payee.getByRole('heading', { name: 'Where your money goes' })).toBeVisible();
  await payee.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await payee.getByLabel('PayPal email', { exact: true }).fill('rae.payee@example.com');
  await payee.getByRole('button', { name: 'Save payout method', exact: true }).click();
  await expect(payee.getByRole('heading', { name: 'Your tax form (W-9)' })).toBeVisible();
  await payee.getByLabel('First name', { exact: true }).fill('Rae');
  await payee.getByLabel('Last name', { exact: true }).fill('Payee');
  await payee.getByLabel('Date of birth', { exact: true }).fill('1990-04-01');
  // A TIN of a shape no SSN has: refused at its field, the rest kept.
  await payee.getByLabel('SSN, ITIN or EIN', { exact: true }).fill('666001234');
  await payee.getByLabel('Street address', { exact: true }).fill('1 Market Street');
  await payee.getByLabel('City', { exact: true }).fill('San Francisco');
  await payee.getByLabel('State', { exact: true }).fill('CA');
  await payee.getByLabel('ZIP code', { exact: true }).fill('94105');
  await payee.getByRole('button', { name: 'Submit tax form', exact: true }).click();
  await expect(payee.getByText('Not a valid SSN or ITIN')).toBeVisible();
  await expect(payee.getByLabel('Street address', { exact: true })).toHaveValue('1 Market Street');
  await payee.getByLabel('SSN, ITIN or EIN', { exact: true }).fill('521874963');
  await payee.getByRole('button', { name: 'Submit tax form', exact: true }).click();
  await expect(payee.getByRole('heading', { name: 'All set' })).toBeVisible();
}

test('support creates a user and sends an onboarding link; the payee completes it; support sees the method and the steps', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow();
  await signIn(page, tenant, 'support');
  const userId = await newUser(page, 'Rae', 'Payee');
  await page.getByRole('button', { name: 'Make onboarding link', exact: true }).click();
  const link = await page.getByLabel('Onboarding link', { exact: true }).inputValue();
  expect(link).toMatch(/\/flow\/[\w-]{32}$/);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await payeeCompletes(await phone.newPage(), link);
  await phone.close();

  await page.reload();
  const links = page.getByRole('table', { name: 'Onboarding links' });
  await expect(links).toContainText('Payout method, Tax form (W-9)');
  await expect(links).toContainText('completed');
  await page.getByRole('link', { name: 'Back to Rae Payee', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Payout methods' })).toContainText('PayPal');
  await expect(page.getByRole('table', { name: 'Profile' })).toContainText('W-9, TIN ending 4963');
  const user = await (await page.request.get(`/v2/users/${userId}`, { headers: basicAuth(tenant) })).json();
  expect(JSON.stringify(user)).not.toContain('521874963');
});

test('finance creates a payment customer and pays from them', async ({ page, tenant }) => {
  await signIn(page, tenant, 'finance');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'New payment customer' })
    .click();
  await page.getByRole('radio', { name: 'A business', exact: true }).check();
  await page.getByRole('button', { name: 'Create payment customer', exact: true }).click();
  await expect(page.getByText('Enter the business name')).toBeVisible();
  await page.getByLabel('Business name', { exact: true }).fill('Acme Supplies LLC');
  await page.getByLabel('Email', { exact: true }).fill('ap@acme-supplies.example');
  await page.getByRole('button', { name: 'Create payment customer', exact: true }).click();
  const made = page.getByRole('status').filter({ hasText: 'Payment customer created' });
  await made.getByRole('link', { name: 'Create a payment from them', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'A payment customer' })).toBeChecked();
  await expect(page.getByLabel('Customer', { exact: true })).toHaveValue(/^Acme Supplies LLC · /);
  await page.getByLabel('Amount (USD)').fill('42.50');
  await fillBankAccount(page, '44443333');
  const dialog = await openAuthorizedReview(page);
  await dialog.getByRole('button', { name: 'Confirm payment of $42.50' }).click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText('Acme Supplies LLC');
});

async function pickApp(page: Page, label: string, name: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.fill(name.split(' ').at(-1) ?? name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

test('an admin copies compliance from one app to another, each found by its name', async ({
  page,
  tenant,
}) => {
  const [from, to] = tenant.apps as [Tenant['apps'][number], Tenant['apps'][number]];
  // The first app has a record (the organization's, copied onto it); the second none.
  const copied = await page.request.put(`/v2/organizations/copy-organization-compliance-to-app/${from.id}`, {
    headers: basicAuth(tenant),
  });
  expect(copied.status()).toBe(200);
  await signIn(page, tenant, 'admin');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Copy compliance between apps' })
    .click();
  await pickApp(page, 'Copy from', from.name);
  await pickApp(page, 'Copy to', to.name);
  await page.getByRole('button', { name: 'Copy compliance', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Compliance copied' })).toContainText(to.name);
  const record = await page.request.get(`/v2/apps/${to.id}/compliance`, { headers: basicAuth(tenant) });
  expect(record.status()).toBe(200);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe: the new pages and the hosted flow's pages, ${colorScheme}`, async ({ browser, tenant }) => {
    test.setTimeout(AXE_SPEC_TIMEOUT * 2);
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await signIn(page, tenant, 'admin');
    for (const path of [
      '/onboarding/users/new',
      '/onboarding/customers/new',
      '/onboarding/apps/copy-compliance',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
    }
    await page.goto(`/users/${tenant.users[0]?.id}/onboarding`);
    await page.getByRole('heading', { name: /^Onboard / }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Make onboarding link', exact: true }).click();
    const link = await page.getByLabel('Onboarding link', { exact: true }).inputValue();
    const payee = await context.newPage();
    await payee.setViewportSize({ width: 390, height: 844 });
    await payee.goto(link);
    await expectNoAxeViolations(payee);
    // A page with errors at its fields.
    await payee.getByRole('radio', { name: 'Bank account', exact: true }).check();
    await payee.getByRole('button', { name: 'Save payout method', exact: true }).click();
    await expect(payee.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(payee);
    await payee.getByRole('radio', { name: 'PayPal', exact: true }).check();
    await payee.getByLabel('PayPal email', { exact: true }).fill('axe@example.com');
    await payee.getByRole('button', { name: 'Save payout method', exact: true }).click();
    await payee.getByRole('heading', { name: 'Your tax form (W-9)' }).waitFor();
    await expectNoAxeViolations(payee);
    await context.close();
  });
}

test("a payout method a member adds to a user waits on Approvals, masked, for another member's confirmation", async ({
  page,
  tenant,
}) => {
  const user = tenant.users[0];
  const held = await page.request.put(`/v2/users/${user?.id}/payout-methods`, {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: { platform: 'paypal', email: 'fiona.own@evil.example' },
  });
  expect(held.status()).toBe(202);
  await signIn(page, tenant, 'admin');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Approvals/ })
    .click();
  const waiting = page.getByRole('group', {
    name: `Add PayPal f•••@evil.example as a payout method of ${user?.first_name} ${user?.last_name}`,
  });
  await expect(waiting).toContainText('Before: Checking ••••');
  await expect(waiting).not.toContainText('fiona.own@evil.example');
  await waiting.getByRole('button', { name: 'Confirm change', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed and applied' })).toBeVisible();
  await page.goto(`/users/${user?.id}`);
  await expect(page.getByRole('group', { name: 'Payout methods' })).toContainText('PayPal');
});
