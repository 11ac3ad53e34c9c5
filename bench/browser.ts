import { type Browser, chromium, type Page } from '@playwright/test';
import { fillBankAccount, openAuthorizedReview, openCreatePayment, pickById } from '../e2e/payment-form';
import { gzipKiB, recordAssets } from '../scripts/asset-bytes.mjs';
import { chromiumExecutablePath } from '../scripts/chromium-path.mjs';
import { financeOf, makeTenant, type Tenant } from './lib';

export interface Distribution {
  runs: number;
  median: number;
  p95: number;
}

export interface BrowserResult {
  bytes: {
    signIn: { js: number; css: number };
    createPaymentAdds: { js: number; css: number };
  };
  coldLoadToSignInForm: Distribution;
  signInToShell: Distribution;
  /** The session's first payment: the transfer page's code arrives and runs for the first time. */
  confirmToRenderedTransfer: Distribution;
  /** A later payment in the same session. */
  confirmToRenderedTransferAgain: Distribution;
  userIdToStoredAccounts: Distribution;
}

export function distribution(samples: number[]): Distribution {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
  return { runs: sorted.length, median: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10 };
}

/** How long a measurement waits for what it times before it fails, naming what it waited for. */
export const WAIT_MS = Number(process.env.BENCH_WAIT_MS ?? 30_000);
/**
 * The same for a whole file checked or paid (a thousand rows asked of the service): its budget is a minute, and a
 * machine shared with other work takes several times that; past this bound it is broken, not slow.
 */
export const FILE_WAIT_MS = Number(process.env.BENCH_FILE_WAIT_MS ?? 300_000);

/** A measurement whose awaited result did not come within its bound: the message names what was awaited. */
export class WaitTimedOut extends Error {
  override name = 'WaitTimedOut';
}

/**
 * Times from a user's action to what it shows, measured inside the page: the click (or input) is stamped by a
 * capturing listener, and a MutationObserver stamps the first DOM change after which `done` holds. Both are
 * performance.now() of the page, so the test driver's own latency is not in the figure. `waitingFor` says in words
 * what `done` looks for: `elapsed` names it when it does not come. The script is text: the TypeScript loader would
 * otherwise add helpers to a function that the page does not have.
 */
export async function armTimer(
  page: Page,
  start: { event: 'click' | 'input'; text: string },
  done: string,
  waitingFor: string,
) {
  await page.evaluate(`(() => {
    const start = ${JSON.stringify(start)};
    window.__waitingFor = ${JSON.stringify(`${waitingFor} (after ${start.event === 'click' ? 'clicking' : 'filling'} "${start.text}")`)};
    window.__elapsed = new Promise((resolve) => {
      let startedAt;
      const onStart = (event) => {
        const target = event.target;
        const text = start.event === 'click'
          ? target.closest('button')?.textContent
          : target.labels?.[0]?.textContent;
        if (text?.includes(start.text) && startedAt === undefined) startedAt = performance.now();
      };
      document.addEventListener(start.event, onStart, { capture: true });
      const observer = new MutationObserver(() => {
        if (startedAt !== undefined && (${done})) {
          observer.disconnect();
          document.removeEventListener(start.event, onStart, { capture: true });
          resolve(performance.now() - startedAt);
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  })()`);
}

/** Stamps, from the first byte of the document on, when the sign-in form can be used. */
const SIGN_IN_READY = `(() => {
  const observer = new MutationObserver(() => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Sign in');
    if (button && !button.disabled && document.querySelector('input')) {
      window.__signInReady = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})()`;

/**
 * A long wait that is judged by its progress: `progress` is an expression of the page (the rows answered so far) read
 * every quarter second; when it has not changed for `stallMs`, the wait fails at once, saying where it stopped.
 */
export interface Progress {
  progress: string;
  stallMs: number;
}

/** The progress of a file's run: what its bar (RowsProgressBar) reads out, "12 of 1000 sent". */
export function progressBar(label: string): string {
  return `document.querySelector('[role="progressbar"][aria-label=${JSON.stringify(label)}]')?.getAttribute('aria-valuetext')`;
}

/**
 * The time `armTimer` measured, waiting at most `boundMs` (in the page, so that it answers, and again here, so that a
 * page that no longer answers cannot hold the run): past it, a WaitTimedOut that names what was awaited. With
 * `moving`, it fails sooner when the page's progress stands still for its `stallMs`.
 */
