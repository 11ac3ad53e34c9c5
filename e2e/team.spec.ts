import { type Page, test as plain } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  authorizeAndPay,
  batchTransfers,
  chooseFile,
  openBatchPayments,
  paymentsCsv,
  summary,
} from './batch-file';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  bankPayment,
  expect,
  memberAuth,
  memberOf,
  type Role,
  signIn,
  signInByForm,
  test,
} from './fixtures';
import { fillBankAccount, openAuthorizedReview, openCreatePayment, pickById } from './payment-form';

/*
 * Each operator signs in as themself. The console shows a role only what it may do; the console server refuses the
 * rest, whatever the browser sends.
 */

const PAGES = [
  'Create payment',
  'Batch payments',
  'Add address',
  'Copy compliance',
  'Approvals',
  'Settings',
  'Team',
  'Audit',
];
const SEES: Record<Role, string[]> = {
  viewer: [],
  support: ['Add address', 'Copy compliance'],
  finance: ['Create payment', 'Batch payments', 'Add address', 'Copy compliance', 'Approvals'],
  admin: PAGES,
};

async function signInAsDemo(page: Page, role: Role) {
  const label = role[0]?.toUpperCase() + role.slice(1);
  await page.goto('/sign-in');
  await page
    .getByRole('group', { name: 'Demo team' })
    .getByRole('button', { name: `Use ${label}` })
    .click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(`· ${label}`);
}

for (const role of ['viewer', 'support', 'finance', 'admin'] as const) {
  plain(`the demo ${role} signs in and sees only what the role may do`, async ({ page }) => {
    await signInAsDemo(page, role);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of PAGES) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(
        SEES[role].includes(name) ? 1 : 0,
      );
    }
    await expect(nav.getByRole('link', { name: 'Transfers', exact: true })).toBeVisible();
    if (!SEES[role].includes('Create payment')) {
      await page.goto('/payments/new');
      await expect(page.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
      await expect(page.getByLabel('Amount (USD)', { exact: true })).toHaveCount(0);
    }
  });
}

test('a support agent who forges a payment with their own credentials is refused by the server', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'support');
  const stored = await page.evaluate(() => sessionStorage.getItem('payout-console.credentials'));
  const { clientId, apiKey } = JSON.parse(stored ?? '{}') as { clientId: string; apiKey: string };
  const forged = await page.request.post('/v2/payments', {
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${apiKey}`).toString('base64')}` },
    data: bankPayment(tenant, 5000),
  });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toMatchObject({ error_code: 'forbidden-for-role' });
  const transfers = await page.request.get('/v2/transfers', {
    headers: await memberAuth(page.request, tenant, 'viewer'),
  });
  expect(((await transfers.json()) as { data: unknown[] }).data).toHaveLength(0);
});

