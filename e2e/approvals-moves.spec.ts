import { possessive } from '../src/lib/words';
import { basicAuth, expect, signIn, test } from './fixtures';

const ACCOUNT = { account_number: '987654321', routing_number: '021000021', account_type: 'checking' };

test('a deposit waiting for approval is named on Approvals by its kind, wallet, masked bank account and amount, and in the activity log', async ({
  page,
  tenant,
}) => {
  const app = tenant.apps[1] as { id: string; name: string };
  await page.request.put(`/v2/apps/${app.id}/ach-account`, { headers: basicAuth(tenant), data: ACCOUNT });
  await signIn(page, tenant, 'finance', { to: '/treasury' });
  const wallet = page.getByRole('region', { name: `${app.name} wallet`, exact: true });
  await wallet.getByLabel(`Deposit amount (USD), ${app.name}`, { exact: true }).fill('12000');
  await wallet.getByRole('button', { name: 'Review deposit', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Review the deposit', exact: true })
    .getByRole('button', { name: 'Submit for approval ($12,000.00)', exact: true })
    .click();
  await wallet.getByRole('link', { name: 'Open request', exact: true }).click();
  const requestId = page.url().split('/').at(-1) ?? 'missing';
  const described = `Deposit of $12,000.00 into ${possessive(app.name)} wallet, from Checking •••• 4321`;
  await expect(page.getByText(described, { exact: true })).toBeVisible();

  await page.goto('/approvals');
  const waiting = page.getByRole('table', { name: 'Waiting for approval', exact: true });
  await expect(waiting.getByRole('columnheader', { name: 'What moves', exact: true })).toBeVisible();
  await expect(waiting.getByRole('row').filter({ hasText: described })).toHaveCount(1);
  await expect(waiting).not.toContainText('(a file)');

  // Submitted from the Treasury as from a payment's page: one line in this tab's activity, naming the request.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Activity', exact: true })
    .click();
  const activity = page.getByRole('table', { name: 'Activity', exact: true });
  await expect(activity.getByRole('row').filter({ hasText: 'Deposit submitted for approval' })).toContainText(
    requestId,
  );
});
