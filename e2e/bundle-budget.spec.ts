import type { Page } from '@playwright/test';
import {
  BUDGET_KIB,
  gzipKiB,
  holdIdleLoads,
  recordAssets,
  releaseIdleLoads,
} from '../scripts/asset-bytes.mjs';
import { expect, signIn, type Tenant, test } from './fixtures';
import { openCreatePayment } from './payment-form';

/**
 * The first-load budget (gzip): what the sign-in page loads before anyone touches it. Sizes of one build are
 * deterministic, so this fails the build that breaks the budget, and never flakes; times are measured by the bench.
 */
test('the sign-in page loads at most 120 KiB of JS and 30 KiB of CSS (gzip)', async ({ page }) => {
  const assets = recordAssets(page);
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const first = gzipKiB(assets());
  test.info().annotations.push({ type: 'sign-in page (gzip KiB)', description: JSON.stringify(first) });
  expect(first.js, 'gzip KiB of JS on the sign-in page').toBeLessThanOrEqual(BUDGET_KIB.js);
  expect(first.css, 'gzip KiB of CSS on the sign-in page').toBeLessThanOrEqual(BUDGET_KIB.css);
});

test('the payment code is not on the sign-in page: Create payment brings it', async ({ page, tenant }) => {
  const assets = recordAssets(page);
  await signIn(page, tenant);
  const beforePayments = new Set(assets());
  await openCreatePayment(page);
  await page.waitForLoadState('networkidle');
  const added = assets().filter((path) => !beforePayments.has(path));
  expect(added.some((path) => /CreatePaymentPage-/.test(path))).toBe(true);
  expect([...beforePayments].some((path) => /CreatePaymentPage-/.test(path))).toBe(false);
});

/** Signs in and opens Create payment with the browser's idle time held back; returns the assets recorded. */
async function openCreatePaymentWithIdleHeld(page: Page, tenant: Tenant) {
  await holdIdleLoads(page);
  const assets = recordAssets(page);
  await signIn(page, tenant);
  await openCreatePayment(page);
  return assets;
}

const OVERLAY_CODE =
  /\/(ReviewPaymentDialog|StoredAccountSelect|CommandPalette|RequestInspector|SessionDialogs|Modal|Spotlight)-/;

test('overlays are not part of a page’s first load: they come when opened, or once the browser is idle', async ({
  page,
  tenant,
}) => {
  const assets = await openCreatePaymentWithIdleHeld(page, tenant);
  await page.waitForLoadState('networkidle');
  expect(assets().filter((path) => OVERLAY_CODE.test(path))).toEqual([]);

  // Wanted before the browser was idle: the request log's code comes on the click.
  await page.getByRole('button', { name: 'Requests' }).click();
  await expect(page.getByRole('dialog', { name: 'Request inspector' })).toBeVisible();
  expect(assets().some((path) => /\/RequestInspector-/.test(path))).toBe(true);
  expect(assets().some((path) => /\/ReviewPaymentDialog-/.test(path))).toBe(false);
  await page.keyboard.press('Escape');

  // The shortcut works before the palette's code is here: it comes, and the palette opens as it arrives.
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByRole('textbox', { name: 'Command' })).toBeVisible();
  expect(assets().some((path) => /\/CommandPalette-/.test(path))).toBe(true);
  await page.keyboard.press('Escape');

  // Idle at last: the rest arrives ahead of need.
  await releaseIdleLoads(page);
  // One load per idle period: the review first, then the stored-account picker.
  await expect.poll(() => assets().some((path) => /\/ReviewPaymentDialog-/.test(path))).toBe(true);
  await expect.poll(() => assets().some((path) => /\/StoredAccountSelect-/.test(path))).toBe(true);
});

test('the transfer’s page is rehearsed once the operator starts on a payment, not while Create payment loads', async ({
  page,
  tenant,
}) => {
  const assets = await openCreatePaymentWithIdleHeld(page, tenant);
  await releaseIdleLoads(page);
  const transferPageCode = () => assets().some((path) => /\/TransferViewPage-/.test(path));
  expect(transferPageCode(), 'no code of the transfer page while the page loads and idles').toBe(false);

  await page.getByLabel('User ID').fill(tenant.users[0]?.id ?? '');
  await releaseIdleLoads(page);
  await expect.poll(transferPageCode).toBe(true);
});
