import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  armFault,
  basicAuth,
  expect,
  expectNoAxeViolations,
  memberAuth,
  signIn,
  type Tenant,
  test,
} from './fixtures';
import { invoice } from './invoice-pdf';

const AP = '/v2/accounts-payable';

interface ApiBill {
  id: string;
  number: string;
  status: string;
  transfer_id?: string;
  transfer_history: { transfer_id: string; idempotency_key?: string }[];
}

/**
 * Bills made and submitted by finance through the console server, below the first approval tier (so approved at
 * submission), as a journey's starting point.
 */
async function approvedBills(
  request: APIRequestContext,
  tenant: Tenant,
  vendorName: string,
  amounts: number[],
  funding: 'dots_balance' | 'ach' = 'dots_balance',
): Promise<ApiBill[]> {
  const headers = await memberAuth(request, tenant, 'finance');
  const vendors = (await (await request.get(`${AP}/vendors?limit=100`, { headers })).json()).data as {
    id: string;
    name: string;
  }[];
  const vendor = vendors.find((v) => v.name === vendorName) as { id: string };
  const methods = (await (
    await request.get(`${AP}/vendors/${vendor.id}/payment-methods`, { headers })
  ).json()) as {
    id: string;
  }[];
  const made: ApiBill[] = [];
  for (const [index, amount] of amounts.entries()) {
    const bill = await request.post(`${AP}/payables`, {
      headers,
      data: {
        acting_user_id: 1,
        number: `RUN-${index + 1}-${crypto.randomUUID().slice(0, 4)}`,
        ap_vendor_id: vendor.id,
        ap_payment_method_id: methods[0]?.id,
        amount,
        funding_source: funding,
      },
    });
    expect(bill.status()).toBe(201);
    const { id } = (await bill.json()) as ApiBill;
    const submitted = await request.post(`${AP}/payables/${id}/submit-for-approval`, { headers, data: {} });
    expect(((await submitted.json()) as ApiBill).status).toBe('approved');
    made.push((await submitted.json()) as ApiBill);
  }
  return made;
}

/** A bill as the service has it now, read with the organization's own key. */
async function billNow(request: APIRequestContext, tenant: Tenant, id: string): Promise<ApiBill> {
  return (await (
    await request.get(`${AP}/payables/${id}`, { headers: basicAuth(tenant) })
  ).json()) as ApiBill;
}

/** The transfers of type payable the sandbox made for a bill. */
async function transfersOfBill(request: APIRequestContext, tenant: Tenant, id: string): Promise<unknown[]> {
  const listed = (await (
    await request.get('/v2/transfers?limit=100', { headers: basicAuth(tenant) })
  ).json()) as { data: { type?: string; metadata?: Record<string, unknown> | null }[] };
  return listed.data.filter((t) => t.type === 'payable' && t.metadata?.payable_id === id);
}

