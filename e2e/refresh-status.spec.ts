import { bankPayment, basicAuth, expect, signIn, test } from './fixtures';

test('Refresh status says when nothing changed, and what changed when it did', async ({ page, tenant }) => {
  const paid = await page.request.post('/v2/payments', {
    headers: basicAuth(tenant),
    data: bankPayment(tenant, 4_321),
  });
  const { id, status } = (await paid.json()) as { id: string; status: string };
  await signIn(page, tenant, 'finance', { to: `/transfers/${id}` });
  const refresh = page.getByRole('button', { name: 'Refresh status', exact: true });
  await refresh.click();
  await expect(page.getByRole('status').filter({ hasText: 'No change' })).toContainText(
    new RegExp(`^No change: still ${status} \\(checked .+\\)\\.$`),
  );
  expect(
    (await page.request.post(`/sandbox/transfers/${id}/advance`, { data: { status: 'pending' } })).status(),
  ).toBe(200);
  await refresh.click();
  await expect(page.getByRole('status').filter({ hasText: 'The status changed' })).toContainText(
    `The status changed: ${status} to pending`,
  );
});
