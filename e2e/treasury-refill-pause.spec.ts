import { possessive } from '../src/lib/words';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { basicAuth, expect, memberAuth, signIn, test } from './fixtures';

/** An auto-refill above a lowered approval limit: paused by the console, shown paused and why, set again within it. */

const ACCOUNT = { account_number: '987654321', routing_number: '021000021', account_type: 'checking' };

test('a refill above a lowered approval limit shows as paused with why, until finance sets it again within the limit', async ({
  page,
  tenant,
}) => {
  test.slow();
  const app = tenant.apps[1];
  const name = app?.name ?? '';
  await page.request.put(`/v2/apps/${app?.id}/ach-account`, { headers: basicAuth(tenant), data: ACCOUNT });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${name} wallet`, exact: true });
  const refill = (threshold: string, amount: string) => async () => {
    await wallet.getByLabel(`Refill ${possessive(name)} wallet by itself`, { exact: true }).check();
    await wallet.getByLabel(`Refill below (USD), ${name}`, { exact: true }).fill(threshold);
    await wallet.getByLabel(`Refill amount (USD), ${name}`, { exact: true }).fill(amount);
    await wallet.getByRole('button', { name: `Save auto-refill, ${name}`, exact: true }).click();
  };
  await refill('100.00', '5,000.00')();
  await expect(wallet.getByRole('status')).toContainText('Saved: below $100.00, a deposit of $5,000.00');

  // The admin lowers the limit from $10,000.00 to $1,000.00: the refill is switched off at the service.
  const lowered = await page.request.put('/api/team/policy', {
    headers: await memberAuth(page.request, tenant, 'admin'),
    data: { enabled: true, limit_cents: 100_000, approvals_needed: 1 },
  });
  expect(lowered.status()).toBe(200);
  await page.reload();
  const paused = wallet.getByRole('alert').filter({ hasText: `Auto-refill paused, ${name}` });
  await expect(paused).toContainText(
    'Its refill of $5,000.00 is above the approval limit of $1,000.00, so each refill would move money no second person saw.',
  );
  await expect(
    wallet.getByLabel(`Refill ${possessive(name)} wallet by itself`, { exact: true }),
  ).not.toBeChecked();
  await expectNoAxeViolationsInBothSchemes(page);

  await refill('100.00', '1,000.00')();
  await expect(wallet.getByRole('status')).toContainText('Saved: below $100.00, a deposit of $1,000.00');
  await expect(paused).toHaveCount(0);
});
