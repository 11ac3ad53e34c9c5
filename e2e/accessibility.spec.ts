import type { Page } from '@playwright/test';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, expectNoAxeViolations, test } from './fixtures';
import { fillBankAccount, openAuthorizedReview, pickById } from './payment-form';

/** Goes to a page and waits for what shows that it has loaded, then asks axe about it. */
async function checkPage(page: Page, path: string, loaded: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await loaded(page);
  await expectNoAxeViolations(page);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every page of a payment's life passes axe, ${scheme}`, async ({ signedIn: page, tenant }) => {
    test.setTimeout(AXE_SPEC_TIMEOUT);
    await page.emulateMedia({ colorScheme: scheme });
    const user = tenant.users[0];

    // Create payment: the form filled, then its review.
    await checkPage(page, '/payments/new', (p) => pickById(p, 'User', user?.id ?? ''));
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.getByLabel('Amount (USD)', { exact: true }).fill('12.34');
    await fillBankAccount(page, '000555666777');
    const dialog = await openAuthorizedReview(page);
    await expectNoAxeViolations(page);

    // The transfer it made, with its status, history and transactions; then the requests behind it.
    await dialog.getByRole('button', { name: 'Confirm payment of $12.34' }).click();
    await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('$12.34');
    await expect(page.getByText('Status: created', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Requests' }).click();
    const inspector = page.getByRole('dialog', { name: 'Request inspector' });
    await inspector.getByRole('button', { name: /^POST \/v2\/payments 201/ }).click();
    await expect(inspector.getByLabel('Request body of POST /v2/payments')).toContainText('•••• 6777');
    await expectNoAxeViolations(page);

    await checkPage(page, '/transfers', (p) =>
      expect(p.getByRole('table', { name: 'Transfers' })).toContainText('$12.34'),
    );
    // The activity log with the payment in it, not only while empty.
    await checkPage(page, '/activity', (p) =>
      expect(p.getByRole('table', { name: 'Activity' })).toContainText('Payment created'),
    );
  });

  test(`every page of a support ticket passes axe, ${scheme}`, async ({ signedIn: page, tenant }) => {
    test.setTimeout(AXE_SPEC_TIMEOUT);
    await page.emulateMedia({ colorScheme: scheme });
    const user = tenant.users[0];
    const address = await page.request.put(`/v2/users/${user?.id}/addresses`, {
      headers: basicAuth(tenant),
      data: { line_1: '5 Elm St', city: 'Boston', state: 'MA', postcode: '02108', country: 'US' },
    });
    expect(address.status()).toBe(200);
    await checkPage(page, `/users/${user?.id}`, (p) =>
      expect(p.getByRole('group', { name: 'Addresses' })).toContainText('5 Elm St'),
    );
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await checkPage(page, `/customers/${tenant.customers[0]?.id}`, (p) =>
      expect(p.getByRole('heading', { name: tenant.customers[0]?.name, level: 1 })).toBeVisible(),
    );
    await checkPage(page, `/users/${user?.id}/addresses/new`, (p) =>
      expect(p.getByLabel('User', { exact: true })).not.toHaveValue(''),
    );
    await checkPage(page, '/compliance/copy', (p) =>
      expect(p.getByRole('heading', { name: 'Copy compliance', level: 1 })).toBeVisible(),
    );
    await checkPage(page, '/activity', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
  });
}
