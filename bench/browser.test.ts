import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutablePath } from '../scripts/chromium-path.mjs';
import { armTimer, elapsed, WaitTimedOut } from './browser';

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
});
