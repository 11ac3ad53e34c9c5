import { possessive } from '../src/lib/words';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, basicAuth, expect, signIn, test } from './fixtures';

/** Move to a user's wallet: one move, through the one money submission, against the sandbox. */

test("finance moves money to a user's wallet, and a move back above what it holds is refused at the review", async ({
  page,
  tenant,
}) => {
  // Two moves, the user's page and the ledger: several pages of a journey.
  test.slow();
  const user = tenant.users[0];
  // "Torvalds' wallet", "Ada's wallet": the console's own possessive, as the tenant's random names need either.
  const userName = `${user?.first_name} ${user?.last_name}`;
  await signIn(page, tenant);
  await page.getByRole('link', { name: "Move to a user's wallet", exact: true }).first().click();
  await page.getByLabel('User', { exact: true }).fill(`${user?.first_name} ${user?.last_name}`);
  await page
    .getByRole('option')
    .filter({ hasText: user?.email ?? '' })
    .click();
  await page.getByLabel('Amount (USD)', { exact: true }).fill('12.34');
  await page.getByRole('button', { name: 'Review move', exact: true }).click();
  // The move reviews in the dialog a payment's and a bill's use, and the dialog closes once it is made.
  const review = page.getByRole('dialog', { name: 'Review the move', exact: true });
  await expect(review.getByText(`to ${possessive(userName)} wallet`)).toBeVisible();
  await review.getByRole('button', { name: 'Confirm transfer of $12.34', exact: true }).click();
  await expect(review).toBeHidden();
  // The notice names what moved, and the form is empty for the next move, not filled for the same one again.
  await expect(page.getByRole('status').filter({ hasText: 'Moved' })).toContainText(
    new RegExp(`^Moved \\$12\\.34 from .*'s wallet to ${possessive(userName)} wallet\\. Open transfer$`),
  );
  await expect(page.getByLabel('Amount (USD)', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('User', { exact: true })).toHaveValue('');
  const read = await page.request.get(`/v2/users/${user?.id}`, { headers: basicAuth(tenant) });
  expect(((await read.json()) as { wallet: { amount: number } }).wallet.amount).toBe(1234);
  // Back from the user: more than their wallet holds is refused, with the service's words, and nothing moves.
  await page.getByLabel('User', { exact: true }).fill(`${user?.first_name} ${user?.last_name}`);
  await page
    .getByRole('option')
    .filter({ hasText: user?.email ?? '' })
    .click();
  await page.getByText('From the user', { exact: true }).click();
  await page.getByLabel('Amount (USD)', { exact: true }).fill('20.00');
  await page.getByRole('button', { name: 'Review move', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm transfer of $20.00', exact: true }).click();
  await expect(page.getByText(/has \$12\.34; this needs \$20\.00/)).toBeVisible();
  const again = await page.request.get(`/v2/users/${user?.id}`, { headers: basicAuth(tenant) });
  expect(((await again.json()) as { wallet: { amount: number } }).wallet.amount).toBe(1234);
  // The user's page shows their wallet, and its lines in the ledger.
  await page.goto(`/users/${user?.id}`);
  await page.getByRole('link', { name: 'Wallet lines', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Transactions', exact: true })).toContainText('$12.34');
  await expect(page.getByText('Balance change of the range:')).toContainText('$12.34');
});

test(`the move page passes axe, light and dark`, async ({ page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT);
  await signIn(page, tenant, 'finance', { to: '/wallets/move' });
  await expect(page.getByRole('heading', { name: "Move to a user's wallet", exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});
