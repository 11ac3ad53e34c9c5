import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  addSanFranciscoAddress,
  basicAuth,
  expect,
  memberAuth,
  memberOf,
  signIn,
  type Tenant,
  test,
} from './fixtures';
import { fillBankAccount, openAuthorizedReview, pickById } from './payment-form';

/** Goes to a page and waits for what shows that it has loaded, then asks axe about it in light and in dark. */
async function checkPage(page: Page, path: string, loaded: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await loaded(page);
  await expectNoAxeViolationsInBothSchemes(page);
}

test(`every page of a payment's life passes axe, light and dark`, async ({ signedIn: page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const user = tenant.users[0];

  // Create payment: the form filled, then its review.
  await checkPage(page, '/payments/new', (p) => pickById(p, 'User', user?.id ?? ''));
  await page.getByLabel('Amount (USD)', { exact: true }).fill('12.34');
  await fillBankAccount(page, '000555666777');
  const dialog = await openAuthorizedReview(page);
  await expectNoAxeViolationsInBothSchemes(page);

  // The transfer it made, with its status, history and transactions; then the requests behind it.
  await dialog.getByRole('button', { name: 'Confirm payment of $12.34' }).click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText('$12.34');
  await expect(page.getByText('Status: created', { exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('button', { name: 'Requests' }).click();
  const inspector = page.getByRole('dialog', { name: 'Request inspector' });
  await inspector.getByRole('button', { name: /^POST \/v2\/payments 201/ }).click();
  await expect(inspector.getByLabel('Request body of POST /v2/payments')).toContainText('•••• 6777');
  await expectNoAxeViolationsInBothSchemes(page);

  await checkPage(page, '/transfers', (p) =>
    expect(p.getByRole('table', { name: 'Transfers' })).toContainText('$12.34'),
  );
  // The activity log with the payment in it, not only while empty.
  await checkPage(page, '/activity', (p) =>
    expect(p.getByRole('table', { name: 'Activity' })).toContainText('Payment created'),
  );
});

test(`every page of a support ticket passes axe, light and dark`, async ({ signedIn: page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const user = tenant.users[0];
  const address = await page.request.put(`/v2/users/${user?.id}/addresses`, {
    headers: basicAuth(tenant),
    data: { line_1: '5 Elm St', city: 'Boston', state: 'MA', postcode: '02108', country: 'US' },
  });
  expect(address.status()).toBe(200);
  await checkPage(page, `/users/${user?.id}`, (p) =>
    expect(p.getByRole('group', { name: 'Addresses' })).toContainText('5 Elm St'),
  );
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

/** A second admin, invited and joined through the API: then a grant of power waits for one of the two. */
async function secondAdminAuth(page: Page, tenant: Tenant): Promise<Record<string, string>> {
  const email = `axe.admin.${tenant.client_id.slice(0, 8)}@example.com`;
  const invited = await page.request.post('/api/team/members', {
    headers: await memberAuth(page.request, tenant, 'admin'),
    data: { email, name: 'Ari Admin', role: 'admin' },
  });
  const { link } = (await invited.json()) as { link: { url: string } };
  const token = new URL(link.url).pathname.split('/').at(-1);
  const password = 'the second admin password';
  expect((await page.request.post(`/api/team/invitations/${token}`, { data: { password } })).status()).toBe(
    200,
  );
  const session = await page.request.post('/api/team/sessions', { data: { email, password } });
  const { member_id, secret } = (await session.json()) as { member_id: string; secret: string };
  return { Authorization: `Basic ${Buffer.from(`${member_id}:${secret}`).toString('base64')}` };
}

test(`what a new user meets next passes axe: a result, a dialog, a rejected change, a canceled link, a phone, light and dark`, async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  // An admin's change, rejected by the other admin with a reason; a link, canceled; another, open.
  const other = await secondAdminAuth(page, tenant);
  const viewer = memberOf(tenant, 'viewer');
  const members = await page.request.get('/api/team/members', {
    headers: await memberAuth(page.request, tenant, 'admin'),
  });
  const viewerId = ((await members.json()) as { data: { id: string; email: string }[] }).data.find(
    (m) => m.email === viewer.email,
  )?.id;
  const asked = await page.request.patch(`/api/team/members/${viewerId}`, {
    headers: await memberAuth(page.request, tenant, 'admin'),
    data: { role: 'finance' },
  });
  const { request } = (await asked.json()) as { request: { id: string } };
  await page.request.post(`/api/team/team-requests/${request.id}/reject`, {
    headers: other,
    data: { reason: 'Not this quarter' },
  });
  const link = async () =>
    (
      (await (
        await page.request.post('/v2/payout-links', {
          headers: basicAuth(tenant),
          data: { amount: 7_500, payee: { email: 'kim@example.com' }, delivery: { method: 'email' } },
        })
      ).json()) as { id: string }
    ).id;
  const canceled = await link();
  await page.request.delete(`/v2/payout-links/${canceled}`, { headers: basicAuth(tenant) });
  const open = await link();

  await signIn(page, tenant, 'admin');
  await checkPage(page, '/approvals', (p) =>
    expect(p.getByRole('table', { name: 'Your recent team changes' })).toContainText('Not this quarter'),
  );
  await checkPage(page, '/payout-links?status=canceled', (p) =>
    expect(p.getByText('Status: Canceled', { exact: true })).toBeVisible(),
  );
  await checkPage(page, `/payout-links/${open}`, (p) =>
    p.getByRole('button', { name: 'Cancel link', exact: true }).click(),
  );
  await expect(page.getByRole('button', { name: 'Keep the link', exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.keyboard.press('Escape');
  await checkPage(page, `/users/${tenant.users[0]?.id}/addresses/new`, (p) => addSanFranciscoAddress(p));
  await expect(page.getByRole('status').filter({ hasText: 'Address added' })).toBeFocused();
  await expectNoAxeViolationsInBothSchemes(page);
  // On a phone: the header with Search, the skip link, the navigation opened.
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, '/transfers', (p) =>
    expect(
      p.getByRole('banner').getByRole('button', { name: 'Search the console', exact: true }),
    ).toBeVisible(),
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the page', exact: true })).toBeFocused();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }),
  ).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});
