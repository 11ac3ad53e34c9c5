import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutablePath } from '../scripts/chromium-path.mjs';
import { armTimer, elapsed, progressBar, WaitTimedOut } from './browser';

describe('a timed step in a page', () => {
  let browser: Browser;
  beforeAll(async () => {
    // A cold Chromium on a busy two-core runner takes well over the default hook bound to start.
    const executablePath = chromiumExecutablePath();
    browser = await chromium.launch(executablePath ? { executablePath } : {});
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('fails within its bound, naming what it waited for, when what it times never shows', async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<button>Confirm payment of $12.34</button><table aria-label="Transactions"></table>',
    );
    await armTimer(
      page,
      { event: 'click', text: 'Confirm payment of $12.34' },
      `Boolean(document.querySelector('table[aria-label="Transactions"] tbody tr'))`,
      'a row of the table "Transactions" on the new transfer',
    );
    await page.getByRole('button', { name: 'Confirm payment of $12.34' }).click();
    const waited = elapsed(page, 300);

    await expect(waited).rejects.toThrow(WaitTimedOut);
    await expect(waited).rejects.toThrow(
      'waited 0.3 s for a row of the table "Transactions" on the new transfer (after clicking "Confirm payment of $12.34")',
    );
    await page.close();
  });

  it('answers the time from the action to what it shows when it does show', async () => {
    const page = await browser.newPage();
    await page.setContent(
      `<button onclick="setTimeout(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'Done' })), 20)">Go</button>`,
    );
    await armTimer(
      page,
      { event: 'click', text: 'Go' },
      `[...document.querySelectorAll('p')].some((p) => p.textContent === 'Done')`,
      'the paragraph "Done"',
    );
    await page.getByRole('button', { name: 'Go' }).click();

    expect(await elapsed(page, 5_000)).toBeGreaterThanOrEqual(15);
    await page.close();
  });

  // A bar that counts rows every 50 ms once Pay is clicked, up to `stopAt`; at `finishAt`, the page says "Done".
  async function rowsPage(stopAt: number, finishAt: number) {
    const page = await browser.newPage();
    await page.setContent(
      '<button>Pay</button><div role="progressbar" aria-label="Payments sent" aria-valuetext="0 of 40 sent"></div>',
    );
    await page.evaluate(`document.querySelector('button').addEventListener('click', () => {
      let rows = 0;
      const timer = setInterval(() => {
        if (rows === ${stopAt}) return clearInterval(timer);
        rows++;
        document.querySelector('[role=progressbar]').setAttribute('aria-valuetext', rows + ' of 40 sent');
        if (rows === ${finishAt}) document.body.append(Object.assign(document.createElement('p'), { textContent: 'Done' }));
      }, 50);
    })`);
    return page;
  }

  it('fails as soon as the progress it follows stands still, saying where it stopped, long before its bound', async () => {
    const page = await rowsPage(5, 40);
    await armTimer(
      page,
      { event: 'click', text: 'Pay' },
      `Boolean(document.querySelector('p'))`,
      'the word "Done"',
    );
    await page.getByRole('button', { name: 'Pay' }).click();
    const started = Date.now();
    const waited = elapsed(page, 60_000, { progress: progressBar('Payments sent'), stallMs: 1_000 });

    await expect(waited).rejects.toThrow(
      'waited for the word "Done" (after clicking "Pay"); nothing moved for 1 s, stopped at "5 of 40 sent"',
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    await page.close();
  });

  it('keeps waiting while the progress moves, past its stall bound, until what it times shows', async () => {
    const page = await rowsPage(40, 40);
    await armTimer(
      page,
      { event: 'click', text: 'Pay' },
      `Boolean(document.querySelector('p'))`,
      'the word "Done"',
    );
    await page.getByRole('button', { name: 'Pay' }).click();

    // 40 rows at one each 50 ms take about 2 s: twice the stall bound, never standing still that long.
    expect(
      await elapsed(page, 60_000, { progress: progressBar('Payments sent'), stallMs: 1_000 }),
    ).toBeGreaterThanOrEqual(1_500);
    await page.close();
  });
});
