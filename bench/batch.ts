import { type Browser, chromium } from '@playwright/test';
import { chooseFile, openBatchPayments, paymentsCsv } from '../e2e/batch-file';
import { chromiumExecutablePath } from '../scripts/chromium-path.mjs';
import {
  armTimer,
  type Distribution,
  distribution,
  elapsed,
  FILE_WAIT_MS,
  progressBar,
  signIn,
  WAIT_MS,
} from './browser';
import { makeTenant } from './lib';

export interface BatchResult {
  rows: number;
  payers: number;
  /** File chosen → every row read and checked by the form's rules, in the browser (the service is asked next). */
  rules: Distribution;
  /** File chosen → the review (read, every row checked, payers and accounts found, the last day read). */
  check: Distribution;
  /** Pay clicked → the results line, every row answered. */
  pay: Distribution;
  /** Payments a second, over the pay time's median. */
  paymentsPerSecond: number;
}

/**
 * A month's collections: a file of `rows` payments from a tenant of 200 people, a third each by email, by stored
 * account and for a customer by bank details, checked and paid in Chromium against the local sandbox.
 */
export async function runBatchBenchmarks(url: string, runs = 3, rows = 1000): Promise<BatchResult> {
  const executablePath = chromiumExecutablePath();
  const browser: Browser = await chromium.launch(executablePath ? { executablePath } : {});
  const rules: number[] = [];
  const check: number[] = [];
  const pay: number[] = [];
  let payers = 0;
  try {
    for (let run = 0; run < runs; run++) {
      const created = await makeTenant(url, { users: 200, approval_limit_cents: null });
      // People with an account on file and an email of their own, not disabled, as a billing system's export has them.
      const emails = new Map<string, number>();
      for (const user of created.users) emails.set(user.email, (emails.get(user.email) ?? 0) + 1);
      const tenant = {
        ...created,
        users: created.users.filter(
          (u) => u.payout_methods.length > 0 && emails.get(u.email) === 1 && u.status !== 'disabled',
        ),
      };
      payers = Math.min(rows, tenant.users.length) + 1;
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${url}/sign-in`);
      await signIn(page, tenant);
      await openBatchPayments(page);

      await armTimer(
        page,
        { event: 'input', text: 'Payments file' },
        `Boolean(document.querySelector('table[aria-label="Batch summary"]'))`,
        'the table "Batch summary"',
      );
      await chooseFile(page, `collections-${run}.csv`, paymentsCsv(tenant, rows));
      check.push(await elapsed(page, FILE_WAIT_MS));
      // The same file again: until the console turns to the service, all of it is in the browser.
      await armTimer(
        page,
        { event: 'input', text: 'Payments file' },
        `[...document.querySelectorAll('[role="status"]')].some((e) => e.textContent.includes('Finding the payers'))`,
        'a status saying "Finding the payers"',
      );
      await chooseFile(page, `collections-${run}.csv`, paymentsCsv(tenant, rows));
      rules.push(await elapsed(page));
      await page.getByRole('table', { name: 'Batch summary' }).waitFor();

      // A payer who paid the same amount today is possible in a tenant with history: tick the warnings as an
      // operator would after reading them.
      for (const warning of await page.getByLabel(/^Also pay the /).all()) await warning.check();
      await page.getByLabel('Payers authorized these debits', { exact: true }).check();
      const button = page.getByRole('button', { name: /^Pay [\d,]+ payments/ });
      const words = (await button.textContent()) ?? '';
      await armTimer(
        page,
        { event: 'click', text: words },
        `[...document.querySelectorAll('[role="status"]')].some((e) => / created · /.test(e.textContent))`,
        'a status saying "… created · …" (every row answered)',
      );
      await button.click();
      // A thousand payments on a busy machine take minutes; a run that stops answering rows is broken at once.
      pay.push(
        await elapsed(page, FILE_WAIT_MS, { progress: progressBar('Payments sent'), stallMs: WAIT_MS }),
      );
      const summary = await page
        .getByRole('status')
        .filter({ hasText: / created · / })
        .textContent();
      if (!summary?.startsWith(`${rows.toLocaleString('en-US')} created`)) {
        throw new Error(`The batch did not pay every row: ${summary}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const payTime = distribution(pay);
  return {
    rows,
    payers,
    rules: distribution(rules),
    check: distribution(check),
    pay: payTime,
    paymentsPerSecond: Math.round((rows / payTime.median) * 1000),
  };
}
