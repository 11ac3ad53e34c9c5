import { possessive } from '../src/lib/words';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import { AXE_SPEC_TIMEOUT, approvalsOff, basicAuth, expect, signIn, type Tenant, test } from './fixtures';

/** The Treasury's auto-refill, its deposits on their way, and moves between the organization and an app. */

const ACCOUNT = { account_number: '987654321', routing_number: '021000021', account_type: 'checking' };

async function walletsOf(request: import('@playwright/test').APIRequestContext, tenant: Tenant) {
  return (await (await request.get('/v2/wallets', { headers: basicAuth(tenant) })).json()) as {
    organization: { balance: number };
    apps: { id: string; balance: number; pending: { id: string; amount: number; auto_refill: boolean }[] }[];
  };
}

test('finance sets auto-refill in exact cents; a withdrawal below the threshold starts one deposit, listed as pending', async ({
  page,
  tenant,
}) => {
  test.slow();
  const app = tenant.apps[1];
  const headers = basicAuth(tenant);
  await page.request.put(`/v2/apps/${app?.id}/ach-account`, { headers, data: ACCOUNT });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app?.name} wallet`, exact: true });
  await wallet.getByLabel(`Refill ${possessive(app?.name ?? '')} wallet by itself`, { exact: true }).check();
  await wallet.getByLabel(`Refill below (USD), ${app?.name}`, { exact: true }).fill('9.99');
  await wallet.getByLabel(`Refill amount (USD), ${app?.name}`, { exact: true }).fill('50.05');
  await wallet.getByRole('button', { name: `Save auto-refill, ${app?.name}`, exact: true }).click();
  // Below the service's least threshold: said at the field, nothing sent, nothing typed lost.
  await expect(wallet.getByText('Between $10.00 and $10,000.00')).toBeVisible();
  await expect(wallet.getByLabel(`Refill amount (USD), ${app?.name}`, { exact: true })).toHaveValue('50.05');
  await wallet.getByLabel(`Refill below (USD), ${app?.name}`, { exact: true }).fill('100.10');
  await wallet.getByRole('button', { name: `Save auto-refill, ${app?.name}`, exact: true }).click();
  await expect(wallet.getByRole('status')).toContainText('Saved: below $100.10, a deposit of $50.05');
  const settings = await page.request.get(`/v2/apps/${app?.id}/settings`, { headers });
  expect(await settings.json()).toMatchObject({
    auto_refill_active: true,
    refill_threshold: 10_010,
    refill_amount: 5_005,
  });

  // A deposit of $20.00 completes; a withdrawal of $1.00 leaves the wallet under $100.10: one refill starts.
  const deposit = (await (
    await page.request.post(`/v2/apps/${app?.id}/deposit`, { headers, data: { amount: 2_000 } })
  ).json()) as {
    id: string;
  };
  for (let step = 0; step < 2; step++)
    await page.request.post(`/sandbox/transfers/${deposit.id}/advance`, { data: {} });
  await page.request.post(`/v2/apps/${app?.id}/withdraw`, { headers, data: { amount: 100 } });
  const pending = (await walletsOf(page.request, tenant)).apps.find((a) => a.id === app?.id)?.pending ?? [];
  expect(pending.map((p) => [p.amount, p.auto_refill])).toEqual([[5_005, true]]);
  await page.reload();
  const list = wallet.getByRole('list', { name: `Pending deposits of ${app?.name}`, exact: true });
  await expect(list).toContainText('$50.05 · created · auto-refill');
  await list.getByRole('link', { name: /^Open deposit of \$50\.05, / }).click();
  await expect(page).toHaveURL(new RegExp(`/transfers/${pending[0]?.id}$`));
});

test("finance moves money from an app's wallet to the organization's and back, each reviewed and made once", async ({
  page,
  tenant,
}) => {
  test.slow();
  await approvalsOff(page.request, tenant);
  const app = tenant.apps[0];
  const before = await walletsOf(page.request, tenant);
  const appBefore = before.apps.find((a) => a.id === app?.id)?.balance ?? 0;
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const organization = page.getByRole('region', {
    name: `${tenant.organization.name} (organization) wallet`,
    exact: true,
  });
  await organization.getByText('To the organization', { exact: true }).click();
  await organization.getByLabel('Amount to move (USD)', { exact: true }).fill('123.45');
  await organization.getByRole('button', { name: 'Review move', exact: true }).click();
  // The move reviews in the dialog a payment's and a bill's use.
  const review = page.getByRole('dialog', { name: 'Review the move', exact: true });
  await expect(review).toContainText(`From ${possessive(app?.name ?? '')} wallet to`);
  await review.getByRole('button', { name: 'Confirm transfer of $123.45', exact: true }).click();
  await expect(review).toBeHidden();
  // The notice names what moved, and the amount is empty for the next move.
  await expect(organization.getByRole('status')).toContainText(
    `Moved $123.45 from ${possessive(app?.name ?? '')} wallet to ${possessive(tenant.organization.name)} wallet. Open transfer`,
  );
  await expect(organization.getByLabel('Amount to move (USD)', { exact: true })).toHaveValue('');
  await expect
    .poll(async () => (await walletsOf(page.request, tenant)).organization.balance)
    .toBe(before.organization.balance + 12_345);

  // Back to the app: more than the organization holds is refused at the field.
  await organization.getByText('To the app', { exact: true }).click();
  await organization.getByLabel('Amount to move (USD)', { exact: true }).fill('200');
  await organization.getByRole('button', { name: 'Review move', exact: true }).click();
  await expect(organization.getByText(/^More than the \$123\.45 in /)).toBeVisible();
  await organization.getByLabel('Amount to move (USD)', { exact: true }).fill('23.40');
  await organization.getByRole('button', { name: 'Review move', exact: true }).click();
  await review.getByRole('button', { name: 'Confirm transfer of $23.40', exact: true }).click();
  await expect(organization.getByRole('status')).toContainText('Moved');
  const after = await walletsOf(page.request, tenant);
  expect(after.organization.balance).toBe(before.organization.balance + 10_005);
  expect(after.apps.find((a) => a.id === app?.id)?.balance).toBe(appBefore - 10_005);
  const moves = await page.request.get('/v2/organization-transfers?limit=100', {
    headers: basicAuth(tenant),
  });
  expect(((await moves.json()) as { data: { amount: number }[] }).data.map((t) => t.amount).sort()).toEqual([
    -2_340, 12_345,
  ]);
});

test(`the treasury's refill settings and organization move pass axe, light and dark`, async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT);
  const app = tenant.apps[1];
  await page.request.put(`/v2/apps/${app?.id}/ach-account`, { headers: basicAuth(tenant), data: ACCOUNT });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app?.name} wallet`, exact: true });
  await wallet.getByLabel(`Refill ${possessive(app?.name ?? '')} wallet by itself`, { exact: true }).check();
  await expect(wallet.getByLabel(`Refill below (USD), ${app?.name}`, { exact: true })).toBeVisible();
  await page.getByLabel('Amount to move (USD)', { exact: true }).fill('1.00');
  await page.getByText('To the organization', { exact: true }).click();
  await page.getByRole('button', { name: 'Review move', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Confirm transfer of $1.00', exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
});
