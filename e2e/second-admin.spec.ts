import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  bankPayment,
  expect,
  expectNoAxeViolations,
  memberAuth,
  memberOf,
  signIn,
  type Tenant,
  type TenantMember,
  test,
} from './fixtures';

/*
 * No admin grants power alone where there is a second one: a change that makes an approver or an admin waits on the
 * Approvals page until the other admin confirms it; and what an approver reads of a payment never holds its number.
 */

/** A second admin, invited by the first (with one admin, that applies at once) and joined through the link. */
async function secondAdmin(request: APIRequestContext, tenant: Tenant): Promise<TenantMember> {
  const email = `second.admin.${tenant.client_id.slice(0, 8)}@example.com`;
  const invited = await request.post('/api/team/members', {
    headers: await memberAuth(request, tenant, 'admin'),
    data: { email, name: 'Sol Second', role: 'admin' },
  });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: { url: string } };
  const token = new URL(link.url).pathname.split('/').at(-1);
  const password = 'the second admin password';
  expect((await request.post(`/api/team/invitations/${token}`, { data: { password } })).status()).toBe(200);
  return { id: '', email, name: 'Sol Second', password, role: 'admin' };
}

async function signInAs(page: Page, member: TenantMember) {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

async function makeViewerFinance(page: Page, tenant: Tenant) {
  const viewer = memberOf(tenant, 'viewer');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await page.getByRole('combobox', { name: `Role of ${viewer.name}`, exact: true }).click();
  await page.getByRole('option', { name: 'Finance', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Change the role of ${viewer.name}` });
  await expect(dialog).toContainText('This waits for another admin’s confirmation before it applies.');
  return dialog;
}

test('an admin’s grant of power waits for the second admin on Approvals, and applies when they confirm it', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow(); // two admins, each signed in, the second's page following the first's change
  const second = await secondAdmin(page.request, tenant);
  const viewer = memberOf(tenant, 'viewer');
  await signIn(page, tenant, 'admin');
  const dialog = await makeViewerFinance(page, tenant);
  await dialog.getByRole('button', { name: `Ask to make ${viewer.name} Finance`, exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`Make ${viewer.name} (${viewer.email}) Finance`);
  const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: viewer.email });
  await expect(row.getByRole('combobox', { name: `Role of ${viewer.name}` })).toHaveValue('Viewer');
  // The admin who asked cannot confirm it: they may only withdraw it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  const mine = page
    .getByRole('table', { name: 'Team changes waiting' })
    .getByRole('row')
    .filter({ hasText: viewer.email });
  await expect(mine.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Withdraw', exact: true })).toBeVisible();

  const other = await browser.newPage();
  await signInAs(other, second);
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  const waiting = other
    .getByRole('table', { name: 'Team changes waiting' })
    .getByRole('row')
    .filter({ hasText: viewer.email });
  await expect(waiting).toContainText(`Make ${viewer.name} (${viewer.email}) Finance`);
  await expect(waiting).toContainText(memberOf(tenant, 'admin').name);
  await waiting.getByRole('button', { name: 'Confirm', exact: true }).click();
  await other
    .getByRole('dialog')
    .getByRole('button', { name: `Confirm: Make ${viewer.name} (${viewer.email}) Finance`, exact: true })
    .click();
  await expect(other.getByRole('status')).toContainText('Confirmed');
  await expect(other.getByText('No change of the team waits.')).toBeVisible();
  await other.close();

  // A reload of the Team page is the Team page (the console server's API is under /api).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await page.reload();
  await expect(row.getByRole('combobox', { name: `Role of ${viewer.name}` })).toHaveValue('Finance');
});

test('with two admins and no mail, the Team page says links need mail before anyone tries; an invitation is refused at its form, a reset in its dialog', async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT);
  await secondAdmin(page.request, tenant);
  const finance = memberOf(tenant, 'finance');
  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mail is not set up' })).toContainText(
    'inviting a member and resetting a password are refused',
  );
  const invite = page.getByRole('region', { name: 'Invite member' });
  await expect(invite).toContainText('Invitations need mail');
  await invite
    .getByLabel('Email', { exact: true })
    .fill(`nomail.${tenant.client_id.slice(0, 8)}@example.com`);
  await invite.getByLabel('Name', { exact: true }).fill('Nora Nomail');
  await invite.getByRole('button', { name: 'Invite member', exact: true }).click();
  await expect(invite.getByRole('alert')).toContainText('Set up mail first');
  // What was typed stays, to send once mail is set up.
  await expect(invite.getByLabel('Name', { exact: true })).toHaveValue('Nora Nomail');

  await page.getByRole('button', { name: `Reset password of ${finance.name}`, exact: true }).click();
  const reset = page.getByRole('dialog', { name: `Reset the password of ${finance.name}` });
  await expect(reset).toContainText('a password reset is refused until it is');
  await reset
    .getByRole('button', { name: `Ask to reset the password of ${finance.name}`, exact: true })
    .click();
  await expect(reset.getByRole('alert')).toContainText('Set up mail first');
  await expect(page.getByLabel('One-time link', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await reset.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the second admin is told, before confirming, that the first admin set the password of the account they raise', async ({
  page,
  browser,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT);
  // While the first admin was alone, they invited a viewer and opened the link they were shown themselves.
  const email = `seen.${tenant.client_id.slice(0, 8)}@example.com`;
  const invited = await page.request.post('/api/team/members', {
    headers: await memberAuth(page.request, tenant, 'admin'),
    data: { email, name: 'Sid Seen', role: 'viewer' },
  });
  const { link } = (await invited.json()) as { link: { url: string } };
  const token = new URL(link.url).pathname.split('/').at(-1);
  const password = 'the first admin knows this';
  expect((await page.request.post(`/api/team/invitations/${token}`, { data: { password } })).status()).toBe(
    200,
  );
  const second = await secondAdmin(page.request, tenant);

  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await page.getByRole('combobox', { name: 'Role of Sid Seen', exact: true }).click();
  await page.getByRole('option', { name: 'Finance', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Change the role of Sid Seen' })
    .getByRole('button', { name: 'Ask to make Sid Seen Finance', exact: true })
    .click();
  await expect(page.getByRole('status')).toContainText('Waiting for another admin');

  const other = await (await browser.newContext()).newPage();
  await signInAs(other, second);
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  const row = other
    .getByRole('table', { name: 'Team changes waiting' })
    .getByRole('row')
    .filter({ hasText: email });
  await row.getByRole('button', { name: 'Confirm', exact: true }).click();
  const dialog = other.getByRole('dialog');
  await expect(dialog).toContainText(`The password of Sid Seen was set on`);
  await expect(dialog).toContainText(`through a one-time link shown to ${memberOf(tenant, 'admin').name}`);
  await expectNoAxeViolations(other);
  await dialog
    .getByRole('button', { name: `Confirm: Make Sid Seen (${email}) Finance`, exact: true })
    .click();
  await expect(other.getByRole('status')).toContainText('Confirmed');
  await other.context().close();
});

test('a team change that waits is counted for the other admin; its rejection and reason reach the admin who asked', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow(); // two admins, each page following the other's decision
  const second = await secondAdmin(page.request, tenant);
  const viewer = memberOf(tenant, 'viewer');
  await signIn(page, tenant, 'admin');
  const dialog = await makeViewerFinance(page, tenant);
  // Nothing happens now: the dialog says what happens once confirmed, never that sessions end now.
  await expect(dialog).toContainText('Nothing changes until another admin confirms it.');
  await expect(dialog).not.toContainText('Their sessions end now');
  await dialog.getByRole('button', { name: `Ask to make ${viewer.name} Finance`, exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Waiting for another admin');

  const other = await browser.newPage();
  await signInAs(other, second);
  const approvals = other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' });
  await expect(approvals).toHaveAccessibleDescription('1 waiting for your approval');
  await approvals.click();
  const waiting = other.getByRole('table', { name: 'Team changes waiting' }).getByRole('row').filter({
    hasText: viewer.email,
  });
  await waiting.getByRole('button', { name: 'Reject', exact: true }).click();
  await other.getByRole('dialog').getByLabel('Reason', { exact: true }).fill('Not this quarter');
  await other.getByRole('dialog').getByRole('button', { name: 'Reject the change', exact: true }).click();
  await expect(other.getByText('No change of the team waits.')).toBeVisible();
  await expect(approvals).not.toHaveAccessibleDescription(/waiting/);
  await other.close();

  // The admin who asked, still on the Team page, is told, with the reason; Approvals keeps it for them.
  const notice = page.getByRole('alert').filter({ hasText: 'Your team change: rejected' });
  await expect(notice).toContainText(`Make ${viewer.name} (${viewer.email}) Finance`);
  await expect(notice).toContainText('Reason: Not this quarter');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  const mine = page.getByRole('table', { name: 'Your recent team changes' }).getByRole('row').filter({
    hasText: viewer.email,
  });
  await expect(mine).toContainText('Rejected');
  await expect(mine).toContainText('Sol Second');
  await expect(mine).toContainText('Not this quarter');
});

test('the approver reads an approval request with the account as its last four digits, never the number', async ({
  page,
  tenant,
}) => {
  const submitted = await page.request.post('/api/team/approvals', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: {
      payment: bankPayment(tenant, 1_250_000, {
        ach_info: { account_number: '000123456789', routing_number: '021000021' },
        idempotency_key: crypto.randomUUID(),
      }),
    },
  });
  expect(submitted.status()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  const answers: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/team/approvals')) answers.push(await response.text().catch(() => ''));
  });
  await signIn(page, tenant, 'admin', { to: `/approvals/${id}` });
  const details = page.getByRole('table', { name: 'Payment details' });
  await expect(details).toContainText('•••• 6789');
  // The request's own answer was read (it names the account by its last four), and nothing read holds it whole.
  await expect.poll(() => answers.some((answer) => answer.includes('6789'))).toBe(true);
  expect(await page.content()).not.toContain('123456789');
  expect(answers.join('')).not.toContain('123456789');
});

test(`the team’s new views pass axe, light and dark`, async ({ page, browser, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const second = await secondAdmin(page.request, tenant);
  await signIn(page, tenant, 'admin');
  const dialog = await makeViewerFinance(page, tenant);
  await expectNoAxeViolationsInBothSchemes(page);
  await dialog.getByRole('button', { name: /^Ask to make / }).click();
  await expect(page.getByRole('status')).toContainText('Waiting for another admin');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Daily limit per member', { exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);

  const other = await (await browser.newContext()).newPage();
  await signInAs(other, second);
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(other.getByRole('table', { name: 'Team changes waiting' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(other);
  await other.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(other.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(other);
  await other.context().close();
});
