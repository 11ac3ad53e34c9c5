import { BUDGET_KIB, gzipKiB, recordAssets } from '../scripts/asset-bytes.mjs';
import { expect, OWN_CONTEXT, test } from './fixtures';

/**
 * The first-load budget (gzip): what the sign-in page loads before anyone touches it. Sizes of one build are
 * deterministic, so this fails the build that breaks the budget, and never flakes; times are measured by the bench.
 */
test(
  'the sign-in page loads at most 120 KiB of JS and 30 KiB of CSS (gzip)',
  OWN_CONTEXT,
  async ({ page }) => {
    const assets = recordAssets(page);
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    const first = gzipKiB(assets());
    test.info().annotations.push({ type: 'sign-in page (gzip KiB)', description: JSON.stringify(first) });
    expect(first.js, 'gzip KiB of JS on the sign-in page').toBeLessThanOrEqual(BUDGET_KIB.js);
    expect(first.css, 'gzip KiB of CSS on the sign-in page').toBeLessThanOrEqual(BUDGET_KIB.css);
  },
);

test(
  'the pages behind sign-in load as the operator starts typing, not with the sign-in page',
  OWN_CONTEXT,
  async ({ page, tenant }) => {
    const assets = recordAssets(page);
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    const behindSignIn = (paths: string[]) =>
      paths.filter((path) => /\/(SignedInLayout|CreatePaymentPage)-/.test(path));
    expect(behindSignIn(assets())).toEqual([]);

    await page.getByLabel('Email', { exact: true }).fill(tenant.members[0]?.email ?? '');
    await expect.poll(() => behindSignIn(assets()).length).toBe(2);
  },
);