async function asMember(browser: Browser, tenant: Tenant, role: 'admin' | 'finance' | 'support') {
  const context = await browser.newContext();
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

test(`finance drops an invoice, corrects the draft and submits; the admin in the step approves; finance pays and sees the transfer, light and dark`, async ({
  page,
  browser,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 3);
  await signIn(page, tenant, 'finance', { to: '/bills/new' });
  await expectNoAxeViolationsInBothSchemes(page);
  const number = 'NH-0077';
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
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('button', { name: 'Save and submit for approval', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Bill ${number}`, exact: true })).toBeVisible();
  await expect(page.getByText('Waiting for approval').first()).toBeVisible();

  const admin = await asMember(browser, tenant, 'admin');
  await openBill(admin, 'Waiting for me', number);
  await expectNoAxeViolationsInBothSchemes(admin);
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
  // The one bill's review says what it leaves in the wallet, as a run's does.
  await expect(review.getByText(/wallet: \$[\d,.]+ now, \$[\d,.]+ after/)).toBeVisible();
  await review.getByRole('button', { name: 'Pay $4,000.00', exact: true }).click();
  await page.getByRole('link', { name: /^[0-9a-f-]{36}$/ }).click();
  await expect(page.getByRole('heading', { name: /Transfer/ })).toBeVisible();
  await expect(page.getByText('$4,000.00').first()).toBeVisible();
});

test('an admin rejects a bill: the reason is asked for, and kept through a refusal of the service', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'admin', { to: '/bills' });
  await openBill(page, 'Waiting for approval', 'SL-2210');
  await page.getByRole('button', { name: 'Reject $14,500.00', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject $14,500.00', exact: true }).click();
  await expect(dialog.getByText('Say why: the maker reads it', { exact: true })).toBeVisible();
  await dialog.getByLabel('Why (the maker reads it)', { exact: true }).fill('Not our contract');
  // The service refuses the first try: the dialog stays, with what was typed.
  await armFault(page, tenant, { method: 'POST', path_prefix: `${AP}/payables/`, status: 503, times: 1 });
  await dialog.getByRole('button', { name: 'Reject $14,500.00', exact: true }).click();
  await expect(dialog.getByText('The bill did not move', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Why (the maker reads it)', { exact: true })).toHaveValue(
    'Not our contract',
  );
  await dialog.getByRole('button', { name: 'Reject $14,500.00', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Rejected').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'History', exact: true })).toContainText('Not our contract');
});

test('a bill above $10,000.00 needs two steps, each approved by someone else', async ({ page, tenant }) => {
  test.slow();
  await signIn(page, tenant, 'admin');
  // The demo data's second-tier bill waits for its first step; the tenant's one admin is in both steps.
  await openBill(page, 'Waiting for approval', 'SL-2210');
  await expect(page.getByText('Step 1: 1 approval (open)')).toBeVisible();
  await expect(page.getByText('Step 2: 1 approval (open)')).toBeVisible();
  // The history says who acted in words, not the service's role codes.
  const history = page.getByRole('table', { name: 'History', exact: true });
  await expect(history).toContainText('(maker of bills)');
  await expect(history).not.toContainText('ap_creator');
  await page.getByRole('button', { name: 'Approve $14,500.00', exact: true }).click();
  // The dialog names the bill, its vendor and its amount.
  const dialog = page.getByRole('dialog', {
    name: 'Bill SL-2210 from Swift Logistics, $14,500.00',
    exact: true,
  });
  await dialog.getByRole('button', { name: 'Approve $14,500.00', exact: true }).click();
  await expect(page.getByText('Step 1: 1 approval (complete)')).toBeVisible();
  await expect(page.getByText('Waiting for approval').first()).toBeVisible();
  // The one who approved step 1 does not approve step 2: the page says the step needs someone else.
  await expect(page.getByText('Step 2 needs someone else', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve $14,500.00', exact: true })).toHaveCount(0);
  await expect(page.getByText('Step 2: 1 approval (open)')).toBeVisible();
});

test('a duplicate invoice needs a tick that says so', async ({ page, tenant }) => {
  await signIn(page, tenant, 'finance', { to: '/bills/new' });
  // Nothing chosen yet: the focus goes to the first field at fault.
  await page.getByRole('button', { name: 'Create bill', exact: true }).click();
  await expect(page.getByLabel('Vendor', { exact: true })).toBeFocused();
  await page.getByLabel('Vendor', { exact: true }).click();
  await page.getByRole('option', { name: 'Northwind Hosting' }).click();
  await page.getByLabel('Pay to', { exact: true }).click();
  await page.getByRole('option', { name: /•••• 4821/ }).click();
  await page.getByLabel('Invoice number', { exact: true }).fill('NH-1001');
  await page.getByLabel('Amount', { exact: true }).fill('12.00');
  await expect(page.getByText(/Bill NH-1001 of \$420\.00 .* has the same number/)).toBeVisible();
  await page.getByRole('button', { name: 'Create bill', exact: true }).click();
  await expect(page.getByText('Tick this, or correct the bill')).toBeVisible();
  await expect(page.getByLabel('It is a different invoice', { exact: true })).toBeFocused();
  await page.getByLabel('It is a different invoice', { exact: true }).check();
  await page.getByRole('button', { name: 'Create bill', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bill NH-1001', exact: true })).toBeVisible();
});

test('what finance typed before choosing a PDF is kept, the draft is funded from the wallet, and a PDF read as nothing leaves no draft', async ({
  page,
  tenant,
}) => {
  test.slow();
  await signIn(page, tenant, 'finance', { to: '/bills/new' });
  const funding = page.getByRole('radiogroup', { name: 'Funding', exact: true });
  await expect(funding.getByRole('radio', { name: "The app's wallet", exact: true })).toBeChecked();
  await page.getByLabel('Invoice number', { exact: true }).fill('TYPED-1');
  await page.getByLabel('Description', { exact: true }).fill('Typed before the PDF');
  await page.getByLabel('Invoice PDF', { exact: true }).setInputFiles({
    name: 'northwind.pdf',
    mimeType: 'application/pdf',
    buffer: await invoice('NH-READ-9', 'Northwind Hosting', [['Servers', 1, '$300.00', '$300.00']]),
  });
  // The typed fields win over the PDF's; what was not typed is read from it.
  await expect(page.getByRole('heading', { name: 'Draft bill TYPED-1', exact: true })).toBeVisible();
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Typed before the PDF');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('300.00');
  await expect(
    page
      .getByRole('radiogroup', { name: 'Funding', exact: true })
      .getByRole('radio', { name: "The app's wallet", exact: true }),
  ).toBeChecked();

  await page.goto('/bills/new');
  await page.getByLabel('Invoice number', { exact: true }).fill('TYPED-2');
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Hello there, nothing structured', {
    x: 56,
    y: 720,
    size: 12,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  await page.getByLabel('Invoice PDF', { exact: true }).setInputFiles({
    name: 'junk-e2e.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await doc.save()),
  });
  await expect(page.getByText(/The service read nothing from junk-e2e\.pdf/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New bill', exact: true })).toBeVisible();
  await expect(page.getByLabel('Invoice number', { exact: true })).toHaveValue('TYPED-2');
  // The message shows as the empty draft is being cancelled: the drafts are read until that has landed.
  const headers = await memberAuth(page.request, tenant, 'finance');
  const junkDrafts = async () =>
    (
      (await (await page.request.get(`${AP}/payables?status=created&limit=100`, { headers })).json())
        .data as ApiBill[]
    ).filter((b) => b.number.startsWith('junk-e2e'));
  await expect.poll(junkDrafts, { message: 'no draft is left of the PDF read as nothing' }).toEqual([]);
});

test('support reads bills but cannot act on them', async ({ page, tenant }) => {
  await signIn(page, tenant, 'support', { to: '/bills' });
  await expect(page.getByText('You read bills only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New bill' })).toHaveCount(0);
  await openBill(page, 'Approved, ready to pay', 'NH-1002');
  for (const name of ['Pay', 'Cancel bill', 'Submit for approval']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('table', { name: 'Bill' })).toBeVisible();
});

/** Another account of a vendor, added with the organization's own key (its confirmation is another spec's). */
async function anotherAccount(
  request: APIRequestContext,
  tenant: Tenant,
  vendorName: string,
  account: string,
) {
  const headers = basicAuth(tenant);
  const vendors = (await (await request.get(`${AP}/vendors?limit=100`, { headers })).json()).data as {
    id: string;
    name: string;
  }[];
  const vendor = vendors.find((v) => v.name === vendorName) as { id: string };
  const added = await request.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
    headers,
    data: {
      name: 'Savings',
      ach_account_number: account,
      ach_routing_number: '021000021',
      ach_account_type: 'savings',
    },
  });
  expect(added.status()).toBe(201);
}

/** Finance pays the bill on its page, and the bank fails the payment. */
async function payAndFail(page: Page, tenant: Tenant, id: string) {
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review the payment' });
  await expect(review.getByText(`Request id bill-${id}-attempt-1`)).toBeVisible();
  await review.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(review).toBeHidden();
  const first = (await billNow(page.request, tenant, id)).transfer_id as string;
  for (const status of ['pending', 'failed']) {
    const moved = await page.request.post(`/sandbox/transfers/${first}/advance`, { data: { status } });
    expect(moved.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByText('Payment failed').first()).toBeVisible();
}

test('a failed payment is paid again to another account, once, even when the answer to Pay again is lost', async ({
  page,
  tenant,
}) => {
  test.slow();
  // Dana Lee Consulting's account is one whose payments fail; its other account does not.
  const [bill] = await approvedBills(page.request, tenant, 'Dana Lee Consulting', [45_000], 'ach');
  await anotherAccount(page.request, tenant, 'Dana Lee Consulting', '000123456789');
  const id = (bill as ApiBill).id;
  await signIn(page, tenant, 'finance', { to: `/bills/${id}` });
  await payAndFail(page, tenant, id);

  // Not to the account that failed: another "Pay to" first (below the first tier, it is approved at submission).
  await expect(page.getByRole('button', { name: 'Pay again', exact: true })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /0001/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Savings •••• 6789', exact: true }).check();
  await page.getByRole('button', { name: 'Send for approval to this account', exact: true }).click();
  await expect(page.getByRole('row', { name: /Pays to/ })).toContainText('Savings •••• 6789');

  // The answer to the second attempt is lost after the service made it: the bill is read again, nothing resent.
  await armFault(page, tenant, {
    method: 'POST',
    path_prefix: `${AP}/payables/${id}/pay`,
    drop: 'after-commit',
  });
  await page.getByRole('button', { name: 'Pay again', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review the payment' });
  await expect(review.getByText('2 (the last payment failed)')).toBeVisible();
  await expect(review.getByText('Savings •••• 6789')).toBeVisible();
  await review.getByRole('button', { name: 'Pay $450.00', exact: true }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText('Payment sent').first()).toBeVisible();
  const paid = await billNow(page.request, tenant, id);
  expect(paid.transfer_history.map((a) => a.idempotency_key)).toEqual([
    `bill-${id}-attempt-1`,
    `bill-${id}-attempt-2`,
  ]);
  expect(await transfersOfBill(page.request, tenant, id)).toHaveLength(2);
});

test('a failed bill above the first tier waits for its approver again after another "Pay to"', async ({
  page,
  tenant,
}) => {
  test.slow();
  await anotherAccount(page.request, tenant, 'Dana Lee Consulting', '000123456789');
  const finance = await memberAuth(page.request, tenant, 'finance');
  const admin = await memberAuth(page.request, tenant, 'admin');
  const vendors = (await (await page.request.get(`${AP}/vendors?limit=100`, { headers: finance })).json())
    .data as { id: string; name: string }[];
  const vendor = vendors.find((v) => v.name === 'Dana Lee Consulting') as { id: string };
  const methods = (await (
    await page.request.get(`${AP}/vendors/${vendor.id}/payment-methods`, { headers: finance })
  ).json()) as { id: string; mask: string }[];
  const made = await page.request.post(`${AP}/payables`, {
    headers: finance,
    data: {
      acting_user_id: 1,
      number: `DL-${crypto.randomUUID().slice(0, 4)}`,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: methods.find((m) => m.mask === '0001')?.id,
      amount: 150_000,
      funding_source: 'ach',
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as ApiBill;
  const approve = async () => {
    const approved = await page.request.post(`${AP}/payables/${id}/approve`, { headers: admin, data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
  };
  await page.request.post(`${AP}/payables/${id}/submit-for-approval`, { headers: finance, data: {} });
  await approve();

  await signIn(page, tenant, 'finance', { to: `/bills/${id}` });
  await payAndFail(page, tenant, id);
  await page.getByRole('radio', { name: 'Savings •••• 6789', exact: true }).check();
  await page.getByRole('button', { name: 'Send for approval to this account', exact: true }).click();
  // The earlier approval was of another account: void. The bill waits, and no one pays it meanwhile.
  await expect(page.getByText('Waiting for approval').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay again', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);

  await approve();
  await page.reload();
  await page.getByRole('button', { name: 'Pay again', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review the payment' });
  await expect(review.getByText('Savings •••• 6789')).toBeVisible();
  await review.getByRole('button', { name: 'Pay $1,500.00', exact: true }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText('Payment sent').first()).toBeVisible();
});

test('five approved bills paid as one reviewed run, the page reloaded mid-run: each bill paid once', async ({
  page,
  tenant,
}) => {
  test.slow();
  const bills = await approvedBills(
    page.request,
    tenant,
    'Northwind Hosting',
    [10_000, 20_000, 30_000, 40_000, 50_000],
  );
  await signIn(page, tenant, 'finance', { to: '/bills?tab=approved' });
  for (const bill of bills)
    await page.getByRole('checkbox', { name: `Select bill ${bill.number}`, exact: true }).check();
  await page.getByRole('button', { name: 'Pay 5 selected ($1,500.00)', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review the run' });
  await expect(review.getByText('5 bills, $1,500.00 in all, each paid once.')).toBeVisible();
  await expect(review.getByText(/wallet: \$[\d,.]+ now, \$[\d,.]+ after/)).toBeVisible();
  // No run-level approval: the review says how the run is judged.
  await expect(
    review.getByText(/Each bill is judged on its own .*the run's total counts against your daily limit/),
  ).toBeVisible();
  await expect(review.getByRole('table', { name: 'Bills to pay' }).getByRole('row')).toHaveCount(6);

  // Two of the five answer slowly: the page is reloaded while they are out.
  await armFault(page, tenant, { method: 'POST', path_prefix: `${AP}/payables/`, delay_ms: 3_000, times: 2 });
  await review.getByRole('button', { name: 'Pay 5 bills ($1,500.00)', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: 'Bills paid' });
  await expect(progress).toBeVisible();
  page.once('dialog', (dialog) => dialog.accept());
  await page.reload();

  await expect(page.getByText('A run of bills was interrupted')).toBeVisible();
  await page.getByRole('button', { name: 'Resume the run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Finished' })).toContainText(
    '0 refused · 0 unknown',
  );
  await expect(page.getByText('A run of bills was interrupted')).toBeHidden();
  await expectNoAxeViolations(page);
  for (const bill of bills) {
    expect(await transfersOfBill(page.request, tenant, bill.id), bill.number).toHaveLength(1);
    expect((await billNow(page.request, tenant, bill.id)).transfer_history).toHaveLength(1);
  }
  // A reload after the run offers nothing to resume.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bills', exact: true })).toBeVisible();
  await expect(page.getByText('A run of bills was interrupted')).toBeHidden();
});

test(`the Bills list, its waiting count and a run's review pass axe, light and dark`, async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await signIn(page, tenant, 'admin');
  // The demo's bills waiting for the admin: the navigation says how many beside Bills.
  await expect(page.getByRole('link', { name: 'Bills', exact: true })).toHaveAttribute(
    'aria-description',
    /^\d+ bills waiting for you$/,
  );
  await page.goto('/bills?tab=mine');
  await expect(page.getByRole('table', { name: 'Bills' })).toContainText('Approval: ');
  await expectNoAxeViolationsInBothSchemes(page);
  await page.goto('/bills?tab=approved');
  await page.getByRole('checkbox', { name: 'Select bill NH-1002', exact: true }).check();
  await page.getByRole('button', { name: /^Pay 1 selected/ }).click();
  await expect(page.getByRole('dialog', { name: 'Review the run' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});

test('an admin who rejected a bill, raised it and resubmitted it is refused its approval', async ({
  page,
  tenant,
}) => {
  const finance = await memberAuth(page.request, tenant, 'finance');
  const admin = await memberAuth(page.request, tenant, 'admin');
  const vendors = (await (await page.request.get(`${AP}/vendors?limit=100`, { headers: finance })).json())
    .data as {
    id: string;
    name: string;
  }[];
  const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
  const [method] = (await (
    await page.request.get(`${AP}/vendors/${vendor.id}/payment-methods`, { headers: finance })
  ).json()) as { id: string }[];
  const made = (await (
    await page.request.post(`${AP}/payables`, {
      headers: finance,
      data: {
        acting_user_id: 1,
        number: 'NH-RAISED',
        ap_vendor_id: vendor.id,
        ap_payment_method_id: method?.id,
        amount: 200_000,
      },
    })
  ).json()) as ApiBill;
  const post = async (headers: Record<string, string>, verb: string, data: object = {}) =>
    expect((await page.request.post(`${AP}/payables/${made.id}/${verb}`, { headers, data })).status()).toBe(
      200,
    );
  await post(finance, 'submit-for-approval');
  await post(admin, 'reject', { comment: 'Wrong total' });
  const raised = await page.request.patch(`${AP}/payables/${made.id}`, {
    headers: admin,
    data: { amount: 900_000 },
  });
  expect(raised.status()).toBe(200);
  await post(admin, 'submit-for-approval');

  await signIn(page, tenant, 'admin', { to: `/bills/${made.id}` });
  // The page cannot know who changed the bill last (the service's history does not say); the server refuses it.
  await page.getByRole('button', { name: 'Approve $9,000.00', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve $9,000.00', exact: true }).click();
  await expect(
    page.getByText(/You changed this bill last: someone other than its creator and its last editor/),
  ).toBeVisible();
  await expect(page.getByText('Waiting for approval').first()).toBeVisible();
});
