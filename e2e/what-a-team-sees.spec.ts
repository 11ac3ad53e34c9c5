import type { Page } from '@playwright/test';
import { AUDIT_ACTIONS } from '../src/lib/audit-actions';
import { chooseFile, openBatchPayments } from './batch-file';
import { COLOR_SCHEMES, expectNoAxeViolationsInBothSchemes, showInScheme } from './color-schemes';
import {
  AXE_SPEC_TIMEOUT,
  bankPayment,
  basicAuth,
  expect,
  memberAuth,
  signIn,
  type Tenant,
  test,
} from './fixtures';
import { fillBankAccount, openCreatePayment } from './payment-form';

/*
 * What a team sees, tried as a new user would: every page survives a reload and a new tab, the session follows the
 * tabs, the first screen fits, notices are readable, the trail's filter holds every action, disabled payers show.
 */

/**
 * A few pages of the route table, opened by their address and reloaded, with the heading each shows: the overview,
 * the deepest address, and a page of each kind of record read by its id (the service's, the team's). That the server
 * answers every page of the tables with the console, never with an API answer, is src/server/client-routes.test.ts.
 */
function pagesOf(ids: {
  user: string;
  transfer: string;
  request: string;
  link: string;
}): Record<string, string> {
  return {
    '/': 'Overview',
    [`/users/${ids.user}/addresses/new`]: 'Add address',
    [`/transfers/${ids.transfer}`]: 'Transfer',
    [`/approvals/${ids.request}`]: 'Approval request',
    [`/payout-links/${ids.link}`]: 'Payout link',
  };
}

async function someRecords(page: Page, tenant: Tenant) {
  const paid = await page.request.post('/v2/payments', {
    headers: basicAuth(tenant),
    data: bankPayment(tenant, 700),
  });
  const transfer = (await paid.json()) as { id: string };
  const submitted = await page.request.post('/api/team/approvals', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: { payment: bankPayment(tenant, 1_500_000, { idempotency_key: crypto.randomUUID() }) },
  });
  const request = (await submitted.json()) as { id: string };
  const made = await page.request.post('/v2/payout-links', {
    headers: basicAuth(tenant),
    data: { amount: 900, delivery: { method: 'link' } },
  });
  const link = (await made.json()) as { id: string };
  const user = tenant.users[0];
  return {
    user: user?.id ?? '',
    transfer: transfer.id,
    request: request.id,
    link: link.id,
  };
}

/** WCAG contrast of every notice's title against the notice's own (opaque) background, in light and in dark. */
async function noticeTitleContrasts(page: Page): Promise<{ title: string; scheme: string; ratio: number }[]> {
  const seen: { title: string; scheme: string; ratio: number }[] = [];
  for (const scheme of COLOR_SCHEMES) {
    await showInScheme(page, scheme);
    seen.push(...(await titleContrasts(page)).map((s) => ({ ...s, scheme })));
  }
  return seen;
}

async function titleContrasts(page: Page): Promise<{ title: string; ratio: number }[]> {
  return page.evaluate(() => {
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R, G, B] = [r, g, b].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (R ?? 0) + 0.7152 * (G ?? 0) + 0.0722 * (B ?? 0);
    };
    /** The color an element's background shows: its own, laid over its ancestors' where it is see-through. */
    const backgroundOf = (element: Element | null): number[] => {
      if (!element) return [255, 255, 255];
      const [r = 0, g = 0, b = 0, a = 1] = rgb(getComputedStyle(element).backgroundColor);
      if (a >= 1) return [r, g, b];
      const under = backgroundOf(element.parentElement);
      return [r, g, b].map((v, i) => v * a + (under[i] ?? 255) * (1 - a));
    };
    return [...document.querySelectorAll('.mantine-Alert-title')].map((title) => {
      const a = luminance(rgb(getComputedStyle(title).color));
      const b = luminance(backgroundOf(title.closest('.mantine-Alert-root')));
      return { title: title.textContent ?? '', ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
  });
}

test('a reload of a page, at any depth and with its record in the address, shows that page, never an API answer', async ({
  page,
  tenant,
}) => {
  const ids = await someRecords(page, tenant);
  await signIn(page, tenant, 'admin');
  for (const [path, heading] of Object.entries(pagesOf(ids))) {
    await page.goto(path);
    await page.reload();
    await expect(page.getByRole('heading', { name: heading, level: 1 }), path).toBeVisible();
    expect(await page.content(), path).not.toContain('"error_code"');
  }
});

test('a console link opened in a new tab is signed in; signing out in one tab signs out the other', async ({
  page,
  tenant,
}) => {
  await signIn(page, tenant, 'finance');
  const second = await page.context().newPage();
  await second.goto('/transfers');
  await expect(second.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // Each tab keeps its own copy in its own sessionStorage; nothing in localStorage.
  expect(await second.evaluate(() => sessionStorage.getItem('payout-console.credentials'))).not.toBeNull();
  expect(await second.evaluate(() => localStorage.length)).toBe(0);
  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await second.close();
});

test('a tab opened with no other tab signed in asks for sign-in', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/transfers');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Ftransfers/);
  await page.context().close();
});

for (const width of [1440, 390]) {
  test(`the sign-in page's demo team fits at ${width} pixels: no button or credential clipped`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/sign-in');
    const team = page.getByRole('group', { name: 'Demo team' });
    await expect(team.getByRole('button', { name: 'Use Finance' })).toBeVisible();
    const clipped = await team.evaluate((element) =>
      [...element.querySelectorAll('button, code, p')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent),
    );
    expect(clipped).toEqual([]);
    // Each email and password is on one line: never broken inside.
    const broken = await team.evaluate((element) =>
      [...element.querySelectorAll('code')]
        .filter((e) => e.getClientRects().length > 1)
        .map((e) => e.textContent),
    );
    expect(broken).toEqual([]);
  });
}