test('an admin invites a member, who sets a password through the link and signs in', async ({
  page,
  browser,
  tenant,
}) => {
  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(memberOf(tenant, 'viewer').email);
  const email = `new.${tenant.client_id.slice(0, 8)}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Nia New');
  const role = page.getByRole('combobox', { name: 'Role', exact: true });
  await role.click();
  await page.getByRole('option', { name: 'Support' }).click();
  await page.getByRole('button', { name: 'Invite member', exact: true }).click();
  const link = await page.getByLabel('One-time link', { exact: true }).inputValue();
  await expect(page.getByRole('table', { name: 'Members' })).toContainText('Invited');

  const newcomer = await browser.newPage();
  await newcomer.goto(link);
  await expect(newcomer.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await newcomer.getByLabel('New password', { exact: true }).fill('nia-chooses-a-long-one');
  await newcomer.getByLabel('Repeat the password', { exact: true }).fill('nia-chooses-a-long-one');
  await newcomer.getByRole('button', { name: 'Set password', exact: true }).click();
  await expect(newcomer.getByRole('status')).toContainText('You can now sign in');
  await newcomer.getByRole('link', { name: 'Sign in', exact: true }).click();
  await newcomer.getByLabel('Email', { exact: true }).fill(email);
  await newcomer.getByLabel('Password', { exact: true }).fill('nia-chooses-a-long-one');
  await newcomer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(newcomer.getByRole('banner')).toContainText('Nia New · Support');
  // The link was spent.
  await newcomer.goto(link);
  await expect(newcomer.getByRole('alert')).toContainText('This link cannot be used');
  await newcomer.close();
});

test('the audit page shows a payment with the member who made it, and the admin cannot demote the last admin', async ({
  page,
  tenant,
}) => {
  const finance = memberOf(tenant, 'finance');
  const paid = await page.request.post('/v2/payments', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: bankPayment(tenant, 1234),
  });
  expect(paid.status()).toBe(201);
  const transfer = (await paid.json()) as { id: string };

  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  const action = page.getByRole('combobox', { name: 'Action', exact: true });
  await action.click();
  await page.getByRole('option', { name: 'Created a payment', exact: true }).click();
  const row = page
    .getByRole('table', { name: 'Audit trail' })
    .getByRole('row')
    .filter({ hasText: transfer.id });
  await expect(row).toContainText(`${finance.name} created a payment of $12.34`);
  await expect(row.getByRole('link', { name: `transfer ${transfer.id}` })).toHaveAttribute(
    'href',
    `/transfers/${transfer.id}`,
  );
  await expect(row).toContainText('Succeeded (201)');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  const admin = memberOf(tenant, 'admin');
  const mine = page.getByRole('combobox', { name: `Role of ${admin.name}`, exact: true });
  await mine.click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  const dialog = page.getByRole('dialog', { name: `Change the role of ${admin.name}` });
  await expect(dialog).toContainText('Their sessions end now');
  await dialog.getByRole('button', { name: `Make ${admin.name} Viewer`, exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('at least one active admin');
});

test('the audit trail says what was only tried, and names each record for what it is', async ({
  page,
  tenant,
}) => {
  const support = memberOf(tenant, 'support');
  const supportAuth = await memberAuth(page.request, tenant, 'support');
  const user = tenant.users[0]?.id ?? '';
  const added = await page.request.put(`/v2/users/${user}/addresses`, {
    headers: supportAuth,
    data: { line_1: '5 Elm St', city: 'Boston', state: 'MA', postcode: '02108', country: 'US' },
  });
  expect(added.status()).toBe(200);
  const address = ((await added.json()) as { id: string }).id;
  const made = await page.request.post('/v2/payout-links', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: { amount: 900, delivery: { method: 'link' } },
  });
  const link = ((await made.json()) as { id: string }).id;
  expect((await page.request.delete(`/v2/payout-links/${link}`, { headers: supportAuth })).status()).toBe(
    403,
  );

  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  const trail = page.getByRole('table', { name: 'Audit trail' });
  const refused = trail.getByRole('row').filter({ hasText: link }).filter({ hasText: support.name });
  await expect(refused).toContainText(`${support.name} tried to cancel a payout link: refused`);
  await expect(refused.getByRole('link', { name: `payout link ${link}`, exact: true })).toBeVisible();
  const addressLine = trail.getByRole('row').filter({ hasText: address });
  await expect(addressLine).toContainText(`${support.name} added an address to a user`);
  await expect(addressLine.getByRole('link', { name: `user ${user}`, exact: true })).toHaveAttribute(
    'href',
    `/users/${user}`,
  );
  // The address is an address (it has no page of its own), never "user 220ea710…".
  await expect(addressLine).toContainText(`address ${address}`);
  await expect(addressLine.getByRole('link', { name: `user ${address}` })).toHaveCount(0);
});

test('a member with an authenticator is asked for its code after the password', async ({ page, tenant }) => {
  const auth = await memberAuth(page.request, tenant, 'finance');
  const { secret } = (await (
    await page.request.post('/api/team/totp', { headers: auth, data: {} })
  ).json()) as {
    secret: string;
  };
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const confirmed = await page.request.post('/api/team/totp/confirm', {
    headers: auth,
    data: { code: totp.generate() },
  });
  expect(confirmed.status()).toBe(200);

  const finance = memberOf(tenant, 'finance');
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(finance.email);
  await page.getByLabel('Password', { exact: true }).fill(finance.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = page.getByLabel('Authenticator code', { exact: true });
  await expect(code).toBeFocused();
  await code.fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('That code is wrong');
  await code.fill(totp.generate());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test("a paid file uploaded again from another member's session pays nothing again", async ({
  page,
  browser,
  tenant,
}) => {
  const csv = paymentsCsv(tenant, 6);
  await signIn(page, tenant, 'finance');
  await openBatchPayments(page);
  await chooseFile(page, 'shared.csv', csv);
  await authorizeAndPay(page);
  await expect(summary(page)).toHaveText('6 created · 0 already paid · 0 refused · 0 unknown');

  const other = await browser.newPage();
  await signIn(other, tenant, 'admin');
  await openBatchPayments(other);
  await chooseFile(other, 'shared.csv', csv);
  await expect(other.getByText('Nothing to pay: every row of this file is paid already.')).toBeVisible();
  expect(await batchTransfers(other, tenant)).toHaveLength(6);
  await other.close();
});

test(`sign-in, Team and Audit pass axe, light and dark`, async ({ page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await page.goto('/sign-in');
  await expect(page.getByRole('group', { name: 'Demo team' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await signInByForm(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('table', { name: 'Audit trail' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});

test('an admin disables a member, whose open session ends at its next request; a reset link sets a new password', async ({
  page,
  browser,
  tenant,
}) => {
  // Two browsers, five changes of the team and a sign-in with a new password: a long journey on a busy machine.
  test.slow();
  const support = memberOf(tenant, 'support');
  const member = await browser.newPage();
  await signIn(member, tenant, 'support');

  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await page.getByRole('button', { name: `Disable ${support.name}`, exact: true }).click();
  const disable = page.getByRole('dialog', { name: `Disable ${support.name}` });
  await expect(disable).toContainText('Their sessions end at once');
  await disable.getByRole('button', { name: `Disable ${support.name}`, exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`${support.name} is disabled`);
  const row = page
    .getByRole('table', { name: 'Members' })
    .getByRole('row')
    .filter({ hasText: support.email });
  await expect(row).toContainText('Disabled');

  await member.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(member.getByRole('dialog', { name: 'Sign in again' })).toContainText('Your session has ended');

  await page.getByRole('button', { name: `Enable ${support.name}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: `Enable ${support.name}` })
    .getByRole('button', { name: `Enable ${support.name}`, exact: true })
    .click();
  await expect(row).toContainText('Active');
  await page.getByRole('button', { name: `Reset password of ${support.name}`, exact: true }).click();
  const reset = page.getByRole('dialog', { name: `Reset the password of ${support.name}` });
  await expect(reset).toContainText('Their old password stops working at once');
  await reset.getByRole('button', { name: `Reset password of ${support.name}`, exact: true }).click();
  const link = await page.getByLabel('One-time link', { exact: true }).inputValue();
  await member.goto(link);
  await expect(member.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await member.getByLabel('New password', { exact: true }).fill('a brand new password');
  await member.getByLabel('Repeat the password', { exact: true }).fill('a brand new password');
  await member.getByRole('button', { name: 'Set password', exact: true }).click();
  await expect(member.getByRole('status')).toContainText('You can now sign in');
  await member.goto('/sign-in');
  await member.getByLabel('Email', { exact: true }).fill(support.email);
  await member.getByLabel('Password', { exact: true }).fill(support.password);
  await member.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(member.getByRole('alert')).toContainText('The email or password is wrong');
  await member.getByLabel('Password', { exact: true }).fill('a brand new password');
  await member.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(member.getByRole('banner')).toContainText(`${support.name} · Support`);
  await member.close();
});

