import type { APIRequestContext, Page } from '@playwright/test';
import { armFault, bankPayment, basicAuth, expect, memberAuth, signIn, type Tenant, test } from './fixtures';

/** The tenant's admin switches approvals on above $1,000.00. */
async function approvalsAbove1000(request: APIRequestContext, tenant: Tenant) {
  const answer = await request.put('/api/team/policy', {
    headers: await memberAuth(request, tenant, 'admin'),
    data: { enabled: true, limit_cents: 100_000, approvals_needed: 1 },
  });
  expect(await answer.json()).toMatchObject({ kind: 'applied' });
}

/** Finance submits a $1,500.00 payment for approval through the API; the request's id. */
async function submitForApproval(request: APIRequestContext, tenant: Tenant): Promise<string> {
  const answer = await request.post('/api/team/approvals', {
    headers: await memberAuth(request, tenant, 'finance'),
    data: { payment: bankPayment(tenant, 150_000, { idempotency_key: crypto.randomUUID() }) },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** The page's requests to the console's API and the service while `during` runs, by path. */
async function readsDuring(page: Page, during: () => Promise<void>): Promise<string[]> {
  const paths: string[] = [];
  const note = (request: { url: () => string }) => {
    const path = new URL(request.url()).pathname;
    if (/^\/(v2|api\/team)\//.test(path)) paths.push(path);
  };
  page.on('request', note);
  try {
    await during();
  } finally {
    page.off('request', note);
  }
  return paths;
}

test("the maker's open request turns to paid when another member approves it, with no reload and no polling", async ({
  page,
  request,
  tenant,
}) => {
  test.slow();
  await approvalsAbove1000(request, tenant);
  const id = await submitForApproval(request, tenant);
  const streamOpened = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/team/events' && answer.status() === 200,
  );
  await signIn(page, tenant, 'finance', { to: `/approvals/${id}` });
  await expect(page.getByText('Status: Waiting', { exact: true })).toBeVisible();
  await streamOpened;
  // Longer than the intervals the page read its request on (2 s on its page, 5 s for the maker's notices): nothing of
  // the approvals is read while nothing changes.
  const quiet = await readsDuring(page, () => page.waitForTimeout(6000));
  expect(quiet.filter((path) => path.startsWith('/api/team/approvals'))).toEqual([]);

  const approved = await request.post(`/api/team/approvals/${id}/approve`, {
    headers: await memberAuth(request, tenant, 'admin'),
  });
  expect(approved.status()).toBe(200);
  // Pushed: the page read nothing of the approvals while it waited (above), and now shows the outcome unreloaded.
  await expect(page.getByText('Status: Paid', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your request for $1,500.00: paid' }).first(),
  ).toBeVisible();
  // Said politely to a screen reader, in the shell's one live region.
  await expect(page.getByRole('log', { name: 'Live updates' })).toHaveText(
    new RegExp(`^Approval request ${id.slice(0, 8)} is now (approved|executed)$`),
  );
});

/**
 * What a page's own stream of changes carries, read in the page with its member's session: for `ms`, or until it has
 * carried `until`.
 */
async function streamFor(page: Page, ms: number, until?: string): Promise<string> {
  return page.evaluate(
    async ([wait, enough]) => {
      const stored = JSON.parse(sessionStorage.getItem('payout-console.credentials') ?? '{}') as {
        clientId: string;
        apiKey: string;
      };
      const controller = new AbortController();
      const answer = await fetch('/api/team/events', {
        headers: { Authorization: `Basic ${btoa(`${stored.clientId}:${stored.apiKey}`)}` },
        signal: controller.signal,
      });
      const reader = answer.body?.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const stop = setTimeout(() => controller.abort(), wait);
      try {
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          text += decoder.decode(chunk.value, { stream: true });
          if (enough && text.includes(enough)) break;
        }
      } catch {
        // Aborted at the end of the wait.
      }
      clearTimeout(stop);
      controller.abort();
      return text;
    },
    [ms, until] as const,
  );
}

test("a viewer's stream carries nothing a viewer cannot read, while finance's carries the approval", async ({
  page,
  browser,
  request,
  tenant,
}) => {
  test.slow();
  await approvalsAbove1000(request, tenant);
  await signIn(page, tenant, 'viewer');
  const finance = await (await browser.newContext()).newPage();
  await signIn(finance, tenant, 'finance');
  // Open long enough for a busy machine: finance's until it carries a change, the viewer's as long.
  const viewerStream = streamFor(page, 15_000);
  const financeStream = streamFor(finance, 15_000, 'event: change');
  // Both streams are open before anything changes.
  await page.waitForTimeout(1000);
  const id = await submitForApproval(request, tenant);
  const approved = await request.post(`/api/team/approvals/${id}/approve`, {
    headers: await memberAuth(request, tenant, 'admin'),
  });
  expect(approved.status()).toBe(200);
  const [seenByViewer, seenByFinance] = await Promise.all([viewerStream, financeStream]);
  expect(seenByFinance).toContain(`"id":"${id}"`);
  expect(seenByFinance).toMatch(/event: change/);
  expect(seenByViewer).toMatch(/^event: ready/m);
  expect(seenByViewer).not.toMatch(/event: change/);
  expect(seenByViewer).not.toContain(id);
  await finance.context().close();
});

test('a transfer open in one tab turns completed when the sandbox settles it, with no reload', async ({
  page,
  tenant,
}) => {
  const paid = await page.request.post('/v2/payments', {
    headers: basicAuth(tenant),
    data: bankPayment(tenant, 4_321),
  });
  const { id } = (await paid.json()) as { id: string };
  const streamOpened = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/team/events' && answer.status() === 200,
  );
  await signIn(page, tenant, 'finance', { to: `/transfers/${id}` });
  const details = page.getByRole('table', { name: 'Transfer details' });
  await expect(details).toBeVisible();
  await expect(details).not.toContainText('Status: completed');
  await streamOpened;
  // The sandbox settles it (as the tenant, as the service's own clock would).
  for (const status of ['pending', 'completed']) {
    const moved = await page.request.post(`/sandbox/transfers/${id}/advance`, {
      headers: basicAuth(tenant),
      data: { status },
    });
    expect(moved.status()).toBe(200);
  }
  await expect(details).toContainText('Status: completed', { timeout: 4000 });
  await expect(page.getByRole('log', { name: 'Live updates' })).toHaveText(
    `Transfer ${id.slice(0, 8)} is now completed`,
  );
});

test('a payout failed by fault injection appears under "Needs attention" live, and its maker gets a notice, with no reload', async ({
  page,
  request,
}) => {
  test.slow();
  // A tenant the console takes the service's events for: what follows reaches the page by the service's event alone.
  const made = await request.post('/sandbox/tenants', { data: { events: true } });
  expect(made.status()).toBe(201);
  const tenant = (await made.json()) as Tenant;
  // The service will fail the payouts of finance's next send (a payee's account refusing them), after accepting it.
  await armFault(page, tenant, { path_prefix: '/v2/payouts/send-payout', payout: 'fail' });
  // Sent by finance through the console, so the service's read names its maker.
  const sent = await request.post('/v2/payouts/send-payout', {
    headers: await memberAuth(request, tenant, 'finance'),
    data: { amount: 2_468, user_id: tenant.users[1]?.id, idempotency_key: crypto.randomUUID() },
  });
  expect(sent.status()).toBe(201);
  const id = ((await sent.json()) as { transfer_id: string }).transfer_id;
  const streamOpened = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/team/events' && answer.status() === 200,
  );
  await signIn(page, tenant, 'finance', { to: '/' });
  await expect(page.getByText('No failed or returned transfers in the last 7 days.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notices, 0 unread', exact: true })).toBeVisible();
  await streamOpened;

  // The service's clock moves it on: pending, then failed. Without the tenant's key, the console hears of it only by
  // the service's signed event (the helper's shortcut to open pages needs the key).
  for (let step = 0; step < 2; step++) {
    const moved = await page.request.post(`/sandbox/transfers/${id}/advance`, { data: {} });
    expect(moved.status()).toBe(200);
  }
  const attention = page.getByRole('table', { name: 'Needs attention' });
  await expect(attention).toBeVisible({ timeout: 4000 });
  await expect(attention).toContainText("The payee's account refused the payout");
  const notices = page.getByRole('button', { name: 'Notices, 1 unread', exact: true });
  await expect(notices).toBeVisible({ timeout: 4000 });
  const words = new RegExp(`^Your transfer ${id.slice(0, 8)}: failed$`);
  // Said politely to a screen reader.
  const announced = page.getByRole('log', { name: 'New notices', exact: true });
  await expect(announced).toContainText(`New notice: Your transfer ${id.slice(0, 8)}: failed`);
  await expect(announced).toHaveAttribute('aria-live', 'polite');
  await notices.click();
  await page.getByRole('link', { name: words }).click();
  await expect(page).toHaveURL(new RegExp(`/transfers/${id}$`));
  await expect(page.getByRole('button', { name: 'Notices, 0 unread', exact: true })).toBeVisible();
});
