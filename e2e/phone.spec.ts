import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { can, type Permission, ROLE_LABELS, ROLES, type Role } from '../src/lib/roles';
import { expect, signIn, test } from './fixtures';

/*
 * The console on a phone (390x844): every page of the navigation fits the screen's width for every role that has it,
 * Search opens from the header, and a payout's review fits.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The navigation's pages, read from the route table (src/app/routes.tsx): a page added there is walked here too. */
function navigationPages(): { label: string; permission: Permission }[] {
  const source = readFileSync('src/app/routes.tsx', 'utf8');
  // A group's pages kept in a file of their own (onboarding, bills) are part of the table too.
  const table =
    source.slice(source.indexOf('PAGE_ROUTES'), source.indexOf('export interface NavigationLink')) +
    readFileSync('src/app/onboarding-routes.tsx', 'utf8') +
    readFileSync('src/app/bill-routes.ts', 'utf8') +
    readFileSync('src/app/ap-routes.ts', 'utf8');
  return table
    .split(/\bpaths: \[/)
    .slice(1)
    .flatMap((entry) => {
      const label = /\bnav: (['"])(.+?)\1/.exec(entry)?.[2];
      const permission = (/\bpermission: '([^']+)'/.exec(entry)?.[1] ?? 'read') as Permission;
      return label ? [{ label, permission }] : [];
    });
}

/** Signs in as the demo team's member of this role, from the sign-in page's list, as a newcomer does. */
async function signInAsDemo(page: Page, role: Role) {
  await page.goto('/sign-in');
  await page
    .getByRole('group', { name: 'Demo team' })
    .getByRole('button', { name: `Use ${ROLE_LABELS[role]}` })
    .click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Follows the page's requests, to know when its records have arrived: none is out, and none has been for a moment
 * (a read that follows another's answer starts within it). Playwright's 'networkidle' is a state of the document's
 * load: after a navigation inside the console it is reached already, and waited for nothing (2 ms for 30 pages).
 */
function followRequests(page: Page): () => Promise<void> {
  const open = new Set<Request>();
  let lastSettled = Date.now();
  // The stream of what changed stays open while the member is signed in: it is no read of the page's records.
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/team/events') open.add(request);
  });
  const done = (request: Request) => {
    open.delete(request);
    lastSettled = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () =>
    expect
      .poll(() => open.size === 0 && Date.now() - lastSettled >= 150, {
        message: "the page's records have arrived",
        intervals: [50],
      })
      .toBe(true);
}

for (const role of ROLES) {
  // A role's pages in two halves, each walked by a test of its own: the two workers share the longest walks.
  const pages = navigationPages().filter((p) => can(role, p.permission));
  const half = Math.ceil(pages.length / 2);
  for (const [part, walked] of [pages.slice(0, half), pages.slice(half)].entries()) {
    test(`every page of the navigation fits a phone's width, as the demo's ${role} (part ${part + 1} of 2)`, async ({
      page,
    }) => {
      test.slow(); // a dozen pages of the demo organization's records, each read whole
      expect(pages.length).toBeGreaterThanOrEqual(8);
      const settled = followRequests(page);
      await signInAsDemo(page, role);
      const navigation = page.getByRole('navigation', { name: 'Main' });
      // The phone's navigation lists exactly the pages this role has.
      await page.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
      await expect(navigation.getByRole('link')).toHaveCount(pages.length);
      // By accessible name: a count beside a link (what waits for the member) is hidden from it, not from its text.
      for (const { label } of pages) {
        await expect(navigation.getByRole('link', { name: label, exact: true })).toHaveCount(1);
      }
      // Grouped by what an operator does, each group labelled.
      await expect(
        navigation
          .getByRole('group', { name: 'Wallets and ledger', exact: true })
          .getByRole('link', { name: 'Ledger', exact: true }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
      const tooWide: string[] = [];
      for (const { label } of walked) {
        await page.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
        await navigation.getByRole('link', { name: label, exact: true }).click();
        await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
        // Its records have arrived (lists, tables, the overview's figures): then it is as wide as it gets.
        await settled();
        const width = await pageWidth(page);
        if (width > 390) tooWide.push(`${label}: ${width} px`);
      }
      expect(tooWide).toEqual([]);
    });
  }
}

test('Search opens from the header on a phone, by pointer and by keyboard', async ({ page, tenant }) => {
  await signIn(page, tenant, 'support');
  const search = page.getByRole('banner').getByRole('button', { name: 'Search the console', exact: true });
  const palette = page.getByRole('textbox', { name: 'Command', exact: true });
  // The pointer: the palette opens, and goes to a page.
  await search.click();
  await expect(palette).toBeFocused();
  await palette.fill('Transfers');
  await page.getByRole('button', { name: 'Transfers Go to Transfers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
  // The keyboard: the button focused, then Enter; then Space.
  for (const key of ['Enter', 'Space']) {
    await search.focus();
    await page.keyboard.press(key);
    await expect(palette).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

test("Send payout's review fits a phone: nothing of it is cut off on the right", async ({ page, tenant }) => {
  const seller = tenant.users[1];
  await signIn(page, tenant, 'finance', { to: '/payouts/new' });
  await page.getByLabel('Payee', { exact: true }).fill(`${seller?.first_name} ${seller?.last_name}`);
  await page
    .getByRole('option')
    .filter({ hasText: seller?.email ?? '' })
    .click();
  await page.getByRole('radio', { name: /^PayPal / }).check();
  await page.getByLabel('Amount (USD)', { exact: true }).fill('25.10');
  await page.getByLabel('Reference', { exact: true }).fill('INV-2026-000123-A-LONG-REFERENCE');
  await page.getByRole('button', { name: 'Review payout', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Review payout' });
  const details = dialog.getByRole('table', { name: 'Payout details' });
  await expect(details).toContainText(seller?.email ?? '');
  const [table, box] = [await details.boundingBox(), await dialog.boundingBox()];
  expect((table?.x ?? 0) + (table?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
  expect(
    await dialog.evaluate(
      (element) =>
        [...element.querySelectorAll('td, th')].filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .length,
    ),
  ).toBe(0);
  await expect(dialog.getByRole('button', { name: 'Send payout of $25.10', exact: true })).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});
