import type { APIRequestContext } from '@playwright/test';
import { possessive, transferTypeWords } from '../src/lib/words';
import { approvalsOff, basicAuth, expect, memberAuth, signIn, type Tenant, test } from './fixtures';
import { invoice } from './invoice-pdf';

/**
 * What a new finance operator met on the pages of bills, the treasury and the ledger: a bill payment named as the
 * Bills pages name it wherever money is counted by kind, and the focus where the keyboard left it.
 */

const AP = '/v2/accounts-payable';

/** A bill made and submitted by finance through the console server: below the first approval tier it is approved. */
async function submittedBill(request: APIRequestContext, tenant: Tenant, cents: number): Promise<string> {
  const headers = await memberAuth(request, tenant, 'finance');
  const vendors = (await (await request.get(`${AP}/vendors?limit=100`, { headers })).json()) as {
    data: { id: string }[];
  };
  // The first vendor with an account that does not fail (one ending 0001 does).
  let vendor: { id: string } | undefined;
  let method: { id: string } | undefined;
  for (const one of vendors.data) {
    const methods = (await (
      await request.get(`${AP}/vendors/${one.id}/payment-methods`, { headers })
    ).json()) as { id: string; mask: string }[];
    method = methods.find((each) => each.mask !== '0001');
    vendor = one;
    if (method) break;
  }
  const made = await request.post(`${AP}/payables`, {
    headers,
    data: {
      acting_user_id: 1,
      number: `WF-${crypto.randomUUID().slice(0, 6)}`,
      ap_vendor_id: vendor?.id,
      ap_payment_method_id: method?.id,
      amount: cents,
      funding_source: 'dots_balance',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const submitted = await request.post(`${AP}/payables/${id}/submit-for-approval`, { headers, data: {} });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return id;
}

/** A bill below the first approval tier, paid from the app's wallet by finance. */
async function paidBill(request: APIRequestContext, tenant: Tenant, cents: number): Promise<void> {
  const headers = await memberAuth(request, tenant, 'finance');
  const id = await submittedBill(request, tenant, cents);
  const paid = await request.post(`${AP}/payables/${id}/pay`, { headers, data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
}

test("the ledger's totals by type count a bill payment as its own type, as the Bills pages name it", async ({
  page,
  tenant,
}) => {
  await paidBill(page.request, tenant, 12_345);
  await signIn(page, tenant, 'finance', { to: `/ledger?wallet_id=${tenant.apps[0]?.id}` });
  const totals = page.getByRole('table', { name: 'Totals by type', exact: true });
  const bills = totals.getByRole('row').filter({ hasText: transferTypeWords('payable') });
  await expect(bills).toHaveCount(1);
  await expect(bills.getByRole('cell', { name: '-$123.45', exact: true })).toBeVisible();
  // Not under "Payout" as well: its line is counted once.
  await expect(totals.getByRole('cell', { name: '-$123.45', exact: true })).toHaveCount(1);
  await expect(totals.getByRole('cell', { name: 'Payout', exact: true })).toHaveCount(0);
});

test("the ledger's Type filter offers Bill payment apart from Payout, and each line's link says which transfer it opens", async ({
  page,
  tenant,
}) => {
  await paidBill(page.request, tenant, 12_345);
  // Two moves of the same amount with the same user: their lines differ by direction and time only.
  for (const amount of [-250, 250]) {
    const moved = await page.request.post('/v2/transfers', {
      headers: basicAuth(tenant),
      data: { amount, user_id: tenant.users[0]?.id },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await signIn(page, tenant, 'finance', { to: '/ledger' });
  const table = page.getByRole('table', { name: 'Transactions', exact: true });
  const links = table.getByRole('link', { name: /^Open transfer/ });
  await expect(links.first()).toBeVisible();
  // No two links of the page share a name (a screen reader's list of links tells each apart).
  const names = await links.evaluateAll((all) => all.map((one) => one.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThan(3);
  expect(new Set(names).size).toBe(names.length);
  expect(names.every((name) => name.startsWith('Open transfer: '))).toBe(true);

  const type = page.getByLabel('Type', { exact: true });
  await type.click();
  await page.getByRole('option', { name: transferTypeWords('payable'), exact: true }).click();
  await expect(page).toHaveURL(/type=bill-payment/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: '-$123.45', exact: true })).toBeVisible();
  const billLink = table.getByRole('link', { name: /^Open transfer: Bill payment -\$123\.45 / });
  await expect(billLink).toHaveCount(1);
  const totals = page.getByRole('table', { name: 'Totals by type', exact: true });
  await expect(totals.getByRole('row')).toHaveCount(2);
  await expect(totals.getByRole('cell', { name: transferTypeWords('payable'), exact: true })).toBeVisible();

  // "Payout" is the other payouts only: the bill's line is not among them.
  await type.click();
  await page.getByRole('option', { name: 'Payout', exact: true }).click();
  await expect(page).toHaveURL(/type=payout/);
  await expect(page.getByText('No transactions match.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '-$123.45', exact: true })).toHaveCount(0);

  await page.goto('/ledger?type=bill-payment');
  await billLink.click();
  await expect(page).toHaveURL(/\/transfers\//);
});

test("on a phone, the Treasury's two auto-refill fields line up, whatever their labels' wrapping", async ({
  page,
  tenant,
}) => {
  // Auto-refill is offered to an app with a bank account to draw on.
  for (const app of tenant.apps) {
    const set = await page.request.put(`/v2/apps/${app.id}/ach-account`, {
      headers: basicAuth(tenant),
      data: { account_number: '987654321', routing_number: '021000021', account_type: 'checking' },
    });
    expect(set.status(), await set.text()).toBe(200);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  for (const app of tenant.apps) {
    const wallet = page.getByRole('region', { name: `${app.name} wallet`, exact: true });
    await wallet.getByLabel(`Refill ${possessive(app.name)} wallet by itself`, { exact: true }).check();
    const below = await wallet.getByLabel(`Refill below (USD), ${app.name}`, { exact: true }).boundingBox();
    const amount = await wallet.getByLabel(`Refill amount (USD), ${app.name}`, { exact: true }).boundingBox();
    if (!below || !amount) throw new Error(`The auto-refill fields of ${app.name} are not shown`);
    // In one row (the same top) or one column (the same left edge, one below the other), never in between.
    const row = Math.abs(below.y - amount.y) < 1;
    const column = Math.abs(below.x - amount.x) < 1 && amount.y >= below.y + below.height;
    expect(
      row || column,
      `${app.name}: below at ${below.x},${below.y}; amount at ${amount.x},${amount.y}`,
    ).toBe(true);
    expect(Math.max(below.x + below.width, amount.x + amount.width)).toBeLessThanOrEqual(390);
  }
});

// The whole browser's PDF viewer is the trap this is about: the headless shell has none.
test("on a bill's page the embedded invoice is no trap for the keyboard: a link opens it, and Tab goes past it", {
  tag: '@whole-browser',
}, async ({ page, tenant }) => {
  const headers = await memberAuth(page.request, tenant, 'finance');
  const made = await page.request.post(`${AP}/payables/upload-from-file`, {
    headers,
    multipart: {
      acting_user_id: '1',
      file: {
        name: 'wf-tab.pdf',
        mimeType: 'application/pdf',
        buffer: await invoice('WF-TAB-1', 'Northwind Hosting', [['Servers', 1, '$120.00', '$120.00']]),
      },
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { id } = (await made.json()) as { id: string };
  await signIn(page, tenant, 'finance', { to: `/bills/${id}` });
  await expect(page.locator('iframe[title="Invoice WF-TAB-1"]')).toBeVisible();
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return 'BODY';
      return `${element.tagName} ${element.textContent?.trim().slice(0, 30) ?? ''}`;
    });
  // From the top of the bill to the page's end, past its actions, its items and the invoice's link: the browser's PDF
  // viewer (a dozen stops of its own) is not among them.
  await page.getByRole('link', { name: 'All bills', exact: true }).focus();
  const stops: string[] = [];
  while (stops.length < 12 && stops.at(-1) !== 'BODY') {
    await page.keyboard.press('Tab');
    stops.push(await focused());
  }
  expect(stops).toContain('A Open the invoice');
  expect(stops.at(-1)).toBe('BODY');
  expect(stops.filter((stop) => stop.startsWith('IFRAME'))).toEqual([]);
  // The link opens the invoice to read in a tab of its own.
  const [opened] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the invoice', exact: true }).click(),
  ]);
  expect(opened.url()).toMatch(/^blob:/);
  await opened.close();
});

test('on a phone, the opened navigation takes the focus: Tab goes through its links, Escape gives it back to the menu button', async ({
  page,
  tenant,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant, 'finance', { to: '/ledger' });
  const button = page.getByRole('button', { name: 'Toggle navigation', exact: true });
  const navigation = page.getByRole('navigation', { name: 'Main', exact: true });
  // Closed, it is off the screen and no stop of Tab: from the header's last button Tab goes to the page (once the
  // ledger has drawn its filters: a page still loading has no stop of its own yet).
  await expect(page.getByRole('main').getByRole('combobox').first()).toBeVisible();
  await page.getByRole('button', { name: 'Toggle color scheme', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation.getByRole('link', { name: 'Overview', exact: true })).toBeFocused();
  // Tab goes on down the navigation, never back into the header it came from nor under it into the page.
  const stops: string[] = [];
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return 'nowhere';
      if (focused.closest('nav')) return 'navigation';
      if (focused.closest('header')) return 'header';
      if (focused.closest('main')) return 'page';
      return 'elsewhere';
    });
    stops.push(where);
    if (where !== 'navigation') break;
  }
  expect(stops.slice(0, -1).every((where) => where === 'navigation')).toBe(true);
  expect(stops.at(-1)).not.toBe('page');
  await navigation.getByRole('link', { name: 'Ledger', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  // Closed, the page is in the Tab order again.
  await expect(page.getByRole('main')).not.toHaveAttribute('inert');
});

test("the review's Back returns the focus to what opened it, and nothing typed is lost", async ({
  page,
  tenant,
}) => {
  await approvalsOff(page.request, tenant);
  const app = tenant.apps[1];
  await page.request.put(`/v2/apps/${app?.id}/ach-account`, {
    headers: basicAuth(tenant),
    data: { account_number: '987654321', routing_number: '021000021', account_type: 'checking' },
  });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app?.name} wallet`, exact: true });
  const amount = wallet.getByLabel(`Deposit amount (USD), ${app?.name}`, { exact: true });
  const review = wallet.getByRole('button', { name: 'Review deposit', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Review the deposit', exact: true });
  await amount.fill('12.34');
  await review.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // Back, by the keyboard: the person is where they were, with what they typed.
  await dialog.getByRole('button', { name: 'Back', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(review).toBeFocused();
  await expect(amount).toHaveValue('12.34');
  // Escape, the same; and by the pointer.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(review).toBeFocused();
  await review.click();
  await dialog.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(review).toBeFocused();
  await expect(amount).toHaveValue('12.34');
});

test("on a phone, Vendors fits as Bills does: each vendor's name, email and place on screen, no sideways scroll", async ({
  page,
  tenant,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const headers = await memberAuth(page.request, tenant, 'finance');
  const listed = (await (await page.request.get(`${AP}/vendors?limit=1`, { headers })).json()) as {
    data: { name: string; contact_email?: string | null }[];
  };
  const vendor = listed.data[0];
  await signIn(page, tenant, 'finance', { to: '/vendors' });
  const table = page.getByRole('table', { name: 'Vendors', exact: true });
  const row = table.getByRole('row').filter({ hasText: vendor?.name ?? '' });
  await expect(row.getByText(vendor?.name ?? '', { exact: true })).toBeInViewport({ ratio: 1 });
  if (vendor?.contact_email) {
    await expect(row.getByText(vendor.contact_email, { exact: true })).toBeInViewport({ ratio: 1 });
  }
  await expect(table.getByRole('columnheader', { name: 'Where', exact: true })).toBeInViewport({ ratio: 1 });
});

test('a member who comes to Approvals with bills waiting for them is told so and taken to them', async ({
  page,
  tenant,
}) => {
  const id = await submittedBill(page.request, tenant, 150_000);
  await signIn(page, tenant, 'admin', { to: '/approvals' });
  await expect(page.getByText(/bills? waits? for your approval, on their own page/)).toBeVisible();
  await page.getByRole('link', { name: 'Bills waiting for me', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Waiting for me', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('table', { name: 'Bills', exact: true })).toBeVisible();
  expect(id).toBeTruthy();
});
