import type { Page } from '@playwright/test';
import { ROUTE_TABLE } from '../src/app/route-table';
import { expect, signIn, test } from './fixtures';

/*
 * A first visit paints the page that is coming before the console's code has arrived (src/server/paint-first.ts):
 * the sign-in page's heading and opening sentence, or the shell's outline with the page's heading. The app then puts
 * the same text in the same place, so the page's largest text is painted once, early, and nothing moves.
 */

/** Where a text is drawn: the box of its glyphs, not of its element. */
async function textBox(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
  });
}

/** The page as painted with none of its code: every script request refused, until the test lets them through. */
async function withoutCode(page: Page, path: string) {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  return () => page.unroute('**/assets/*.js');
}

const PAGES = [
  {
    name: 'the sign-in page',
    path: '/sign-in',
    signedIn: false,
    texts: [
      { placeholder: '#boot h1', app: '#root main h1', text: 'Payout Console' },
      { placeholder: '#boot p >> nth=0', app: '#root main p', text: 'Sign in with your organization' },
    ],
    ready: (page: Page) => page.getByRole('button', { name: 'Sign in' }),
  },
  {
    name: 'Create payment',
    path: '/payments/new',
    signedIn: true,
    texts: [{ placeholder: '#boot h1', app: '#root main h1', text: 'Create payment' }],
    ready: (page: Page) => page.getByRole('button', { name: 'Review payment' }),
  },
];

for (const shown of PAGES) {
  test(`${shown.name}: painted before its code arrives, then drawn by the app in the same place`, async ({
    page,
    tenant,
  }) => {
    if (shown.signedIn) await signIn(page, tenant);
    const letCodeThrough = await withoutCode(page, shown.path);
    const painted = [];
    for (const text of shown.texts) {
      await expect(page.locator(text.placeholder)).toContainText(text.text);
      painted.push(await textBox(page, text.placeholder));
    }
    await letCodeThrough();

    await page.goto(shown.path);
    await expect(shown.ready(page)).toBeVisible();
    await expect(page.locator('#boot')).toHaveCount(0);
    for (const [i, text] of shown.texts.entries()) {
      await expect(page.locator(text.app).first()).toContainText(text.text);
      expect(await textBox(page, `${text.app} >> nth=0`), text.text).toEqual(painted[i]);
    }
  });

  test(`${shown.name}: its largest paint is the placeholder's, not a later one`, async ({ page, tenant }) => {
    if (shown.signedIn) await signIn(page, tenant);
    // Every candidate for the largest paint, and the moment the app took the placeholder's place.
    await page.addInitScript(() => {
      const seen: { time: number; inPlaceholder: boolean | null }[] = [];
      Object.assign(window, { largestPaints: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
          seen.push({
            time: entry.startTime,
            inPlaceholder: entry.element && !!entry.element.closest('#boot'),
          });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver((_records, observer) => {
        if (document.readyState !== 'loading' && !document.getElementById('boot')) {
          Object.assign(window, { placeholderRemovedAt: performance.now() });
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(shown.path);
    await expect(shown.ready(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { paints, removedAt } = await page.evaluate(() => ({
      paints: (window as unknown as { largestPaints: { time: number; inPlaceholder: boolean | null }[] })
        .largestPaints,
      removedAt: (window as unknown as { placeholderRemovedAt?: number }).placeholderRemovedAt,
    }));
    expect(removedAt, 'the app replaced the placeholder').toBeDefined();
    expect(paints.length, 'a largest paint was reported').toBeGreaterThan(0);
    const last = paints[paints.length - 1];
    expect(last?.inPlaceholder, JSON.stringify(paints)).not.toBe(false);
    expect(last?.time ?? Number.POSITIVE_INFINITY, JSON.stringify(paints)).toBeLessThan(removedAt ?? 0);
  });

  test(`${shown.name}: asks for its styles and code only once the placeholder is painted`, async ({
    page,
    tenant,
  }) => {
    if (shown.signedIn) await signIn(page, tenant);
    await page.goto('about:blank');
    await page.goto(shown.path);
    await expect(shown.ready(page)).toBeVisible();
    const { paintedAt, requests } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      requests: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime })),
    }));
    expect(paintedAt, 'a contentful paint was reported').toBeDefined();
    expect(requests.some((r) => r.path.endsWith('.css'))).toBe(true);
    expect(requests.some((r) => r.path.endsWith('.js'))).toBe(true);
    for (const request of requests)
      expect(request.at, `${request.path} asked for before the first paint`).toBeGreaterThanOrEqual(
        paintedAt ?? 0,
      );
  });
}

test('each heading the placeholder paints is the one its page renders', async ({ page, tenant }) => {
  await signIn(page, tenant);
  const userId = tenant.users[0]?.id ?? '';
  const pathOf = (pattern: string) =>
    pattern === '*'
      ? '/no/such/page'
      : pattern.replace(':transferId', '00000000-0000-7000-8000-000000000000').replace(':userId', userId);
  const withHeadings = ROUTE_TABLE.filter((route) => route.heading !== undefined);
  expect(withHeadings.length).toBeGreaterThan(5);
  for (const route of withHeadings) {
    const html = await (await page.request.get(pathOf(route.path))).text();
    expect(html, route.path).toContain(`<h1>${route.heading}</h1>`);
    await page.goto(pathOf(route.path));
    await expect(page.locator('#root main h1').first(), route.path).toHaveText(route.heading ?? '');
  }
});
