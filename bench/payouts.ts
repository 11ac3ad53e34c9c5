import { type Browser, chromium, type Page } from '@playwright/test';
import { pickById } from '../e2e/payment-form';
import { chromiumExecutablePath } from '../scripts/chromium-path.mjs';
import { armTimer, type Distribution, distribution, elapsed, FILE_WAIT_MS, signIn } from './browser';
import { makeTenant, type Tenant } from './lib';

export interface PayoutsResult {
  /** Send clicked → the transfer with its transactions (the session's first payout, a later one). */
  sendToTransfer: Distribution;
  sendToTransferAgain: Distribution;
  rows: number;
  payees: number;
  /** File chosen → every row read and checked by the rules, in the browser. */
  rules: Distribution;
  /** File chosen → the review (payees and their methods found, the last day read). */
  check: Distribution;
  /** Pay clicked → every row's result shown (the batch paid by the service, followed to its end). */
  pay: Distribution;
}

/** "12.34" for a run: every payout a different amount. */
const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

async function timeSend(page: Page, userId: string, cents: number): Promise<number> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Send payout' }).click();
  await pickById(page, 'Payee', userId);
  await page.getByRole('radio', { name: /^PayPal / }).check();
  await page.getByLabel('Amount (USD)', { exact: true }).fill(dollars(cents));
  await page.getByRole('button', { name: 'Review payout', exact: true }).click();
  const label = `Send payout of $${dollars(cents)}`;
  await armTimer(
    page,
    { event: 'click', text: label },
    `Boolean(document.querySelector('table[aria-label="Transactions"] tbody tr'))`,
    'a row of the table "Transactions" on the new payout',
  );
  await page.getByRole('dialog', { name: 'Review payout' }).getByRole('button', { name: label }).click();
  return elapsed(page);
}

/** A week's payouts: each of the tenant's users with a bank account in turn, to that account. */
function payoutsCsv(tenant: Tenant, rows: number): string {
  const payees = tenant.users.filter((u) => u.payout_methods.length > 0 && u.status !== 'disabled');
  const lines = ['user_id,amount,platform,account_id,metadata.invoice'];
  for (let i = 0; i < rows; i++) {
    const payee = payees[i % payees.length];
    lines.push(`${payee?.id},${dollars(100 + i)},ach,${payee?.payout_methods[0]?.id},PO-${i}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Send payout, and a 1,000-row payouts file checked and paid, in Chromium against the local sandbox. */
export async function runPayoutBenchmarks(
  url: string,
  runs = 20,
  fileRuns = 3,
  rows = 1000,
): Promise<PayoutsResult> {
  const executablePath = chromiumExecutablePath();
  const browser: Browser = await chromium.launch(executablePath ? { executablePath } : {});
  const send: number[] = [];
  const sendAgain: number[] = [];
  const rules: number[] = [];
  const check: number[] = [];
  const pay: number[] = [];
  let payees = 0;
  try {
    for (let run = 0; run < runs; run++) {
      const tenant = await makeTenant(url, { approval_limit_cents: null });
      const seller = tenant.users[1];
      if (!seller) throw new Error('The tenant has no second user');
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${url}/sign-in`);
      await signIn(page, tenant);
      send.push(await timeSend(page, seller.id, 1_234 + run));
      sendAgain.push(await timeSend(page, seller.id, 5_678 + run));
      await context.close();
    }
    for (let run = 0; run < fileRuns; run++) {
      const tenant = await makeTenant(url, { users: 200, approval_limit_cents: null });
      payees = Math.min(
        rows,
        tenant.users.filter((u) => u.payout_methods.length > 0 && u.status !== 'disabled').length,
      );
      const csv = Buffer.from(payoutsCsv(tenant, rows));
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${url}/sign-in`);
      await signIn(page, tenant);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Pay out from a file' })
        .click();
      const choose = () =>
        page
          .getByLabel('Payouts file', { exact: true })
          .setInputFiles({ name: `week-${run}.csv`, mimeType: 'text/csv', buffer: csv });
      await armTimer(
        page,
        { event: 'input', text: 'Payouts file' },
        `Boolean(document.querySelector('section[aria-label="Review"]'))`,
        'the region "Review"',
      );
      await choose();
      check.push(await elapsed(page, FILE_WAIT_MS));
      // The same file again: until the console turns to the service, all of it is in the browser.
      await armTimer(
        page,
        { event: 'input', text: 'Payouts file' },
        `[...document.querySelectorAll('[role="status"]')].some((e) => e.textContent.includes('Finding the payees'))`,
        'a status saying "Finding the payees"',
      );
      await choose();
      rules.push(await elapsed(page));
      await page.getByRole('region', { name: 'Review' }).waitFor();
      const button = page.getByRole('button', { name: /^Pay [\d,]+ payouts/ });
      await button.waitFor();
      const words = (await button.textContent()) ?? '';
      await armTimer(
        page,
        { event: 'click', text: words },
        `[...document.querySelectorAll('[role="status"]')].some((e) => / paid before · /.test(e.textContent))`,
        'a status saying "… paid before · …" (every row\'s result)',
      );
      await button.click();
      pay.push(await elapsed(page, FILE_WAIT_MS));
      const summary = await page
        .getByRole('status')
        .filter({ hasText: / paid before · / })
        .textContent();
      if (!summary?.startsWith(`${rows.toLocaleString('en-US')} paid`)) {
        throw new Error(`The payouts file did not pay every row: ${summary}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    sendToTransfer: distribution(send),
    sendToTransferAgain: distribution(sendAgain),
    rows,
    payees,
    rules: distribution(rules),
    check: distribution(check),
    pay: distribution(pay),
  };
}
