import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  authorizeAndPay,
  batchTransfers,
  chooseFile,
  openBatchPayments,
  payButton,
  paymentsCsv,
  summary,
  withRow,
} from './batch-file';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  approvalsOff,
  armFault,
  expect,
  memberOf,
  OWN_CONTEXT,
  signIn,
  test,
} from './fixtures';

/*
 * A finance operator pays a month's collections from a spreadsheet: every row checked before money moves, the count
 * and the total confirmed, each row paid exactly once, even when the same file comes back.
 */

/** Counts the payment requests the page sends, to show what was (not) sent. */
function countPaymentPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v2/payments') posts++;
  });
  return () => posts;
}

test('a 50-row file with 2 bad rows: the errors by row, then 48 paid once, and the same file again pays nothing', async ({
  signedIn: page,
  tenant,
}) => {
  test.slow(); // a file read, checked and paid row by row
  await openBatchPayments(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template', exact: true }).click();
  const template = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(template.split('\r\n')[0]).toContain('user_email,user_id,customer_id,amount');

  let csv = paymentsCsv(tenant, 50);
  csv = withRow(csv, 7, `${tenant.users[0]?.email},,,12.3.4,,123456789,021000021,INV-bad`);
  csv = withRow(csv, 31, `,,${tenant.customers[0]?.id},15.00,,123456789,123456789,INV-bad-2`);
  await chooseFile(page, 'november.csv', csv);

  const errors = page.getByRole('list', { name: 'Row errors' });
  await expect(errors.getByRole('listitem')).toHaveText([
    'Row 7, amount: not a dollar amount',
    'Row 31, routing_number: this is not a valid ABA routing number (check digit does not match)',
  ]);
  await expect(payButton(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Skip 2 rows with errors', exact: true }).click();

  const review = page.getByRole('table', { name: 'Batch summary' });
  await expect(review.getByRole('row', { name: /Payments to make/ })).toContainText('48');
  const rows = paymentsCsv(tenant, 50).split('\r\n').slice(1, 51);
  const cents = rows
    .filter((_, index) => index + 2 !== 7 && index + 2 !== 31)
    .reduce((sum, line) => sum + Math.round(Number(line.split(',')[3]) * 100), 0);
  const dollars = `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(review.getByRole('row', { name: /Total/ })).toContainText(dollars);
  await expect(review.getByRole('row', { name: /Payers/ })).toContainText('3');

  const posts = countPaymentPosts(page);
  expect(await authorizeAndPay(page)).toBe(`Pay 48 payments (${dollars})`);
  await expect(page.getByRole('progressbar', { name: 'Payments sent' })).toBeVisible();
  await expect(summary(page)).toHaveText('48 created · 0 already paid · 0 refused · 0 unknown');
  expect(posts()).toBe(48);
  // Each payment's transaction came with its answer: named on its row at once, still on its way, and in the results.
  await expect(
    page.getByRole('table', { name: 'Results', exact: true }).getByRole('row').nth(1),
  ).toContainText(/Transaction \d+: on its way, spendable once it arrives/);
  const results = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV', exact: true }).click();
  const resultLines = (await readFile((await (await results).path()) ?? '', 'utf8')).trim().split(/\r?\n/);
  expect(resultLines[0]).toMatch(/,transaction_id$/);
  expect(resultLines.slice(1).filter((line) => /,Created,.*,\d+$/.test(line))).toHaveLength(48);
  const paid = await batchTransfers(page, tenant);
  expect(paid).toHaveLength(48);
  expect(paid.reduce((sum, transfer) => sum + transfer.amount, 0)).toBe(cents);

  // The activity log has the batch as one entry, with its counts and total.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(
    page.getByRole('table', { name: 'Activity' }).getByRole('row', { name: /Batch paid/ }),
  ).toContainText(`48 created · 0 already paid · 0 refused · 0 unknown; ${dollars} in all`);

  // The same file again, the next morning after a crash say: found by the rows' keys, nothing is sent.
  await openBatchPayments(page);
  await chooseFile(page, 'november.csv', csv);
  await page.getByRole('button', { name: 'Skip 2 rows with errors', exact: true }).click();
  await expect(page.getByText('48 rows of this file were paid in the last 24 hours')).toBeVisible();
  await expect(page.getByText('Nothing to pay: every row of this file is paid already.')).toBeVisible();
  await expect(payButton(page)).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Rows to pay' });
  await expect(table.getByRole('row').filter({ hasText: 'Already paid' }).first()).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', '49');
  expect(posts()).toBe(48);
  expect(await batchTransfers(page, tenant)).toHaveLength(48);

  // Paying them again is a choice that says how many, and it makes payments of their own.
  await page.getByLabel('Pay again as new payments: the 48 rows already paid', { exact: true }).check();
  expect(await authorizeAndPay(page)).toBe(`Pay 48 payments (${dollars})`);
  await expect(summary(page)).toHaveText('48 created · 0 already paid · 0 refused · 0 unknown');
  expect(await batchTransfers(page, tenant)).toHaveLength(96);
});

test('a 200-row run on a slow service, the page reloaded mid-run and the file chosen again: exactly 200 payments', async ({
  signedIn: page,
  tenant,
}) => {
  test.slow(); // a 200-row file on a slow service, paid, reloaded mid-run and paid again
  // $22,099.00 in all: above a test tenant's approval limit, which this spec does not test.
  await approvalsOff(page.request, tenant);
  const csv = paymentsCsv(tenant, 200);
  await armFault(page, tenant, { method: 'POST', path_prefix: '/v2/payments', delay_ms: 120, times: 1000 });
  await openBatchPayments(page);
  await chooseFile(page, 'december.csv', csv);
  await authorizeAndPay(page);
  const progress = page.getByRole('progressbar', { name: 'Payments sent' });
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(40);

  // Leaving asks first; the browser's own prompt for a reload, accepted here.
  page.once('dialog', (dialog) => dialog.accept());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Batch payments', exact: true })).toBeVisible();
  await chooseFile(page, 'december.csv', csv);
  const before = (await batchTransfers(page, tenant)).length;
  expect(before).toBeGreaterThanOrEqual(40);
  expect(before).toBeLessThan(200);
  await expect(page.getByText(/rows? of this file (was|were) paid in the last 24 hours/)).toBeVisible();
  await authorizeAndPay(page);
  await expect(summary(page)).toContainText(' created · ', { timeout: 30_000 });
  await expect(summary(page)).toContainText('0 refused · 0 unknown');
  expect(await batchTransfers(page, tenant)).toHaveLength(200);
});

test('a storm of 429s: the run waits as told, then finishes every row', async ({
  signedIn: page,
  tenant,
}) => {
  test.slow(); // a run that waits out a dozen Retry-After answers
  await armFault(page, tenant, { method: 'POST', path_prefix: '/v2/payments', status: 429, times: 12 });
  await openBatchPayments(page);
  await chooseFile(page, 'storm.csv', paymentsCsv(tenant, 20));
  const posts = countPaymentPosts(page);
  await authorizeAndPay(page);
  await expect(summary(page)).toHaveText('20 created · 0 already paid · 0 refused · 0 unknown', {
    timeout: 20_000,
  });
  expect(posts()).toBe(32);
  expect(await batchTransfers(page, tenant)).toHaveLength(20);
});

test('connections dropped after the payments are made: each row is unknown, looked up, and not paid twice', async ({
  signedIn: page,
  tenant,
}) => {
  await openBatchPayments(page);
  await chooseFile(page, 'dropped.csv', paymentsCsv(tenant, 10));
  // Every answer is lost (the browser's own retries of a dropped POST too): the payments exist, the console cannot know.
  await armFault(page, tenant, {
    method: 'POST',
    path_prefix: '/v2/payments',
    drop: 'after-commit',
    times: 100,
  });
  const posts = countPaymentPosts(page);
  let lookups = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v2/transfers' && !url.searchParams.has('start_date')) lookups++;
  });
  await authorizeAndPay(page);
  await expect(summary(page)).toHaveText('10 created · 0 already paid · 0 refused · 0 unknown');
  // Each row was sent once, then found by its request id: no second request, no second payment.
  expect(posts()).toBe(10);
  expect(lookups).toBeGreaterThanOrEqual(10);
  expect(await batchTransfers(page, tenant)).toHaveLength(10);
});

test('hostile files get a clear message, and nothing is sent', async ({ signedIn: page, tenant }) => {
  await openBatchPayments(page);
  const posts = countPaymentPosts(page);
  const problem = page.getByRole('alert');

  await chooseFile(
    page,
    'formulas.csv',
    'user_email,amount,account_number,routing_number\r\n=HYPERLINK("http://x"),10,123456789,021000021\r\n@SUM(A1),+cmd,123456789,021000021\r\n',
  );
  await expect(problem).toContainText('Row 2, user_email: starts with "=" like a spreadsheet formula');
  await expect(problem).toContainText('Row 3, amount: starts with "+" like a spreadsheet formula');
  await expect(problem).toContainText('No row can be paid as it is');
  await expect(page.getByRole('button', { name: /^Skip/ })).toHaveCount(0);

  const huge = paymentsCsv(tenant, 10_000);
  expect(huge.length).toBeLessThan(1024 * 1024);
  await chooseFile(page, 'huge.csv', huge);
  await expect(problem).toHaveText(/huge\.csv cannot be used.*10,000 payments; a file is at most 1,000/);

  await chooseFile(
    page,
    'invoice.xlsx',
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]),
  );
  await expect(problem).toContainText('This is not a CSV file');

  await chooseFile(page, 'export.csv', 'name,iban,sum\r\nAda,DE89370400440532013000,10\r\n');
  await expect(problem).toContainText('Unknown columns "name", "iban", "sum"');

  await chooseFile(page, 'big.csv', Buffer.alloc(1024 * 1024 + 1, 'a'));
  await expect(problem).toContainText('a payments file is at most 1 MiB');

  expect(posts()).toBe(0);
  expect(await batchTransfers(page, tenant)).toHaveLength(0);
});

test('leaving the page while a batch is sending asks first, and staying keeps it going', async ({
  signedIn: page,
  tenant,
}) => {
  test.slow(); // a run on a service that answers each row a second late
  await armFault(page, tenant, { method: 'POST', path_prefix: '/v2/payments', delay_ms: 1000, times: 1000 });
  await openBatchPayments(page);
  await chooseFile(page, 'slow.csv', paymentsCsv(tenant, 24));
  await authorizeAndPay(page);
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  const asked = page.waitForEvent('dialog');
  page.once('dialog', (dialog) => dialog.dismiss());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  expect((await asked).message()).toContain('Payments are still being sent');
  await expect(page.getByRole('heading', { name: 'Batch payments', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(summary(page)).toContainText('not sent');
  const text = (await summary(page).textContent()) ?? '';
  const created = Number(/^(\d+) created/.exec(text)?.[1]);
  expect(await batchTransfers(page, tenant)).toHaveLength(created);
  expect(created).toBeLessThan(24);
});

test(`the page passes axe with row errors, the review and the results, light and dark`, async ({
  signedIn: page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await openBatchPayments(page);
  await expectNoAxeViolationsInBothSchemes(page);
  let csv = paymentsCsv(tenant, 6);
  csv = withRow(csv, 3, `${csv.split('\r\n')[1]}`);
  csv = withRow(csv, 5, 'nobody@example.com,,,5.00,,123456789,021000021,INV-x');
  await chooseFile(page, 'axe.csv', csv);
  await expect(page.getByRole('list', { name: 'Row errors' })).toContainText(
    'Row 5, user_email: no user has this email',
  );
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByRole('button', { name: 'Skip 1 row with errors', exact: true }).click();
  await expect(page.getByText('Row 3 repeats row 2: the same payer, amount and account')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByLabel('Also pay the 1 repeated row', { exact: true }).check();
  await authorizeAndPay(page);
  await expect(summary(page)).toHaveText('5 created · 0 already paid · 0 refused · 0 unknown');
  await expectNoAxeViolationsInBothSchemes(page);
});

test(
  'an idle sign-out takes the file and its account numbers with it',
  OWN_CONTEXT,
  async ({ page, tenant }) => {
    await page.clock.install();
    await signIn(page, tenant);
    await openBatchPayments(page);
    await chooseFile(page, 'idle.csv', paymentsCsv(tenant, 3));
    await expect(page.getByRole('table', { name: 'Rows to pay' })).toContainText('•••• 0000');

    await page.clock.fastForward('15:01');
    const signInAgain = page.getByRole('dialog', { name: 'Sign in again' });
    await signInAgain.getByLabel('Password', { exact: true }).fill(memberOf(tenant, 'finance').password);
    await signInAgain.getByRole('button', { name: 'Sign in' }).click();
    await expect(signInAgain).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Rows to pay' })).toHaveCount(0);
    await expect(page.getByLabel('Payments file', { exact: true })).toBeAttached();
    expect(await batchTransfers(page, tenant)).toHaveLength(0);
  },
);
