import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromiumExecutablePath } from '../scripts/chromium-path.mjs';
import { financeOf, makeTenant } from './lib';

export type Profile = 'desktop' | 'mobile';

export interface PageScores {
  page: string;
  profile: Profile;
  /** The median run's scores (by performance). */
  scores: Record<string, number>;
  /** Performance of every run, in the order run. */
  performanceRuns: number[];
  /** Per category below 100: the audits that cost it points, by title. */
  holdingBack: Record<string, string[]>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/**
 * Lighthouse's own advice for a figure that varies from run to run: the median of several runs. Every run's score
 * is kept too. Desktop is the target (operators use desktop browsers); the mobile profile is reported once.
 */
const DESKTOP_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/**
 * What the smoke mode asks of Lighthouse (BenchPlan.lighthouseQuick): short pauses after the first paint and the load
 * and short quiet windows (a quarter of the defaults; none at all loses the paint on a busy machine: NO_FCP), and no
 * full-page screenshot. The CPU is never quiet while the smoke's other lane loads the servers, so the load is waited
 * for at most 5 s (45 s by default: a whole smoke's worth); and the back/forward cache's audit, which loads the page
 * a second time, is left out.
 */
export const QUICK_FLAGS = {
  pauseAfterFcpMs: 250,
  pauseAfterLoadMs: 250,
  networkQuietThresholdMs: 250,
  cpuQuietThresholdMs: 250,
  maxWaitForLoad: 5_000,
  disableFullPageScreenshot: true,
  skipAudits: ['bf-cache'],
};

export type QuickFlags = Partial<typeof QUICK_FLAGS>;

/** The page audited several times, each with an empty HTTP cache (storage, and so the session, stays). */
export async function audit(
  page: Page,
  url: string,
  name: string,
  profile: Profile,
  desktopRuns = DESKTOP_RUNS,
  quick: QuickFlags = {},
): Promise<PageScores> {
  const runs: PageScores[] = [];
  const cdp = await page.createCDPSession();
  for (let run = 0; run < (profile === 'desktop' ? desktopRuns : 1); run++) {
    await cdp.send('Network.clearBrowserCache');
    runs.push(await auditWithRetry(page, url, name, profile, quick));
  }
  const byPerformance = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = byPerformance[Math.floor(byPerformance.length / 2)] as PageScores;
  return { ...median, performanceRuns: runs.map((r) => r.scores.performance ?? 0) };
}

/**
 * One audit, tried up to three times: a first run in a just-started browser sometimes fails to load the page in
 * time, and on a busy host Lighthouse now and then fails to record the load's trace (NO_NAVSTART) twice running.
 */
async function auditWithRetry(
  page: Page,
  url: string,
  name: string,
  profile: Profile,
  quick: QuickFlags,
  attempts = 3,
): Promise<PageScores> {
  try {
    return await auditOnce(page, url, name, profile, quick);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.warn(`${(error as Error).message}; trying again`);
    return auditWithRetry(page, url, name, profile, quick, attempts - 1);
  }
}

async function auditOnce(
  page: Page,
  url: string,
  name: string,
  profile: Profile,
  quick: QuickFlags,
): Promise<PageScores> {
  // Storage is kept so that a signed-in page stays signed in: the session lives in this tab's sessionStorage.
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true, ...quick },
    profile === 'desktop' ? (desktopConfig as Config) : undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores: Record<string, number> = {};
  const holdingBack: Record<string, string[]> = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    scores[id] = Math.round((category.score ?? 0) * 100);
    if (scores[id] < 100) {
      holdingBack[id] = category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1)
        .map((a) => `${a?.title} (${a?.displayValue ?? Math.round((a?.score ?? 0) * 100)})`);
    }
  }
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  return {
    page: name,
    profile,
    scores,
    performanceRuns: [scores.performance ?? 0],
    holdingBack,
    metrics: {
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    },
  };
}

/** A headless Chromium for Lighthouse. */
export function launchBrowser() {
  return puppeteer.launch({
    executablePath: chromiumExecutablePath() ?? '/usr/bin/chromium',
    headless: true,
    // As root (a CI container), Chromium starts only without its sandbox; Playwright does the same.
    args: [
      '--no-first-run',
      '--disable-background-networking',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  });
}

/** Lighthouse (desktop, then mobile, of `profiles`) on the sign-in page, and on Create payment once signed in. */
export async function runLighthouse(
  url: string,
  desktopRuns = DESKTOP_RUNS,
  quick: QuickFlags = {},
  profiles: readonly Profile[] = ['desktop', 'mobile'],
): Promise<PageScores[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const results: PageScores[] = [];
    for (const profile of profiles) {
      results.push(await audit(page, `${url}/sign-in`, 'Sign in', profile, desktopRuns, quick));
    }
    const tenant = await makeTenant(url);
    await page.goto(`${url}/sign-in`);
    await page.locator('input[autocomplete="username"]').fill(financeOf(tenant).email);
    await page.locator('input[autocomplete="current-password"]').fill(financeOf(tenant).password);
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => document.querySelector('nav[aria-label="Main"]') !== null);
    // Storage stays (the session); each run clears the HTTP cache, so the page's code comes as on a first visit.
    for (const profile of profiles) {
      results.push(await audit(page, `${url}/payments/new`, 'Create payment', profile, desktopRuns, quick));
    }
    return results;
  } finally {
    await browser.close();
  }
}
