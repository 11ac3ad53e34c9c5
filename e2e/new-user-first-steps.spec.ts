import { bankPayment, expect, memberAuth, signIn, test } from './fixtures';

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

test("Treasury names the organization's wallet as the organization's, apart from each app's", async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const organization = page.getByRole('region', {
    name: `${tenant.organization.name} (organization) wallet`,
    exact: true,
  });
  await expect(organization.getByRole('heading', { level: 2 })).toHaveText(
    `${tenant.organization.name} (organization)`,
  );
  const names = await page
    .getByRole('region')
    .evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label')).filter(Boolean));
  expect(new Set(names).size).toBe(names.length);
});

test('on a phone the navigation button says whether the navigation is open, and Escape closes it back to the button', async ({
  page,
  tenant,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant, 'support', { to: '/users' });
  const button = page.getByRole('button', { name: 'Toggle navigation', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const navigation = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(navigation.getByRole('link', { name: 'Overview', exact: true })).toBeInViewport();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await expect(navigation.getByRole('link', { name: 'Overview', exact: true })).not.toBeInViewport();
});

test("a payment's record fits a phone's width: its metadata wraps instead of pushing the page off the screen", async ({
  page,
  tenant,
}) => {
  const made = await page.request.post('/v2/payments', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: bankPayment(tenant, 2_500, {
      metadata: { order: 'order-2026-12-02-0000000000000000000000000001' },
    }),
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant, 'finance', { to: `/transfers/${id}` });
  const details = page.getByRole('table', { name: 'Transfer details', exact: true });
  await expect(details).toContainText('order-2026-12-02');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await details.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
});
