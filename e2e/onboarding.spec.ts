import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, memberAuth, signIn, type Tenant, test } from './fixtures';
import { fillBankAccount, openAuthorizedReview } from './payment-form';

/** Onboarding, as the people who do it: support, finance, an admin, and a payee on their phone. */

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

test("the demo without a mail server: support sends a link that moves money to the payee, who reads it in the sandbox's mailbox, at 390 px", async ({
  page,
  tenant,
}) => {
  test.slow();
  const user = tenant.users[0];
  const email = (
    await (await page.request.get(`/v2/users/${user?.id}`, { headers: basicAuth(tenant) })).json()
  ).email as string;
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant, 'support', { to: `/users/${user?.id}/onboarding` });
  await page.getByRole('heading', { name: /^Onboard / }).waitFor();
  // The payout step makes the link the payee's alone: copying is unavailable, and the page says why beside it.
  await expect(page.getByRole('radio', { name: 'Copy it myself', exact: true })).toBeDisabled();
  await expect(
    page.getByText(/^Unavailable: A link that can change where the payee's money goes/),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'By email to the payee', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Send onboarding link', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Onboarding link sent' })).toContainText(email);
  await expect(page.getByRole('textbox', { name: 'Onboarding link', exact: true })).toHaveCount(0);
  // Without payout steps, copying it is allowed again.
  await page.getByRole('checkbox', { name: 'Payout method', exact: true }).uncheck();
  await expect(page.getByRole('radio', { name: 'Copy it myself', exact: true })).toBeEnabled();

  const [mailbox] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Sandbox mailbox', exact: true }).click(),
  ]);
  await mailbox.getByRole('heading', { name: 'Sandbox mailbox', level: 1 }).waitFor();
  const message = mailbox.getByRole('article').filter({ hasText: `To ${email}` });
  await message.getByRole('link').first().click();
  await mailbox.getByRole('heading', { name: 'Your tax form (W-9)' }).waitFor();
});

test(`axe: the new pages and the hosted flow's pages, light and dark`, async ({ browser, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 3);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, tenant, 'admin');
  for (const path of [
    '/onboarding/users/new',
    '/onboarding/customers/new',
    '/onboarding/apps/copy-compliance',
  ]) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolationsInBothSchemes(page);
  }
  await page.goto(`/users/${tenant.users[0]?.id}/onboarding`);
  await page.getByRole('heading', { name: /^Onboard / }).waitFor();
  await expectNoAxeViolationsInBothSchemes(page);
  // Without mail (this server has no SMTP_URL), a link without payout steps is copied; the rest are in
  // onboarding-mail.spec.ts.
  await page.getByRole('checkbox', { name: 'Payout method', exact: true }).uncheck();
  await page.getByRole('radio', { name: 'Copy it myself', exact: true }).check();
  await page.getByRole('button', { name: 'Make onboarding link', exact: true }).click();
  const link = await page.getByLabel('Onboarding link', { exact: true }).inputValue();
  await expectNoAxeViolationsInBothSchemes(page);
  const payee = await context.newPage();
  await payee.setViewportSize({ width: 390, height: 844 });
  await payee.goto(link);
  await payee.getByRole('heading', { name: 'Your tax form (W-9)' }).waitFor();
  await expectNoAxeViolationsInBothSchemes(payee);
  await context.close();
});

test("a payout method a member adds to a user waits on Approvals for another member's confirmation", async ({
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
    name: `Add PayPal fiona.own@evil.example as a payout method of ${user?.first_name} ${user?.last_name}`,
  });
  await expect(waiting).toContainText('Before: Checking ••••');
  await waiting.getByRole('button', { name: 'Confirm change', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed and applied' })).toBeVisible();
  await page.goto(`/users/${user?.id}`);
  await expect(page.getByRole('group', { name: 'Payout methods' })).toContainText('PayPal');
});
