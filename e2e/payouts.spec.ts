import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  approvalsOff,
  armFault,
  basicAuth,
  expect,
  expectNoAxeViolations,
  memberAuth,
  memberOf,
  signIn,
  type Tenant,
  test,
} from './fixtures';

/** Money out, as finance and support use it: Send payout, payout links, a payouts file. */

/** "PayPal d•••@example.com": how the console shows a PayPal address. */
const maskedPaypal = (email: string) => `PayPal ${email[0]}•••${email.slice(email.indexOf('@'))}`;

/** The seller of a test tenant: its second user, whose default payout method is PayPal. */
const sellerOf = (tenant: Tenant) => {
  const seller = tenant.users[1];
  if (!seller) throw new Error('the tenant has no second user');
  return seller;
};

async function openFromNav(page: Page, link: string, heading = link) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/**
 * On Send payout: the payee found by name and picked by their email (two people may share a name), a method by its
 * masked words, an amount.
 */
async function fillPayout(
  page: Page,
  payee: { first_name: string; last_name: string; email: string },
  method: string,
  amount: string,
) {
  await page.getByLabel('Payee', { exact: true }).fill(`${payee.first_name} ${payee.last_name}`);
  await page.getByRole('option').filter({ hasText: payee.email }).click();
  await page.getByRole('radio', { name: method, exact: true }).check();
  await page.getByLabel('Amount (USD)', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Review payout', exact: true }).click();
  return page.getByRole('dialog', { name: 'Review payout' });
}

async function approvalsAbove1000(request: APIRequestContext, tenant: Tenant) {
  const answer = await request.put('/api/team/policy', {
    headers: await memberAuth(request, tenant, 'admin'),
    data: { enabled: true, limit_cents: 100_000, approvals_needed: 1 },
  });
  expect(await answer.json()).toMatchObject({ kind: 'applied' });
}

async function transferOf(page: Page, tenant: Tenant, id: string) {
  const answer = await page.request.get(`/v2/transfers/${id}`, { headers: basicAuth(tenant) });
  expect(answer.status()).toBe(200);
  return answer.json();
}

test('a finance member pays a seller out by name to their PayPal, and sees the transfer, light and dark', async ({
  signedIn: page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const seller = sellerOf(tenant);
  const name = `${seller.first_name} ${seller.last_name}`;
  await openFromNav(page, 'Send payout');
  await expectNoAxeViolationsInBothSchemes(page);
  // The wallet it is paid from, and what it keeps, are said before the review.
  await expect(page.getByLabel('Paid from', { exact: true })).toHaveValue(/\$100,000\.00/);
  const review = await fillPayout(page, seller, maskedPaypal(seller.email), '25.10');
  await expect(page.getByLabel('Amount (USD)', { exact: true })).toHaveAccessibleDescription(
    /the wallet keeps \$99,974\.90/,
  );
  const details = review.getByRole('table', { name: 'Payout details' });
  await expect(details).toContainText(name);
  await expect(details).toContainText(maskedPaypal(seller.email));
  await expect(details).toContainText('$100,000.00 now, $99,974.90 after this payout');
  await expectNoAxeViolationsInBothSchemes(page);
  await review.getByRole('button', { name: 'Send payout of $25.10', exact: true }).click();
  await expect(page).toHaveURL(/\/transfers\//);
  await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
  const transferId = page.url().split('/').pop() ?? '';
  const transfer = await transferOf(page, tenant, transferId);
  expect(transfer).toMatchObject({
    type: 'payout',
    amount: 2510,
    user_id: seller.id,
    external_data: { platform: 'paypal' },
    metadata: { initiated_by: memberOf(tenant, 'finance').email },
  });
  // The seller's page has it, and where their money goes; the finder finds it by its type.
  await page.goto(`/users/${seller.id}`);
  await expect(page.getByLabel('Payout methods', { exact: true })).toContainText(
    `${maskedPaypal(seller.email)} (default)`,
  );
  await expect(
    page.getByRole('table', { name: 'Payouts' }).getByRole('link', { name: transferId }),
  ).toBeVisible();
  await page.goto('/transfers?type=payout');
  await expect(page.getByRole('link', { name: transferId })).toBeVisible();
});

test('payout requests and a payouts file read well: axe finds nothing, light and dark', async ({
  signedIn: page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const asked = await page.request.post('/v2/payout-requests', {
    headers: basicAuth(tenant),
    data: { amount: 4_200, user_id: tenant.users[0]?.id, memo: 'March invoice' },
  });
  expect(asked.status()).toBe(201);
  await openFromNav(page, 'Payout requests');
  const requests = page.getByRole('table', { name: 'Payout requests' });
  await expect(requests).toContainText(`${tenant.users[0]?.first_name} ${tenant.users[0]?.last_name}`);
  await expect(requests).toContainText('$42.00');
  await expect(requests).toContainText('Status: Waiting');
  await expectNoAxeViolationsInBothSchemes(page);
  await openFromNav(page, 'Pay out from a file');
  await choosePayoutsFile(page, payoutsCsv(tenant, 3).replace('paypal', 'zelle'));
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be paid' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('button', { name: 'Skip 1 row with errors', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Review' })).toContainText('2 payouts to pay');
  await expectNoAxeViolationsInBothSchemes(page);
});

test('a payout link is created, claimed by its payee, and shows Claimed with its transfer, light and dark', async ({
  signedIn: page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await openFromNav(page, 'Payout links');
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('link', { name: 'Create payout link', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create payout link', level: 1 })).toBeVisible();
  await page.getByLabel('Amount (USD)', { exact: true }).fill('45');
  await page.getByLabel("Payee's email", { exact: true }).fill('rae.okoro@example.com');
  await page.getByLabel('Memo', { exact: true }).fill('Logo design');
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('button', { name: 'Review payout link', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review payout link' });
  await expect(review.getByRole('table', { name: 'Payout link details' })).toContainText(
    'rae.okoro@example.com',
  );
  await review.getByRole('button', { name: 'Create link for $45.00', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payout link', level: 1, exact: true })).toBeVisible();
  await expect(page.getByText('Status: Delivered', { exact: true })).toBeVisible();
  const url = page.getByLabel('Link for the payee', { exact: true });
  await expect(url).toHaveValue(/^https:\/\//);
  await expectNoAxeViolationsInBothSchemes(page);
  const id = page.url().split('/').pop() ?? '';
  // The payee opens it and picks PayPal (the sandbox's helper stands in for them): by the URL's token, which is
  // not the link's id.
  const token = new URL(await url.inputValue()).pathname.slice(1);
  expect(token).not.toContain(id);
  const claimed = await page.request.post(`/sandbox/payout-links/claim/${token}`, {
    data: { platform: 'paypal', email: 'rae.okoro@example.com' },
  });
  expect(claimed.status()).toBe(200);
  // The open page follows the link: no reload.
  await expect(page.getByText('Status: Claimed', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('table', { name: 'History' })).toContainText('To PayPal r•••@example.com');
  await page.getByRole('link', { name: /^See the transfer / }).click();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toBeVisible();
  expect(await transferOf(page, tenant, page.url().split('/').pop() ?? '')).toMatchObject({
    type: 'payout',
    amount: 4500,
    payout_link_id: id,
  });
});

test('a payout above the limit waits for a second member, whose page shows the payee and the method', async ({
  page,
  browser,
  tenant,
}) => {
  test.slow(); // two members sign in, one submits, the other approves and pays, the first page follows
  await approvalsAbove1000(page.request, tenant);
  const seller = sellerOf(tenant);
  await signIn(page, tenant, 'finance');
  await openFromNav(page, 'Send payout');
  const review = await fillPayout(page, seller, maskedPaypal(seller.email), '1500');
  await expect(review.getByRole('button', { name: /^Send payout/ })).toHaveCount(0);
  await review.getByRole('button', { name: 'Submit for approval ($1,500.00)', exact: true }).click();
  await expect(page).toHaveURL(/\/approvals\//);
  await expect(page.getByText('Status: Waiting', { exact: true })).toBeVisible();
  const url = page.url();
  // Nothing moved yet.
  const before = await page.request.get('/v2/transfers?type=payout', { headers: basicAuth(tenant) });
  expect((await before.json()).data).toHaveLength(0);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, tenant, 'admin', { to: url });
  const details = admin.getByRole('table', { name: 'Payout details' });
  await expect(details).toContainText(`${seller.first_name} ${seller.last_name}`);
  await expect(details).toContainText(maskedPaypal(seller.email));
  await admin.getByRole('button', { name: 'Approve and pay $1,500.00', exact: true }).click();
  await expect(admin.getByText('Status: Paid', { exact: true })).toBeVisible();
  // The maker's open page turns to paid by itself.
  await expect(page.getByText('Status: Paid', { exact: true })).toBeVisible({ timeout: 10_000 });
  const after = await page.request.get('/v2/transfers?type=payout', { headers: basicAuth(tenant) });
  const payouts = (await after.json()).data;
  expect(payouts).toHaveLength(1);
  expect(payouts[0]).toMatchObject({
    amount: 150_000,
    metadata: { initiated_by: memberOf(tenant, 'finance').email },
  });
});

/** The tenant's payouts, as the service lists them. */
async function payoutsOf(page: Page, tenant: Tenant) {
  const answer = await page.request.get('/v2/transfers?type=payout&limit=100', {
    headers: basicAuth(tenant),
  });
  return (await answer.json()).data as { id: string; amount: number }[];
}

test('a payout whose answer is a 5xx: its outcome is unknown, looked up by its key, then sent again with it, paid once', async ({
  signedIn: page,
  tenant,
}) => {
  const seller = sellerOf(tenant);
  await armFault(page, tenant, {
    method: 'POST',
    path_prefix: '/v2/payouts',
    status: 500,
    message: 'Ledger offline',
  });
  await openFromNav(page, 'Send payout');
  const review = await fillPayout(page, seller, maskedPaypal(seller.email), '31.00');
  await review.getByRole('button', { name: 'Send payout of $31.00', exact: true }).click();
  const alert = review.getByRole('alert');
  await expect(alert).toContainText('Outcome unknown');
  await expect(alert).toContainText('Ledger offline');
  // The look-up found nothing: a payout's key is refused once used, so Check again may send it again.
  await expect(alert).toContainText('has arrived yet');
  await expect(alert).toContainText('which the service refuses if the first one did arrive');
  await expect(review.getByRole('button', { name: /^Send payout/ })).toHaveCount(0);
  expect(await payoutsOf(page, tenant)).toHaveLength(0);
  await review.getByRole('button', { name: 'Check again', exact: true }).click();
  await expect(page).toHaveURL(/\/transfers\//);
  const payouts = await payoutsOf(page, tenant);
  expect(payouts).toHaveLength(1);
  expect(page.url()).toContain(payouts[0]?.id ?? 'missing');
});

test('a payout made whose answer was lost: the console finds it by its key and shows it, paid once', async ({
  signedIn: page,
  tenant,
}) => {
  const seller = sellerOf(tenant);
  // Chromium itself retries a request whose connection closed before any answer, so drop every attempt.
  await armFault(page, tenant, {
    method: 'POST',
    path_prefix: '/v2/payouts',
    drop: 'after-commit',
    times: 5,
  });
  await openFromNav(page, 'Send payout');
  const review = await fillPayout(page, seller, maskedPaypal(seller.email), '32.00');
  await review.getByRole('button', { name: 'Send payout of $32.00', exact: true }).click();
  await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/);
  const payouts = await payoutsOf(page, tenant);
  expect(payouts).toHaveLength(1);
  expect(page.url()).toContain(payouts[0]?.id ?? 'missing');
  // Found by the look-up, not answered: still in this tab's activity.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('table', { name: 'Activity' })).toContainText(payouts[0]?.id ?? 'missing');
});

test('support sends an expired link again and cannot cancel one', async ({ page, tenant }) => {
  const made = await page.request.post('/v2/payout-links', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: { amount: 6_000, payee: { email: 'sam@example.com' }, delivery: { method: 'email' } },
  });
  const link = (await made.json()) as { id: string };
  await page.request.post(`/sandbox/payout-links/${link.id}/expire`, { data: {} });
  await signIn(page, tenant, 'support');
  await openFromNav(page, 'Payout links');
  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Expired', exact: true }).click();
  await page.getByRole('row', { name: /sam@example\.com/ }).click();
  await expect(page.getByText('Status: Expired', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel link' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send link again', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent again' })).toBeVisible();
  await expect(page.getByText('Status: Delivered', { exact: true })).toBeVisible();
  // The link's URL claims its money: support never sees it, only its payee does.
  await expect(page.getByLabel('Link for the payee', { exact: true })).toHaveCount(0);
  // The server is the rule: support's own cancel is refused, and the link stays.
  const cancel = await page.request.delete(`/v2/payout-links/${link.id}`, {
    headers: await memberAuth(page.request, tenant, 'support'),
  });
  expect(cancel.status()).toBe(403);
  const still = await page.request.get(`/v2/payout-links/${link.id}`, { headers: basicAuth(tenant) });
  expect(((await still.json()) as { status: string }).status).toBe('delivered');
});

/** A payouts file: the tenant's two users by turns (PayPal and Venmo), every amount different. */
function payoutsCsv(tenant: Tenant, count: number): string {
  const [first, second] = tenant.users;
  const lines = ['user_email,user_id,amount,platform,metadata.invoice'];
  for (let i = 0; i < count; i++) {
    const cents = 100 + i;
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    if (i % 2 === 0) lines.push(`${second?.email},,${amount},paypal,PO-${i}`);
    else lines.push(`,${first?.id},${amount},venmo,PO-${i}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function choosePayoutsFile(page: Page, csv: string) {
  await page.getByLabel('Payouts file', { exact: true }).setInputFiles({
    name: 'week-48.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
}

test('a payouts file of 1,000 rows with bad rows, the page reloaded mid-run: each good row is paid exactly once', async ({
  signedIn: page,
  tenant,
}) => {
  test.slow(); // a thousand rows checked, paid, reloaded mid-run and checked again
  await approvalsOff(page.request, tenant);
  const lines = payoutsCsv(tenant, 1000).split('\r\n');
  // Bad rows: a payee who is not the organization's, a rail that does not exist, a method the payee has not.
  lines[10] = `,${crypto.randomUUID()},5.00,paypal,BAD-1`;
  lines[20] = `${tenant.users[1]?.email},,5.00,zelle,BAD-2`;
  lines[30] = `,${tenant.users[0]?.id},5.00,cash_app,BAD-3`;
  const csv = lines.join('\r\n');
  await openFromNav(page, 'Pay out from a file');
  await expectNoAxeViolations(page);
  await choosePayoutsFile(page, csv);
  const errors = page.getByRole('alert').filter({ hasText: '3 rows of week-48.csv cannot be paid' });
  await expect(errors).toContainText('Row 11, user_id: no user of this organization has this ID');
  await expect(errors).toContainText('Row 21, platform: not a payout method');
  await expect(errors).toContainText('Row 31, platform: this user has no Cash App method');
  await page.getByRole('button', { name: 'Skip 3 rows with errors', exact: true }).click();
  await expectNoAxeViolations(page);
  const pay = page.getByRole('button', { name: /^Pay 997 payouts \(\$/ });
  // The batch is slow to answer: the page is reloaded while it is out.
  await armFault(page, tenant, {
    method: 'POST',
    path_prefix: '/v2/payout-batches',
    delay_ms: 1_500,
    times: 1,
  });
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Paying out from week-48.csv' })).toBeVisible();
  page.once('dialog', (dialog) => dialog.accept());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pay out from a file', level: 1 })).toBeVisible();

  // The same file again: what was paid is found by its keys; the rest goes, once.
  await choosePayoutsFile(page, csv);
  await page.getByRole('button', { name: 'Skip 3 rows with errors', exact: true }).click();
  const again = page.getByRole('button', { name: /^Pay \d[\d,]* payouts? \(\$/ });
  const nothingLeft = page.getByText('Every row of this file was paid before: there is nothing to pay.');
  await expect(again.or(nothingLeft)).toBeVisible();
  if (await again.isVisible()) {
    await again.click();
    await expect(page.getByRole('status').filter({ hasText: / paid before · / })).toContainText(
      '0 refused · 0 unknown',
      { timeout: 30_000 },
    );
  }

  // Through the API: each good row's key carries exactly one payout.
  const keys = new Map<string, number>();
  let after = '';
  for (;;) {
    const answer = await page.request.get(
      `/v2/transfers?type=payout&limit=100${after ? `&starting_after=${after}` : ''}`,
      { headers: basicAuth(tenant) },
    );
    const body = (await answer.json()) as {
      data: { id: string; metadata?: { console_request_id?: string; invoice?: string } }[];
      has_more: boolean;
    };
    for (const transfer of body.data) {
      const invoice = transfer.metadata?.invoice ?? '';
      keys.set(invoice, (keys.get(invoice) ?? 0) + 1);
    }
    if (!body.has_more || body.data.length === 0) break;
    after = body.data.at(-1)?.id ?? '';
  }
  expect(keys.size).toBe(997);
  expect([...keys.values()].every((count) => count === 1)).toBe(true);
  expect([...keys.keys()].some((invoice) => invoice.startsWith('BAD-'))).toBe(false);
});

test("a payouts file's batch whose answer is lost is found by its key and followed to each row's result", async ({
  signedIn: page,
  tenant,
}) => {
  await openFromNav(page, 'Pay out from a file');
  await choosePayoutsFile(page, payoutsCsv(tenant, 20));
  await expect(page.getByRole('region', { name: 'Review' })).toContainText(
    '20 payouts to pay, $21.90 in all',
  );
  // The batch is made, and its answer dropped: the console cannot know, so it looks for the batch by its key.
  await armFault(page, tenant, {
    method: 'POST',
    path_prefix: '/v2/payout-batches',
    drop: 'after-commit',
    times: 5,
  });
  await page.getByRole('button', { name: 'Pay 20 payouts ($21.90)', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: / paid before · / })).toHaveText(
    '20 paid · 0 paid before · 0 refused · 0 unknown',
    { timeout: 20_000 },
  );
  const results = page.getByRole('table', { name: 'Results' });
  await expect(results.getByRole('link').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results CSV', exact: true }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString('utf8').trim().split('\r\n');
  expect(lines).toHaveLength(21);
  expect(lines[1]).toMatch(/^2,.*,paypal,Paid,[0-9a-f-]{36},,[0-9a-f-]{36}$/);
  const batches = await page.request.get('/v2/payout-batches', { headers: basicAuth(tenant) });
  expect((await batches.json()).data).toHaveLength(1);
});

test('where the service has no payout batches, a payouts file goes row by row, each row once', async ({
  signedIn: page,
  tenant,
}) => {
  await openFromNav(page, 'Pay out from a file');
  await choosePayoutsFile(page, payoutsCsv(tenant, 10));
  // A service without the batch route answers 404: the console sends each row alone, with the same keys.
  await armFault(page, tenant, { method: 'POST', path_prefix: '/v2/payout-batches', status: 404, times: 1 });
  await page.getByRole('button', { name: 'Pay 10 payouts ($10.45)', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: / paid before · / })).toHaveText(
    '10 paid · 0 paid before · 0 refused · 0 unknown',
    { timeout: 20_000 },
  );
  const payouts = await page.request.get('/v2/transfers?type=payout&limit=100', {
    headers: basicAuth(tenant),
  });
  expect((await payouts.json()).data).toHaveLength(10);
  const batches = await page.request.get('/v2/payout-batches', { headers: basicAuth(tenant) });
  expect((await batches.json()).data).toHaveLength(0);
});