test(`every notice's title is readable (WCAG AA), light and dark`, async ({ page, tenant }) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const finance = await memberAuth(page.request, tenant, 'finance');
  const admin = await memberAuth(page.request, tenant, 'admin');
  const submit = async (data: unknown) =>
    (
      (await (await page.request.post('/api/team/approvals', { headers: finance, data })).json()) as {
        id: string;
      }
    ).id;
  const big = () => bankPayment(tenant, 1_500_000, { idempotency_key: crypto.randomUUID() });
  // A rejection (danger), a withdrawal (info), a file's warnings (warning), a one-time link (success).
  const rejected = await submit({ payment: big() });
  await page.request.post(`/api/team/approvals/${rejected}/reject`, {
    headers: admin,
    data: { reason: 'Wrong invoice' },
  });
  const withdrawn = await submit({ payment: big() });
  await page.request.post(`/api/team/approvals/${withdrawn}/withdraw`, { headers: finance, data: {} });
  const row = big();
  const file = await submit({
    rows: [row, { ...row, idempotency_key: crypto.randomUUID() }],
    file_sha256: 'a'.repeat(64),
  });
  await signIn(page, tenant, 'admin');
  const seen: { title: string; scheme: string; ratio: number }[] = [];
  for (const [id, title] of [
    [rejected, 'Rejected'],
    [withdrawn, 'Withdrawn'],
    [file, 'Before approving'],
  ] as const) {
    await page.goto(`/approvals/${id}`);
    await expect(page.locator('.mantine-Alert-title').filter({ hasText: title })).toBeVisible();
    seen.push(...(await noticeTitleContrasts(page)));
  }
  await page.goto('/team');
  await page.getByLabel('Email', { exact: true }).fill(`reader.${tenant.client_id.slice(0, 8)}@example.com`);
  await page.getByLabel('Name', { exact: true }).fill('Rea Reader');
  await page.getByRole('button', { name: 'Invite member', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Invitation for');
  seen.push(...(await noticeTitleContrasts(page)));
  await expectNoAxeViolationsInBothSchemes(page);
  for (const scheme of COLOR_SCHEMES) {
    expect(seen.filter((s) => s.scheme === scheme).map((s) => s.title)).toEqual(
      expect.arrayContaining([
        'Rejected',
        'Withdrawn',
        'Before approving: what the console found in this file',
        expect.stringMatching(/^Invitation for/),
      ]),
    );
  }
  for (const { title, scheme, ratio } of seen)
    expect(ratio, `${title}, ${scheme}`).toBeGreaterThanOrEqual(4.5);
});

test('the Audit page’s action filter offers every action the trail can hold', async ({ page, tenant }) => {
  await signIn(page, tenant, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await page.getByRole('combobox', { name: 'Action', exact: true }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(Object.keys(AUDIT_ACTIONS).length);
  const labels = await options.allTextContents();
  expect(labels.map((label) => label.toLowerCase())).toEqual(
    Object.values(AUDIT_ACTIONS).map((words) => words.toLowerCase()),
  );
});

test(`a disabled payer is flagged in the picker, the review and a file's review, light and dark`, async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  const user = tenant.users[0];
  expect(
    (await page.request.post(`/sandbox/users/${user?.id}/status`, { data: { status: 'disabled' } })).status(),
  ).toBe(200);
  await signIn(page, tenant, 'finance');
  await openCreatePayment(page);
  await page.getByLabel('User', { exact: true }).fill(user?.first_name ?? '');
  const option = page.getByRole('option', { name: new RegExp(`${user?.first_name} ${user?.last_name}`) });
  await expect(option).toContainText('Disabled');
  await expectNoAxeViolationsInBothSchemes(page);
  await option.click();
  await expect(page.getByLabel('User', { exact: true })).toHaveValue(/\(disabled\)$/);
  await page.getByLabel('Amount (USD)').fill('25.00');
  await fillBankAccount(page, '123456789');
  await page.getByRole('button', { name: 'Review payment' }).click();
  const review = page.getByRole('dialog', { name: 'Review payment' });
  await expect(review.getByRole('alert').filter({ hasText: 'The payer is disabled' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);
  await review.getByRole('button', { name: 'Back' }).click();

  await openBatchPayments(page);
  const csv = `user_id,amount,account_number,routing_number\r\n${user?.id},5.00,123456789,021000021\r\n${tenant.users[1]?.id},6.00,123456789,021000021\r\n`;
  await chooseFile(page, 'disabled.csv', csv);
  const flagged = page.getByRole('alert').filter({ hasText: 'charges a disabled payer' });
  await expect(flagged).toContainText('Row 2:');
  await page.getByLabel('Payers authorized these debits', { exact: true }).check();
  await expect(page.getByRole('button', { name: /^Pay 2 payments/ })).toBeDisabled();
  await expectNoAxeViolationsInBothSchemes(page);
  await page.getByLabel('Also charge the 1 row of disabled payers', { exact: true }).check();
  await expect(page.getByRole('button', { name: /^Pay 2 payments/ })).toBeEnabled();
});

test(`the overview shows an approver what waits and what failed, by payer and date; its pages pass axe, light and dark`, async ({
  page,
  tenant,
}) => {
  test.setTimeout(AXE_SPEC_TIMEOUT * 2);
  await page.request.post('/api/team/approvals', {
    headers: await memberAuth(page.request, tenant, 'finance'),
    data: { payment: bankPayment(tenant, 1_500_000, { idempotency_key: crypto.randomUUID() }) },
  });
  // A payment from an account ending in 0001 fails after pending (R01).
  const failing = await page.request.post('/v2/payments', {
    headers: basicAuth(tenant),
    data: bankPayment(tenant, 4_200, {
      ach_info: { account_number: '9990001', routing_number: '021000021' },
    }),
  });
  const transfer = (await failing.json()) as { id: string };
  for (const status of [undefined, 'failed']) {
    await page.request.post(`/sandbox/transfers/${transfer.id}/advance`, {
      data: status ? { status } : {},
    });
  }
  await signIn(page, tenant, 'admin');
  await expect(page.getByRole('status', { name: 'Waiting for your approval' })).toContainText(
    /1 request waits for your approval: \$15,000\.00 in all; the oldest since .+ \(\d+ min\)/,
  );
  const attention = page.getByRole('table', { name: 'Needs attention' });
  const user = tenant.users[0];
  await expect(attention).toContainText(`${user?.first_name} ${user?.last_name}`);
  // Its date as the operator reads it ("Nov 27, 2026, 9:14:05 AM UTC"): no transfer id looks like that.
  await expect(attention).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}/);
  await expectNoAxeViolationsInBothSchemes(page);
  await attention.getByRole('link', { name: transfer.id }).click();
  await expect(page.getByRole('heading', { name: 'Transfer', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transfer details' })).toContainText('Checking •••• 0001');
  await expectNoAxeViolationsInBothSchemes(page);
  await page.goto('/activity');
  await expectNoAxeViolationsInBothSchemes(page);
  await page.goto('/team');
  await page.getByLabel('Email', { exact: true }).fill(`axe.${tenant.client_id.slice(0, 8)}@example.com`);
  await page.getByLabel('Name', { exact: true }).fill('Axel Axe');
  await page.getByRole('button', { name: 'Invite member', exact: true }).click();
  const link = await page.getByLabel('One-time link', { exact: true }).inputValue();
  const invited = await (await page.context().browser()?.newContext())?.newPage();
  if (!invited) throw new Error('no page');
  await invited.goto(link);
  await expect(invited.getByText(`You join ${tenant.organization.name} as Viewer`)).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(invited);
  await invited.context().close();
});
