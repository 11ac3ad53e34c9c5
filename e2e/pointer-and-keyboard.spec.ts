import type { Locator, Page } from '@playwright/test';
import { paymentsCsv } from './batch-file';
import { bankPayment, basicAuth, expect, memberAuth, signIn, tabUntilFocused, test } from './fixtures';
import { invoice } from './invoice-pdf';
import { fillBankAccount, openAuthorizedReview, openCreatePayment, pickById } from './payment-form';

/*
 * What a person does with the pointer and the keyboard: the file pages' Choose file button and the new bill's Choose
 * PDF open the file dialog by either; a notice never covers the header's controls; the Tab key has a way past the
 * navigation, and a new page (a link followed, a payment made) takes the focus to its heading; a dialog that cancels
 * says what its other button keeps.
 */

/** A payouts file of two rows: the tenant's seller by email to PayPal, its first user by id to Venmo. */
function twoPayouts(tenant: { users: { id: string; email: string }[] }): string {
  return `user_email,user_id,amount,platform\r\n${tenant.users[1]?.email},,1.25,paypal\r\n,${tenant.users[0]?.id},2.50,venmo\r\n`;
}

/** A wallet moves file of two rows to users' wallets: the tenant's seller by email, its first user by id. */
function twoMoves(tenant: { users: { id: string; email: string }[] }): string {
  return `user_email,user_id,amount,direction\r\n${tenant.users[1]?.email},,1.25,to_user\r\n,${tenant.users[0]?.id},2.50,to_user\r\n`;
}

