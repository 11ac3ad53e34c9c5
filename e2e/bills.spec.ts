import type { Browser, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { AXE_SPEC_TIMEOUT, expect, expectNoAxeViolations, signIn, type Tenant, test } from './fixtures';

/** An invoice as its vendor sends it: a one-page PDF made with pdf-lib. */
async function invoice(
  number: string,
  vendor: string,
  lines: [string, number, string, string][],
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const text = [
    `Vendor: ${vendor}`,
    `Invoice number: ${number}`,
    ...lines.map((l) => `${l[0]} ${l[1]} x ${l[2]} ${l[3]}`),
  ];
  text.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 720 - i * 22, size: 12, font });
  });
  return Buffer.from(await doc.save());
}

async function asMember(
  browser: Browser,
  tenant: Tenant,
  role: 'admin' | 'finance' | 'support',
  scheme: 'light' | 'dark',
) {
  const context = await browser.newContext({ colorScheme: scheme });
  const page = await context.newPage();
  await signIn(page, tenant, role);
  return page;
}

async function openBill(page: Page, tab: string, number: string) {
  await page.goto('/bills');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByRole('row', { name: new RegExp(number) }).click();
  await expect(page.getByRole('heading', { name: `Bill ${number}`, exact: true })).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`finance drops an invoice, corrects the draft and submits; the admin in the step approves; finance pays and sees the transfer, ${scheme}`, async ({
    page,
    browser,
    tenant,
  }) => {
    test.setTimeout(AXE_SPEC_TIMEOUT * 2);
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, tenant, 'finance');
    await page.goto('/bills/new');
    await expectNoAxeViolations(page);
    const number = `NH-${scheme}-77`;
    await page.getByLabel('Invoice PDF', { exact: true }).setInputFiles({
      name: 'northwind.pdf',
      mimeType: 'application/pdf',
      buffer: await invoice(number, 'Northwind Hosting', [['Servers', 2, '$2,000.00', '$4,000.00']]),
    });
    // The draft the service made, the PDF beside it: vendor, number and total read from the invoice.
    await expect(page.getByRole('heading', { name: `Draft bill ${number}` })).toBeVisible();
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('4000.00');
    await expect(page.getByTitle('Invoice')).toBeVisible();
    await page.getByLabel('Pay to', { exact: true }).click();
    await page.getByRole('option', { name: /Operating account •••• 4821/ }).click();
    await page.getByLabel('Description', { exact: true }).fill('Servers for March');
    await page.getByText("The app's wallet", { exact: true }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save and submit for approval', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Bill ${number}`, exact: true })).toBeVisible();
    await expect(page.getByText('Waiting for approval').first()).toBeVisible();

    const admin = await asMember(browser, tenant, 'admin', scheme);
    await openBill(admin, 'Waiting for me', number);
    await expectNoAxeViolations(admin);
    await admin.getByRole('button', { name: 'Approve $4,000.00', exact: true }).click();
    await admin.getByLabel('Comment (optional)', { exact: true }).fill('Matches the contract');
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve $4,000.00', exact: true }).click();
    await expect(admin.getByText(/approved .*Matches the contract/)).toBeVisible();
    await admin.context().close();

    await page.reload();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Review the payment' });
    await expect(review.getByText('•••• 4821')).toBeVisible();
    await expect(review.getByText("The app's wallet")).toBeVisible();
    await review.getByRole('button', { name: 'Pay $4,000.00', exact: true }).click();
    await page.getByRole('link', { name: /^[0-9a-f-]{36}$/ }).click();
    await expect(page.getByRole('heading', { name: /Transfer/ })).toBeVisible();
    await expect(page.getByText('$4,000.00').first()).toBeVisible();
  });
}

test('a bill above $10,000.00 needs two steps', async ({ page, tenant }) => {
  test.slow();
  await signIn(page, tenant, 'admin');
  // The demo data's second-tier bill waits for its first step.
  await openBill(page, 'Waiting for approval', 'SL-2210');
  await expect(page.getByText('Step 1: 1 approval(s) (open)')).toBeVisible();
  await expect(page.getByText('Step 2: 1 approval(s) (open)')).toBeVisible();
  await page.getByRole('button', { name: 'Approve $14,500.00', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve $14,500.00', exact: true }).click();
  await expect(page.getByText('Step 1: 1 approval(s) (complete)')).toBeVisible();
  await expect(page.getByText('Waiting for approval').first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve $14,500.00', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve $14,500.00', exact: true }).click();
  await expect(page.getByText('Step 2: 1 approval(s) (complete)')).toBeVisible();
  // Approved: the admin may pay it now.
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
});

test('a duplicate invoice needs a tick that says so', async ({ page, tenant }) => {
  await signIn(page, tenant, 'finance');
  await page.goto('/bills/new');
  await page.getByLabel('Vendor', { exact: true }).click();
  await page.getByRole('option', { name: 'Northwind Hosting' }).click();
  await page.getByLabel('Pay to', { exact: true }).click();
  await page.getByRole('option', { name: /•••• 4821/ }).click();
  await page.getByLabel('Invoice number', { exact: true }).fill('NH-1001');
  await page.getByLabel('Amount', { exact: true }).fill('12.00');
  await expect(page.getByText(/Bill NH-1001 of \$420\.00 .* has the same number/)).toBeVisible();
  await page.getByRole('button', { name: 'Create bill', exact: true }).click();
  await expect(page.getByText('Tick this, or correct the bill')).toBeVisible();
  await page.getByLabel('It is a different invoice', { exact: true }).check();
  await page.getByRole('button', { name: 'Create bill', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bill NH-1001', exact: true })).toBeVisible();
});

test('support reads bills but cannot act on them', async ({ page, tenant }) => {
  await signIn(page, tenant, 'support');
  await page.goto('/bills');
  await expect(page.getByText('You read bills only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New bill' })).toHaveCount(0);
  await openBill(page, 'Approved, ready to pay', 'NH-1002');
  for (const name of ['Pay', 'Cancel bill', 'Submit for approval']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('table', { name: 'Bill' })).toBeVisible();
});
