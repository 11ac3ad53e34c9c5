import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  approvalsOff,
  armFault,
  basicAuth,
  expect,
  memberAuth,
  signIn,
  type Tenant,
  test,
} from './fixtures';

/** Wallet moves from a file: transfer batches through the file engine, against the sandbox. */

/**
 * A file of `count` moves to the tenant's users' wallets, each named in turn by name, by email and by id; every
 * amount different, each row's reference its own.
 */
function movesCsv(tenant: Tenant, count: number): string {
  const lines = ['user_name,user_email,user_id,amount,direction,metadata.ref'];
  for (let i = 0; i < count; i++) {
    const cents = 100 + i * 7;
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const user = tenant.users[i % tenant.users.length];
    const who =
      i % 3 === 0
        ? `${user?.first_name} ${user?.last_name},,`
        : i % 3 === 1
          ? `,${user?.email},`
          : `,,${user?.id}`;
    lines.push(`${who},${amount},to_user,MV-${i}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const totalOf = (count: number) =>
  Array.from({ length: count }, (_, i) => 100 + i * 7).reduce((a, b) => a + b, 0);

async function chooseMovesFile(page: Page, csv: string) {
  await page.getByLabel('Wallet moves file', { exact: true }).setInputFiles({
    name: 'moves.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
}

async function openMovesFile(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Wallet moves from a file', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Wallet moves from a file', level: 1 })).toBeVisible();
}

/** Every balance transfer of the tenant's, by its row's reference. */
async function movesByRef(page: Page, tenant: Tenant) {
  const byRef = new Map<string, number[]>();
  let after = '';
  for (;;) {
    const answer = await page.request.get(
      `/v2/transfers?type=balance&limit=100${after ? `&starting_after=${after}` : ''}`,
      { headers: basicAuth(tenant) },
    );
    const body = (await answer.json()) as {
      data: { id: string; amount: number; metadata?: { ref?: string } }[];
      has_more: boolean;
    };
    for (const transfer of body.data) {
      const ref = transfer.metadata?.ref;
      if (ref) byRef.set(ref, [...(byRef.get(ref) ?? []), transfer.amount]);
    }
    if (!body.has_more || body.data.length === 0) return byRef;
    after = body.data.at(-1)?.id ?? '';
  }
}

test('a file of 200 wallet moves, the page reloaded mid-run and the file chosen again: each row moved once', async ({
  signedIn: page,
  tenant,
}) => {
  test.slow(); // 200 rows checked, moved, reloaded mid-run and checked again
  await approvalsOff(page.request, tenant);
  const headers = basicAuth(tenant);
  const app = tenant.apps[0]?.id ?? '';
  const walletOf = async () =>
    (
      (await (await page.request.get('/v2/wallets', { headers })).json()) as {
        apps: { id: string; balance: number }[];
      }
    ).apps.find((a) => a.id === app)?.balance ?? Number.NaN;
  const before = await walletOf();
  const csv = movesCsv(tenant, 200);
  await openMovesFile(page);
  await chooseMovesFile(page, csv);
  const review = page.getByRole('region', { name: 'Review' });
  await expect(review).toContainText(
    `200 moves: $${(totalOf(200) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} to users' wallets`,
  );
  // The batch is slow to answer: the page is reloaded while it is out.
  await armFault(page, tenant, {
    method: 'POST',
    path_prefix: '/v2/transfer-batches',
    delay_ms: 1_500,
    times: 1,
  });
  await review.getByRole('button', { name: /^Move 200 moves \(\$/ }).click();
  await expect(page.getByRole('heading', { name: 'Moving moves.csv' })).toBeVisible();
  page.once('dialog', (dialog) => dialog.accept());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Wallet moves from a file', level: 1 })).toBeVisible();

  // The same file again: what was moved is found by its keys; the rest goes, once.
  await chooseMovesFile(page, csv);
  const again = page.getByRole('button', { name: /^Move \d[\d,]* moves? \(\$/ });
  const nothingLeft = page.getByText('Every row of this file was moved before: there is nothing to move.');
  await expect(again.or(nothingLeft)).toBeVisible();
  if (await again.isVisible()) {
    await again.click();
    await expect(page.getByRole('status').filter({ hasText: / moved before · / })).toContainText(
      '0 refused · 0 unknown',
      { timeout: 30_000 },
    );
  }

  // The sandbox's transfers: each row's reference carries exactly one move of its amount, and the wallet paid the sum.
  const byRef = await movesByRef(page, tenant);
  expect(byRef.size).toBe(200);
  for (let i = 0; i < 200; i++) expect(byRef.get(`MV-${i}`), `MV-${i}`).toEqual([-(100 + i * 7)]);
  expect(await walletOf()).toBe(before - totalOf(200));
});

test('a wallet moves file above the approval limit by its total waits for another member, then moves once', async ({
  signedIn: page,
  tenant,
}) => {
  test.slow();
  const admin = await memberAuth(page.request, tenant, 'admin');
  // Approvals above $5.00: the file's rows are each below it, their total above.
  const policy = await page.request.put('/api/team/policy', {
    headers: admin,
    data: { enabled: true, limit_cents: 500, approvals_needed: 1 },
  });
  expect(policy.status()).toBe(200);
  // The page read the policy when it opened: a fresh one reads the new limit.
  await page.reload();
  await openMovesFile(page);
  await chooseMovesFile(page, movesCsv(tenant, 6));
  await page.getByRole('button', { name: 'Submit 6 moves ($7.05) for approval', exact: true }).click();
  await expect(page).toHaveURL(/\/approvals\//);
  const requestId = page.url().split('/').at(-1);
  // The approver sees what moves: the count, the total, each user and which way.
  await expect(page.getByText('6 transfers from a file, ')).toBeVisible();
  const moves = page.getByRole('table', { name: 'Moves', exact: true });
  await expect(moves.getByRole('row')).toHaveCount(7);
  await expect(moves).toContainText(`${tenant.users[0]?.first_name} ${tenant.users[0]?.last_name}`);
  await expect(moves).toContainText("To the user's wallet");
  expect((await movesByRef(page, tenant)).size).toBe(0);
  await page.request.post(`/api/team/approvals/${requestId}/approve`, { headers: admin, data: {} });
  await expect.poll(async () => (await movesByRef(page, tenant)).size).toBe(6);
  expect([...(await movesByRef(page, tenant)).values()].every((amounts) => amounts.length === 1)).toBe(true);
});

test(`the wallet moves file page passes axe, light and dark, and its review fits a phone`, async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant, 'finance', { to: '/wallets/file' });
  await expect(page.getByRole('heading', { name: 'Wallet moves from a file', level: 1 })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await chooseMovesFile(page, movesCsv(tenant, 3));
  await expect(page.getByRole('region', { name: 'Review' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