const FILE_PAGES = [
  {
    nav: 'Batch payments',
    csv: (tenant: Parameters<typeof paymentsCsv>[0]) => paymentsCsv(tenant, 3),
    checked: (page: Page) => page.getByRole('button', { name: /^Pay 3 payments \(\$/ }),
  },
  {
    nav: 'Pay out from a file',
    csv: twoPayouts,
    checked: (page: Page) => page.getByRole('button', { name: 'Pay 2 payouts ($3.75)', exact: true }),
  },
  {
    nav: 'Wallet moves from a file',
    csv: twoMoves,
    checked: (page: Page) =>
      page
        .getByRole('region', { name: 'Review', exact: true })
        .filter({ hasText: "2 moves: $3.75 to users' wallets" }),
  },
] as const;

/**
 * Pages whose file dialogs Playwright takes over for the whole test. It takes them over while something listens for
 * them, and asks the browser to without waiting for an answer: a waiter made just before a key press raced the key
 * (the dialog opened for no one, and the test waited out its time), where a pointer's click, slower to start, won.
 */
const dialogsTakenOver = new WeakSet<Page>();

/** Waits for the file dialog that `open` makes the page show, and gives it a file, as a person picks one. */
async function pickInFileDialog(
  page: Page,
  open: () => Promise<void>,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  if (!dialogsTakenOver.has(page)) {
    dialogsTakenOver.add(page);
    page.on('filechooser', () => {});
    await page.evaluate(() => undefined);
  }
  const chooser = page.waitForEvent('filechooser');
  await open();
  await (await chooser).setFiles(file);
}

const csvFile = (csv: string) => ({ name: 'picked.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

/**
 * As a keyboard user reaches a control on a page just loaded: Tab to the skip link, Enter to the page's heading, then
 * Tab on until `control` has the focus (within the page's first few stops, as a page's first control should be).
 */
async function tabTo(page: Page, heading: string, control: Locator): Promise<void> {
  const title = page.getByRole('heading', { name: heading, level: 1, exact: true });
  await expect(title).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the page', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(title).toBeFocused();
  for (let stops = 0; stops < 4; stops++) {
    await page.keyboard.press('Tab');
    if (await control.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(control).toBeFocused();
}

for (const filePage of FILE_PAGES) {
  test(`${filePage.nav}: Choose file opens the file dialog by pointer, and by Tab then Enter or Space`, async ({
    signedIn: page,
    tenant,
  }) => {
    test.slow(); // three files read and checked against the service
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: filePage.nav }).click();
    const choose = page.getByRole('button', { name: 'Choose file', exact: true });
    // The pointer: a click on the button itself (the zone around it is for dropping).
    await pickInFileDialog(page, () => choose.click(), csvFile(filePage.csv(tenant)));
    await expect(filePage.checked(page)).toBeVisible();
    // The keyboard: Tab to the button, then Enter; then Space.
    for (const key of ['Enter', 'Space']) {
      await page.reload();
      await tabTo(page, filePage.nav, choose);
      await pickInFileDialog(page, () => page.keyboard.press(key), csvFile(filePage.csv(tenant)));
      await expect(filePage.checked(page)).toBeVisible();
    }
  });
}

test("finance picks a vendor's invoice PDF by pointer, and by Tab then Enter or Space: each becomes a draft read from it", async ({
  signedIn: page,
}) => {
  test.slow(); // three invoices read by the service into drafts
  const pdf = async (number: string) => ({
    name: `${number}.pdf`,
    mimeType: 'application/pdf',
    buffer: await invoice(number, 'Northwind Hosting', [['Servers', 1, '$120.00', '$120.00']]),
  });
  const choose = page.getByRole('button', { name: 'Choose PDF', exact: true });
  const draftRead = async (number: string) => {
    await expect(
      page.getByRole('heading', { name: `Draft bill ${number}`, level: 1, exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('120.00');
  };
  // The pointer: from the bills, New bill, then a click on Choose PDF.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bills' }).click();
  await page.getByRole('link', { name: 'New bill', exact: true }).click();
  await pickInFileDialog(page, () => choose.click(), await pdf('PK-POINTER-1'));
  await draftRead('PK-POINTER-1');
  // The keyboard: a new bill again, Tab to Choose PDF, then Enter; then Space.
  for (const key of ['Enter', 'Space']) {
    await page.goto('/bills/new');
    await tabTo(page, 'New bill', choose);
    await pickInFileDialog(page, () => page.keyboard.press(key), await pdf(`PK-${key.toUpperCase()}-1`));
    await draftRead(`PK-${key.toUpperCase()}-1`);
  }
});

/** The header's controls, each used by pointer while `notice` shows: Search, Requests, the colours, Sign out. */
async function useHeaderWhileNoticeShows(page: Page, notice: Locator, phone: boolean): Promise<void> {
  const header = page.getByRole('banner');
  // Search: the palette opens; Escape closes it.
  await expect(notice).toBeVisible();
  await header
    .getByRole('button', { name: phone ? 'Search the console' : 'Search (Ctrl+K)', exact: true })
    .click();
  await expect(page.getByRole('textbox', { name: 'Command', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  // Requests: on a phone it is in the navigation, opened from the header over everything else.
  await expect(notice).toBeVisible();
  if (phone) await header.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
  const where = phone ? page.getByRole('navigation', { name: 'Main' }) : header;
  await where.getByRole('button', { name: 'Requests', exact: true }).click();
  const inspector = page.getByRole('dialog', { name: 'Request inspector' });
  await expect(inspector).toBeVisible();
  await inspector.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(inspector).toHaveCount(0);
  // The colour scheme.
  await expect(notice).toBeVisible();
  const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
  await header.getByRole('button', { name: 'Toggle color scheme', exact: true }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-mantine-color-scheme', scheme ?? '');
  // Sign out.
  await expect(notice).toBeVisible();
  if (phone) await header.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
  await where.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`a request's notice never covers the header's controls, at ${width} pixels`, async ({
    page,
    tenant,
  }) => {
    test.slow(); // the maker's page follows the request every few seconds
    await page.setViewportSize({ width, height });
    const submitted = await page.request.post('/api/team/approvals', {
      headers: await memberAuth(page.request, tenant, 'finance'),
      data: { payment: bankPayment(tenant, 1_500_000, { idempotency_key: crypto.randomUUID() }) },
    });
    const { id } = (await submitted.json()) as { id: string };
    // The maker has seen it waiting (the Approvals list is the read the notices follow)...
    await signIn(page, tenant, 'finance', { to: '/approvals' });
    await expect(page.getByRole('table', { name: 'Waiting for approval' })).toContainText('$15,000.00');
    if (width < 768) await page.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }).click();
    await expect(page.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
    // ...and another member rejects it while they are on another page: the notice tells them, and it stays.
    const rejected = await page.request.post(`/api/team/approvals/${id}/reject`, {
      headers: await memberAuth(page.request, tenant, 'admin'),
      data: { reason: 'Wrong invoice' },
    });
    expect(rejected.status()).toBe(200);
    const notice = page.getByRole('alert').filter({ hasText: 'Your request for $15,000.00: rejected' });
    await expect(notice).toContainText('Reason: Wrong invoice');
    await useHeaderWhileNoticeShows(page, notice, width < 768);
  });
}

test('the first Tab reaches a skip link past the header and the navigation, to the page and its first field', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance', { to: '/payouts/new' });
  await expect(page.getByRole('heading', { name: 'Send payout', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the page', exact: true });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Send payout', level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Payee', { exact: true })).toBeFocused();
});

test('a page opened from the navigation by keyboard has the focus on its heading: the next Tab is its first field', async ({
  signedIn: page,
}) => {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Send payout' });
  await tabUntilFocused(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Send payout', level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Payee', { exact: true })).toBeFocused();
});

test('after a payment, the focus is on the heading of the transfer it made, not lost to the page', async ({
  signedIn: page,
  tenant,
}) => {
  await openCreatePayment(page);
  await pickById(page, 'User', tenant.users[0]?.id ?? '');
  await page.getByLabel('Amount (USD)', { exact: true }).fill('12.34');
  await fillBankAccount(page, '000555666777');
  const review = await openAuthorizedReview(page);
  await review.getByRole('button', { name: 'Confirm payment of $12.34', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transfer', level: 1 })).toBeFocused();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText('$12.34');
});

test('cancelling a payout link: the way out says it keeps the link, and does', async ({
  signedIn: page,
  tenant,
}) => {
  const made = await page.request.post('/v2/payout-links', {
    headers: basicAuth(tenant),
    data: { amount: 7_500, payee: { email: 'kim@example.com' }, delivery: { method: 'email' } },
  });
  const { id } = (await made.json()) as { id: string };
  await page.goto(`/payout-links/${id}`);
  await page.getByRole('button', { name: 'Cancel link', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this payout link?' });
  await expect(dialog.getByRole('button', { name: 'Cancel the link for $75.00', exact: true })).toBeVisible();
  // One button cancels; the other is never a second "Cancel".
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Keep the link', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Status: Delivered', { exact: true })).toBeVisible();
});
