import type { Page } from '@playwright/test';
import {
  bankPayment,
  basicAuth,
  expect,
  memberAuth,
  signIn,
  type Tenant,
  type TenantMember,
  test,
} from './fixtures';
import { fillBankAccount, openAuthorizedReview, openCreatePayment, pickById } from './payment-form';

/*
 * What comes after each step, as a new user meets it: the finder names people; a follow-up leads where the work
 * goes on, for the role that does it, with what it knows filled in; an address added cannot be added twice; a payee's
 * default method is offered once; what a member may still move alone is read again after they pay; a canceled
 * badge is a badge in the dark too.
 */

const nameOf = (person: { first_name: string; last_name: string } | undefined) =>
  `${person?.first_name} ${person?.last_name}`;

test('the transfer finder shows who paid or was paid, by name, as Needs attention does', async ({
  signedIn: page,
  tenant,
}) => {
  const paid = await page.request.post('/v2/payments', {
    headers: basicAuth(tenant),
    data: bankPayment(tenant, 4_321),
  });
  const { id } = (await paid.json()) as { id: string };
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }).click();
  const row = page.getByRole('table', { name: 'Transfers' }).getByRole('row').filter({ hasText: id });
  await expect(page.getByRole('columnheader', { name: 'Payer or payee', exact: true })).toBeVisible();
  await expect(row).toContainText(nameOf(tenant.users[0]));
});