test('a finance member whose password an admin reset: whatever they pay waits for another member, and the page says so first', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow();
  const finance = memberOf(tenant, 'finance');
  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await page.getByRole('button', { name: `Reset password of ${finance.name}`, exact: true }).click();
  const reset = page.getByRole('dialog', { name: `Reset the password of ${finance.name}` });
  await expect(reset).toContainText(
    'whatever they pay waits for a member other than the admins who reset it',
  );
  await reset.getByRole('button', { name: `Reset password of ${finance.name}`, exact: true }).click();
  const link = await page.getByLabel('One-time link', { exact: true }).inputValue();

  // Whoever opens the link (the admin could): the account's payments, even $25.00, wait.
  const member = await browser.newPage();
  await member.goto(link);
  await member.getByLabel('New password', { exact: true }).fill('a password set by whoever');
  await member.getByLabel('Repeat the password', { exact: true }).fill('a password set by whoever');
  await member.getByRole('button', { name: 'Set password', exact: true }).click();
  await expect(member.getByRole('status')).toContainText('You can now sign in');
  await member.goto('/sign-in');
  await member.getByLabel('Email', { exact: true }).fill(finance.email);
  await member.getByLabel('Password', { exact: true }).fill('a password set by whoever');
  await member.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(member.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await openCreatePayment(member);
  await expect(member.getByLabel('Amount (USD)', { exact: true })).toHaveAccessibleDescription(
    /Your password or authenticator was reset: until .*, another member approves whatever you pay/,
  );
  await pickById(member, 'User', tenant.users[0]?.id ?? '');
  await member.getByLabel('Amount (USD)', { exact: true }).fill('25');
  await fillBankAccount(member, '000123456789');
  const review = await openAuthorizedReview(member);
  await expect(review).toContainText('Your password or authenticator was reset');
  await expect(review.getByRole('button', { name: /^Confirm payment/ })).toHaveCount(0);
  await review.getByRole('button', { name: 'Submit for approval ($25.00)', exact: true }).click();
  await expect(member).toHaveURL(/\/approvals\//);
  const request = member.url();
  await member.close();

  // The admin who reset the password does not approve it.
  await page.goto(request);
  await page.getByRole('button', { name: /^Approve and pay/ }).click();
  await expect(page.getByRole('alert')).toContainText('You asked for or confirmed the reset');
  await expect(page.getByText('Status: Waiting', { exact: true })).toBeVisible();
});