export async function elapsed(page: Page, boundMs = WAIT_MS, moving?: Progress): Promise<number> {
  const stalled = moving
    ? `new Promise((resolve) => {
        const progress = () => String(${moving.progress});
        let last = progress();
        let changedAt = performance.now();
        const timer = setInterval(() => {
          const now = progress();
          if (now !== last) {
            last = now;
            changedAt = performance.now();
          } else if (performance.now() - changedAt > ${moving.stallMs}) {
            clearInterval(timer);
            resolve({ stalledAt: last });
          }
        }, 250);
        window.__elapsed.then(() => clearInterval(timer));
      }),`
    : '';
  type Outcome = { ms?: number; waitingFor?: string; stalledAt?: string };
  const inPage = page.evaluate(`Promise.race([
    window.__elapsed.then((ms) => ({ ms })),
    ${stalled}
    new Promise((resolve) => setTimeout(() => resolve({ waitingFor: window.__waitingFor }), ${boundMs})),
  ]).then((outcome) => ({ waitingFor: window.__waitingFor, ...outcome }))`) as Promise<Outcome>;
  // The page may close while this waits; the race below has then already answered.
  inPage.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    inPage,
    new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ waitingFor: 'the page to answer at all' }), boundMs + 10_000);
    }),
  ]).finally(() => clearTimeout(timer));
  if (typeof outcome.ms === 'number') return outcome.ms;
  if (moving && outcome.stalledAt !== undefined) {
    throw new WaitTimedOut(
      `waited for ${outcome.waitingFor}; nothing moved for ${moving.stallMs / 1000} s, stopped at "${outcome.stalledAt}"`,
    );
  }
  throw new WaitTimedOut(
    `waited ${boundMs / 1000} s for ${outcome.waitingFor ?? 'a timed result'}; it did not come`,
  );
}

export async function signIn(page: Page, tenant: Tenant) {
  const member = financeOf(tenant);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await armTimer(
    page,
    { event: 'click', text: 'Sign in' },
    `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'Overview')`,
    'the heading "Overview"',
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  return elapsed(page);
}

/** Bytes of a first visit: the sign-in page, and what opening Create payment adds. */
async function measureBytes(browser: Browser, url: string): Promise<BrowserResult['bytes']> {
  const tenant = await makeTenant(url);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const assets = recordAssets(page);
    await page.goto(`${url}/sign-in`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const signInAssets = assets();
    await signIn(page, tenant);
    const beforePayments = new Set(assets());
    await openCreatePayment(page);
    await page.waitForLoadState('networkidle');
    return {
      signIn: gzipKiB(signInAssets),
      createPaymentAdds: gzipKiB(assets().filter((path) => !beforePayments.has(path))),
    };
  } finally {
    await context.close();
  }
}

/** Pays `dollars` from bank details and returns the time from the confirm click to the rendered transfer. */
async function timeConfirm(page: Page, dollars: string): Promise<number> {
  await page.getByRole('radio', { name: 'Bank account' }).check();
  await page.getByLabel('Amount (USD)').fill(dollars);
  await fillBankAccount(page, '123456789');
  const dialog = await openAuthorizedReview(page);
  await armTimer(
    page,
    { event: 'click', text: `Confirm payment of $${dollars}` },
    `Boolean(document.querySelector('table[aria-label="Transactions"] tbody tr'))`,
    'a row of the table "Transactions" on the new transfer',
  );
  await dialog.getByRole('button', { name: `Confirm payment of $${dollars}` }).click();
  return elapsed(page);
}

/** Everything measured in a real Chromium against the console server at `url` (its embedded sandbox). */
export async function runBrowserBenchmarks(url: string, runs = 20): Promise<BrowserResult> {
  const executablePath = chromiumExecutablePath();
  const browser: Browser = await chromium.launch(executablePath ? { executablePath } : {});
  const samples = {
    cold: [] as number[],
    shell: [] as number[],
    confirm: [] as number[],
    confirmAgain: [] as number[],
    accounts: [] as number[],
  };
  let bytes: BrowserResult['bytes'] | undefined;
  try {
    bytes = await measureBytes(browser, url);
    for (let run = 0; run < runs; run++) {
      const tenant = await makeTenant(url);
      const user = tenant.users[0];
      if (!user) throw new Error('The tenant has no user');
      // A new context each run: an empty cache, as a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(SIGN_IN_READY);
      await page.goto(`${url}/sign-in`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      samples.cold.push((await page.evaluate('window.__signInReady')) as number);
      await page.waitForLoadState('networkidle');

      samples.shell.push(await signIn(page, tenant));
      await openCreatePayment(page);
      await page.waitForLoadState('networkidle');

      await page.getByRole('radio', { name: 'Stored account' }).check();
      await armTimer(
        page,
        { event: 'input', text: 'User' },
        `Boolean(document.querySelector('input[placeholder="Choose an account"]:not([disabled])'))`,
        'the stored accounts\' picker ("Choose an account") enabled',
      );
      await page.getByLabel('User', { exact: true }).fill(user.id);
      samples.accounts.push(await elapsed(page));

      samples.confirm.push(await timeConfirm(page, '12.34'));
      await openCreatePayment(page);
      await pickById(page, 'User', user.id);
      // Another amount: the same one again would be flagged as a possible duplicate first.
      samples.confirmAgain.push(await timeConfirm(page, '56.78'));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    bytes: bytes as BrowserResult['bytes'],
    coldLoadToSignInForm: distribution(samples.cold),
    signInToShell: distribution(samples.shell),
    confirmToRenderedTransfer: distribution(samples.confirm),
    confirmToRenderedTransferAgain: distribution(samples.confirmAgain),
    userIdToStoredAccounts: distribution(samples.accounts),
  };
}