test('after a payout the next step is another payout to the same payee; after a payment, another payment from the payer', async ({
  signedIn: page,
  tenant,
}) => {
  const seller = tenant.users[1];
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Send payout' }).click();
  await page.getByLabel('Payee', { exact: true }).fill(nameOf(seller));
  await page
    .getByRole('option')
    .filter({ hasText: seller?.email ?? '' })
    .click();
  await page.getByRole('radio', { name: /^PayPal / }).check();
  await page.getByLabel('Amount (USD)', { exact: true }).fill('12.00');
  await page.getByRole('button', { name: 'Review payout', exact: true }).click();
  await page.getByRole('button', { name: 'Send payout of $12.00', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transfer', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Create another payment/ })).toHaveCount(0);
  await page.getByRole('link', { name: `Send another payout to ${nameOf(seller)}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Send payout', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Payee', { exact: true })).toHaveValue(new RegExp(nameOf(seller)));

  const payer = tenant.users[0];
  await openCreatePayment(page);
  await pickById(page, 'User', payer?.id ?? '');
  await page.getByLabel('Amount (USD)', { exact: true }).fill('8.00');
  await fillBankAccount(page, '000555666777');
  const review = await openAuthorizedReview(page);
  await review.getByRole('button', { name: 'Confirm payment of $8.00', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transfer', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: `Create another payment from ${nameOf(payer)}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create payment', level: 1 })).toBeVisible();
  await expect(page.getByLabel('User', { exact: true })).toHaveValue(new RegExp(nameOf(payer)));
});

test('a payee with no saved method is sent a payout link with their email filled in', async ({
  page,
  request,
}) => {
  // A tenant with more users, as the demo has them: some have no payout method at all.
  const made = await request.post('/sandbox/tenants', { data: { users: 6 } });
  const tenant = (await made.json()) as Tenant;
  const payee = tenant.users.find((user) => user.payout_methods.length === 0 && user.status !== 'disabled');
  if (!payee) throw new Error('no user without a payout method');
  await signIn(page, tenant, 'finance', { to: `/payouts/new?user_id=${payee.id}` });
  await expect(page.getByText('This user has no saved payout method.')).toBeVisible();
  await page.getByRole('link', { name: 'Send them a payout link', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create payout link', level: 1 })).toBeVisible();
  await expect(page.getByLabel("Payee's email", { exact: true })).toHaveValue(payee.email);
});

/** On Add address for the tenant's first user, by pointer: a US address, added. */
async function addAnAddress(page: Page, tenant: Tenant, member: TenantMember['role']) {
  await signIn(page, tenant, member, { to: `/users/${tenant.users[0]?.id}/addresses/new` });
  await expect(page.getByLabel('User', { exact: true })).not.toHaveValue('');
  await page.getByLabel('Line 1', { exact: true }).fill('1 Market Street');
  await page.getByLabel('City', { exact: true }).fill('San Francisco');
  const state = page.getByRole('combobox', { name: 'State', exact: true });
  await state.click();
  await state.fill('Calif');
  await page.getByRole('option', { name: 'California (CA)' }).click();
  await page.getByLabel('Postcode', { exact: true }).fill('94105');
  await page.getByRole('button', { name: 'Add address', exact: true }).click();
  return page.getByRole('status').filter({ hasText: 'Address added' });
}

test('an address added is replaced by its result: it cannot be added twice, and the way on fits the role', async ({
  page,
  tenant,
}) => {
  const added = await addAnAddress(page, tenant, 'support');
  await expect(added).toBeVisible();
  // The filled form and its button are gone: a second click has nothing to add again.
  await expect(page.getByRole('button', { name: 'Add address', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Line 1', { exact: true })).toHaveCount(0);
  // The focus went with the button pressed: it is on the result that replaced it.
  await expect(added).toBeFocused();
  // Support cannot pay: they are offered the user, not a payment they would be refused.
  await expect(added.getByRole('link', { name: 'Create a payment for this user' })).toHaveCount(0);
  const user = await page.request.get(`/v2/users/${tenant.users[0]?.id}`, { headers: basicAuth(tenant) });
  expect(((await user.json()) as { addresses: unknown[] }).addresses).toHaveLength(1);
  // Another address for the same user: an empty form, the user kept.
  await added.getByRole('button', { name: 'Add another address for this user', exact: true }).click();
  await expect(page.getByLabel('Line 1', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('User', { exact: true })).not.toHaveValue('');
});

test('finance, having added an address, may go on to the user or to a payment from them', async ({
  page,
  tenant,
}) => {
  const added = await addAnAddress(page, tenant, 'finance');
  await expect(
    added.getByRole('link', { name: 'Create a payment for this user', exact: true }),
  ).toBeVisible();
  await added.getByRole('link', { name: 'See the user', exact: true }).click();
  await expect(page.getByRole('heading', { name: nameOf(tenant.users[0]), level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Addresses' })).toContainText('1 Market Street');
});

test("Send payout offers the payee's default method once, marked as theirs", async ({ page, tenant }) => {
  const seller = tenant.users[1];
  const paypal = seller?.payout_methods.find((method) => method.is_default);
  expect(paypal?.platform).toBe('paypal');
  await signIn(page, tenant, 'finance', { to: `/payouts/new?user_id=${seller?.id}` });
  const methods = page.getByRole('radiogroup', { name: 'Payout method' });
  await expect(methods.getByRole('radio', { name: /^PayPal / })).toHaveCount(1);
  await expect(methods.getByRole('radio', { name: /^PayPal / })).toHaveAccessibleDescription('Their default');
  await expect(methods.getByRole('radio', { name: 'Their default method', exact: true })).toHaveCount(0);
  // Its other methods, once each.
  await expect(methods.getByRole('radio')).toHaveCount(seller?.payout_methods.length ?? 0);
});

test('after a payouts file is paid, what the member may still move alone today is read again', async ({
  page,
  request,
}) => {
  test.slow(); // two files read, checked and paid
  const made = await request.post('/sandbox/tenants', { data: { member_daily_limit_cents: 500_000 } });
  const tenant = (await made.json()) as Tenant;
  const seller = tenant.users[1];
  const file = (first: string, second: string) =>
    `user_email,amount,platform\r\n${seller?.email},${first},paypal\r\n${seller?.email},${second},paypal\r\n`;
  const choose = (csv: string) =>
    page.getByLabel('Payouts file', { exact: true }).setInputFiles({
      name: 'payouts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
  await signIn(page, tenant, 'finance');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pay out from a file' })
    .click();
  await choose(file('10.00', '20.00'));
  const review = page.getByRole('region', { name: 'Review' });
  await expect(review).toContainText('you can move $5,000.00 more alone in the next 24 hours');
  await page.getByRole('button', { name: 'Pay 2 payouts ($30.00)', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: / paid before · / })).toHaveText(
    '2 paid · 0 paid before · 0 refused · 0 unknown',
  );
  await page.getByRole('button', { name: 'Pay out another file', exact: true }).click();
  await choose(file('11.00', '21.00'));
  await expect(review).toContainText('you can move $4,970.00 more alone in the next 24 hours');
});

test.describe('dark', () => {
  test.use({ colorScheme: 'dark' });

  test("a canceled link's badge keeps its pill on the dark page", async ({ signedIn: page, tenant }) => {
    const made = await page.request.post('/v2/payout-links', {
      headers: await memberAuth(page.request, tenant, 'finance'),
      data: { amount: 2_500, payee: { email: 'lee@example.com' }, delivery: { method: 'email' } },
    });
    const { id } = (await made.json()) as { id: string };
    expect(
      (await page.request.delete(`/v2/payout-links/${id}`, { headers: basicAuth(tenant) })).status(),
    ).toBe(200);
    await page.goto(`/payout-links/${id}`);
    const badge = page.getByText('Status: Canceled', { exact: true });
    await expect(badge).toBeVisible();
    // The pill's edge (its fill, or its border) stands out from the page by 3:1 at least (WCAG's non-text contrast).
    const ratio = await badge.evaluate((element) => {
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number).slice(0, 3);
      const luminance = (color: string) => {
        const [r = 0, g = 0, b = 0] = rgb(color).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const contrast = (a: string, b: string) => {
        const [x, y] = [luminance(a), luminance(b)];
        return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
      };
      // The pill: the first box around the words with a fill of its own; its edge is its border where it has one.
      let pill: Element | null = element;
      while (pill && getComputedStyle(pill).backgroundColor === 'rgba(0, 0, 0, 0)') pill = pill.parentElement;
      const style = getComputedStyle(pill ?? element);
      const page = getComputedStyle(document.body).backgroundColor;
      const bordered =
        Number.parseFloat(style.borderTopWidth) > 0 && style.borderTopColor !== 'rgba(0, 0, 0, 0)';
      return Math.max(
        contrast(style.backgroundColor, page),
        bordered ? contrast(style.borderTopColor, page) : 0,
      );
    });
    expect(ratio).toBeGreaterThanOrEqual(3);
  });
});
