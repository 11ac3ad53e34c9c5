import { BUDGET_KIB, gzipKiB, recordAssets } from '../scripts/asset-bytes.mjs';
import { expect, signIn, test } from './fixtures';
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
