import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, memberAuth, signIn, test } from './fixtures';

/** The approver of a change of where a payee is paid tells a look-alike address from the payee's own. */

/** ARIA's `mark` role (the `<mark>` element): Playwright finds it, though its types do not list it yet. */
const MARK = 'mark' as Parameters<Page['getByRole']>[0];

test("a look-alike PayPal waits on Approvals beside the payee's own, what differs marked", async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const user = tenant.users[0];
  const own = await page.request.put(`/v2/users/${user?.id}/payout-methods`, {
    headers: basicAuth(tenant),
    data: { platform: 'paypal', email: 'zoe.t@example.com' },
  });
  expect(own.status()).toBe(200);
  const held = await page.request.put(`/v2/users/${user?.id}/payout-methods`, {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: { platform: 'paypal', email: 'zoe.t.attacker@example.com' },
  });
  expect(held.status()).toBe(202);
  await signIn(page, tenant, 'admin');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Approvals/ })
    .click();
  const waiting = page.getByRole('group', {
    name: `Add PayPal zoe.t.attacker@example.com as a payout method of ${user?.first_name} ${user?.last_name}`,
    exact: true,
  });
  await expect(waiting.getByText(/^Before: /)).toContainText('PayPal zoe.t@example.com');
  await expect(waiting.getByText(/^After: /)).toHaveText('After: PayPal zoe.t.attacker@example.com');
  await expect(waiting.getByRole(MARK)).toHaveText('.attacker');
  await expect(waiting.getByText(/^Most like their /)).toHaveText(
    'Most like their PayPal zoe.t@example.com: what differs is marked (“.attacker”)',
  );
  await expectNoAxeViolationsInBothSchemes(page);
});
