import { afterAll, describe, expect, it } from 'vitest';
import { executeRequest } from '../approvals/execution/executor';
import { recordDecision } from '../db/repositories/team/approval-decisions';
import { basic, caller, teamConsole } from '../test/console';

/**
 * Money out under the team's rules: payouts, payout links and payout batches go through the role matrix, the
 * approval limit and the member's daily limit as payments do; a payout waiting for approval is paid once, and a
 * payout key the service has seen already is looked up, not paid again.
 */
describe('payouts under the team', async () => {
  const server = await teamConsole();
  // Approvals above $1,000.00, one approval.
  const tenant = await server.tenant({ approval_limit_cents: 100_000 });
  const as = async (role: string) => {
    const member = tenant.members.find((m) => m.role === role);
    if (!member) throw new Error(role);
    return caller(server.app, await server.signIn(member));
  };
  const finance = await as('finance');
  const support = await as('support');
  const viewer = await as('viewer');
  const admin = await as('admin');
  const financeEmail = tenant.members.find((m) => m.role === 'finance')?.email;
  const org = caller(server.app, basic(tenant.client_id, tenant.api_key));
  const seller = tenant.users[1]?.id ?? '';
  const payout = (cents: number, extra: object = {}) => ({
    user_id: seller,
    amount: cents,
    platform: 'paypal',
    fund: true,
    idempotency_key: crypto.randomUUID(),
    ...extra,
  });
  afterAll(() => server.close());

  it('lets finance pay out and stamps who did, whatever the body said', async () => {
    const paid = await finance.post(
      '/v2/payouts',
      payout(2_500, { metadata: { initiated_by: 'boss@example.com' } }),
    );
    expect(paid.status).toBe(201);
    expect(paid.body.metadata).toMatchObject({
      initiated_by: financeEmail,
      console_request_id: expect.any(String),
    });
    const stringMetadata = await finance.post('/v2/payouts', payout(100, { metadata: 'note' }));
    expect(stringMetadata.status).toBe(400);
    expect(stringMetadata.body.errors[0].path).toBe('metadata');
  });

  it('keeps each role to its rows: support redelivers a link but neither pays nor cancels; a viewer does neither', async () => {
    expect((await support.post('/v2/payouts', payout(100))).status).toBe(403);
    expect((await support.post('/v2/payout-batches', { items: [payout(100)] })).status).toBe(403);
    expect(
      (await support.put(`/v2/users/${seller}/payout-methods`, { platform: 'cash_app', cash_tag: 'me' }))
        .status,
    ).toBe(403);
    const link = await finance.post('/v2/payout-links', {
      amount: 700,
      payee: { email: 'rae@example.com' },
      delivery: { method: 'email' },
    });
    expect(link.status).toBe(201);
    expect((await viewer.post(`/v2/payout-links/${link.body.id}/redeliver`)).status).toBe(403);
    const again = await support.post(`/v2/payout-links/${link.body.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body.payout_link.deliveries).toBe(2);
    expect((await support.delete(`/v2/payout-links/${link.body.id}`)).status).toBe(403);
    expect((await finance.delete(`/v2/payout-links/${link.body.id}`)).body.status).toBe('canceled');
    const trail = await admin.get('/api/team/audit?action=payout-link.redeliver');
    expect(trail.body.data.map((r: { outcome: string }) => r.outcome)).toEqual(['ok', 'refused']);
  });

  it("shows a payout link's URL, which claims its money, only to members who may pay", async () => {
    const made = await finance.post('/v2/payout-links', {
      amount: 800,
      payee: { email: 'ola@example.com' },
      delivery: { method: 'link' },
    });
    expect(made.body.link).toMatch(/^https:\/\//);
    expect((await admin.get(`/v2/payout-links/${made.body.id}`)).body.link).toBe(made.body.link);
    for (const reader of [viewer, support]) {
      const one = await reader.get(`/v2/payout-links/${made.body.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: made.body.id, amount: 800 });
      expect(one.text).not.toContain(made.body.link);
      expect((await reader.get('/v2/payout-links?limit=100')).text).not.toContain(made.body.link);
    }
    const again = await support.post(`/v2/payout-links/${made.body.id}/redeliver`);
    expect(again.body.payout_link.id).toBe(made.body.id);
    expect(again.text).not.toContain(made.body.link);
    // A payout request's link too, once the request is approved and its link sent.
    const asked = await org.post('/v2/payout-requests', { user_id: seller, amount: 900 });
    await server.app.request(`/sandbox/payout-requests/${asked.body.id}/decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    const byOrg = await org.get(`/v2/payout-requests/${asked.body.id}`);
    const requestLink = byOrg.body['payout-link']?.link;
    expect(requestLink).toMatch(/^https:\/\//);
    const byViewer = await viewer.get(`/v2/payout-requests/${asked.body.id}`);
    expect(byViewer.body['payout-link'].id).toBe(byOrg.body['payout-link'].id);
    expect(byViewer.text).not.toContain(requestLink);
  });

  it('refuses a payout, a link or a batch above the limit, and takes the payout as a request that is paid once', async () => {
    const direct = await finance.post('/v2/payouts', payout(150_000));
    expect(direct.status).toBe(403);
    expect(direct.body.error_code).toBe('approval-required');
    const link = await finance.post('/v2/payout-links', { amount: 150_000, delivery: { method: 'link' } });
    expect(link.body.error_code).toBe('approval-required');
    const batch = await finance.post('/v2/payout-batches', {
      items: [payout(60_000), payout(60_000)],
    });
    expect(batch.body.error_code).toBe('approval-required');
    const body = payout(150_000);
    const submitted = await finance.post('/api/team/approvals', { payout: body });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ kind: 'payout', amount: 150_000 });
    const approved = await admin.post(`/api/team/approvals/${submitted.body.id}/approve`);
    expect(approved.body.status).toBe('executed');
    const transferId = approved.body.result.rows[0].transfer_id;
    const transfer = await org.get(`/v2/transfers/${transferId}`);
    expect(transfer.body).toMatchObject({
      type: 'payout',
      amount: 150_000,
      metadata: { initiated_by: financeEmail, console_request_id: body.idempotency_key },
    });
  });

  it('pays a link and an approved payout from the wallet their maker chose (Api-App-Id), and shows it to the approver', async () => {
    const second = tenant.apps[1]?.id ?? '';
    const first = tenant.apps[0]?.id ?? '';
    const walletOf = async (appId: string) => {
      const app = await org.get(`/v2/apps/${appId}`);
      return Math.round(Number(app.body.metrics.wallet_balance) * 100);
    };
    // The second app's wallet is refilled (the sandbox's helper stands in for a bank transfer in).
    const refilled = await server.app.request(`/sandbox/apps/${second}/refill`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 500_000 }),
    });
    expect(refilled.status).toBe(200);
    const [firstBefore, secondBefore] = [await walletOf(first), await walletOf(second)];

    const link = await finance.post(
      '/v2/payout-links',
      { amount: 700, delivery: { method: 'link' } },
      { 'Api-App-Id': second },
    );
    expect(link.status).toBe(201);
    expect(await walletOf(second)).toBe(secondBefore - 700);

    const submitted = await finance.post('/api/team/approvals', { payout: payout(150_000), app_id: second });
    expect(submitted.status).toBe(201);
    // The approver reads the wallet the maker chose: the one the executor pays from.
    const read = await admin.get(`/api/team/approvals/${submitted.body.id}`);
    expect(read.body.body.app_id).toBe(second);
    const approved = await admin.post(`/api/team/approvals/${submitted.body.id}/approve`);
    expect(approved.body.status).toBe('executed');
    expect(await walletOf(second)).toBe(secondBefore - 700 - 150_000);
    expect(await walletOf(first)).toBe(firstBefore);
  });

  it("pays an approved payout only to the method the approver was shown: the maker's new default pays nothing", async () => {
    const body = payout(150_000, { platform: 'default' });
    const submitted = await finance.post('/api/team/approvals', { payout: body });
    expect(submitted.status).toBe(201);
    // While it waits, the maker makes a PayPal of their own the seller's default method: a change of where the
    // seller's money goes, which waits for a second member (payees/); the admin confirms it, unaware.
    const swapped = await finance.put(`/v2/users/${seller}/payout-methods`, {
      platform: 'paypal',
      email: 'not-the-seller@example.com',
      is_default: true,
    });
    expect(swapped.status).toBe(202);
    const confirmed = await admin.post(`/api/team/payee-requests/${swapped.body.request.id}/confirm`);
    expect(confirmed.body.status).toBe('applied');
    const approved = await admin.post(`/api/team/approvals/${submitted.body.id}/approve`);
    expect(approved.body.status).toBe('failed');
    expect(approved.body.result.rows[0]).toMatchObject({ outcome: 'refused', transfer_id: null });
    expect(approved.body.result.rows[0].error).toContain('changed after it was submitted');
    const payouts = await org.get('/v2/transfers?type=payout&limit=100');
    const keys = payouts.body.data.map(
      (t: { metadata?: { console_request_id?: string } }) => t.metadata?.console_request_id,
    );
    expect(keys).not.toContain(body.idempotency_key);

    // Submitted again as the methods are now, it is approved as such and paid.
    const again = await finance.post('/api/team/approvals', {
      payout: { ...body, idempotency_key: crypto.randomUUID() },
    });
    const paid = await admin.post(`/api/team/approvals/${again.body.id}/approve`);
    expect(paid.body.status).toBe('executed');
  });

  it('stops an approved payouts file at the payee whose default changes while it runs: no more of their rows', async () => {
    const rows = Array.from({ length: 30 }, () => payout(4_000, { platform: 'default' }));
    const submitted = await finance.post('/api/team/approvals', {
      payouts: rows,
      file_sha256: 'e'.repeat(64),
    });
    expect(submitted.status).toBe(201);
    const db = server.team.database.db;
    const adminId = tenant.members.find((m) => m.role === 'admin')?.id ?? '';
    await recordDecision(db, submitted.body.id, adminId, { approve: true }, new Date().toISOString());
    await db
      .updateTable('approval_requests')
      .set({ status: 'approved' })
      .where('id', '=', submitted.body.id)
      .execute();
    const request = await db
      .selectFrom('approval_requests')
      .selectAll()
      .where('id', '=', submitted.body.id)
      .executeTakeFirstOrThrow();
    const sandbox = server.sandbox;
    if (!sandbox) throw new Error('sandbox mode');
    // The service as the executor calls it. As the fifth payout is sent, a new PayPal becomes the payee's default
    // (a member's change now waits for a second member, so it lands here as a confirmed change or the payee's own
    // flow would: at the service); the executor's other calls wait for that change, as if it landed between them.
    let sent = 0;
    let swapping: Promise<void> | null = null;
    const call = async (request: Request) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/v2/payouts' && ++sent === 5) {
        const change = new Request(new URL(`/v2/users/${seller}/payout-methods`, request.url), {
          method: 'PUT',
          headers: {
            authorization: `Basic ${btoa(`${tenant.client_id}:${tenant.api_key}`)}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            platform: 'paypal',
            email: `mine-${crypto.randomUUID()}@example.com`,
            is_default: true,
          }),
        });
        swapping = Promise.resolve(sandbox.app.fetch(change, {})).then((swapped) =>
          expect(swapped.status).toBe(200),
        );
      }
      if (swapping) await swapping;
      return sandbox.app.fetch(request, {});
    };
    const result = await executeRequest(server.team, call, request, {
      clientId: tenant.client_id,
      apiKey: tenant.api_key,
    });
    const outcomes = result.outcomes.map((o) => o.outcome);
    const paidRows = outcomes.filter((o) => o === 'paid').length;
    // Only rows already checked when the default changed (eight in flight at a time) can still go; the rest are
    // refused. Checked once before the run, all thirty went to the maker's PayPal after the fifth.
    expect(paidRows).toBeGreaterThanOrEqual(5);
    expect(paidRows).toBeLessThanOrEqual(4 + 8);
    expect(outcomes.filter((o) => o === 'refused').length).toBe(30 - paidRows);
    expect(result.outcomes.find((o) => o.outcome === 'refused')?.error).toContain(
      'changed after it was submitted',
    );
  });

  it("never takes a transfer made with a waiting request's key for that request's payout: refused, nothing paid again", async () => {
    const body = payout(150_002);
    const submitted = await finance.post('/api/team/approvals', { payout: body });
    expect(submitted.status).toBe(201);
    // Another member who may pay reads the waiting request's key and spends it first: $1.00 to another user. The gate
    // refuses a member that (the key is the waiting request's); the organization's own key, at the service, spends it.
    const other = tenant.users[0]?.id ?? '';
    const first = {
      ...payout(100),
      platform: 'default',
      user_id: other,
      idempotency_key: body.idempotency_key,
    };
    expect((await admin.post('/v2/payouts', first)).status).toBe(409);
    // Stamped as the console stamps what it sends, so that the executor's look-up by key finds it.
    const spent = await org.post('/v2/payouts', {
      ...first,
      metadata: { console_request_id: body.idempotency_key },
    });
    expect(spent.status, spent.text).toBe(201);
    const approved = await admin.post(`/api/team/approvals/${submitted.body.id}/approve`);
    expect(approved.body.status).toBe('failed');
    expect(approved.body.result.rows[0]).toMatchObject({ outcome: 'refused', transfer_id: null });
    expect(approved.body.result.rows[0].error).toContain('which is other money');
    const payouts = await org.get('/v2/transfers?type=payout&limit=100');
    const withKey = payouts.body.data.filter(
      (t: { metadata?: { console_request_id?: string } }) =>
        t.metadata?.console_request_id === body.idempotency_key,
    );
    expect(withKey.map((t: { amount: number }) => t.amount)).toEqual([100]);
  });

  it("refuses a payout for approval whose payee is not the organization's, at the payee", async () => {
    const stranger = await finance.post('/api/team/approvals', {
      payouts: [payout(60_000), payout(60_000, { user_id: crypto.randomUUID() })],
      file_sha256: 'c'.repeat(64),
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toEqual([
      { path: 'payouts.1.user_id', message: 'No user of your organization has this ID' },
    ]);
  });

  it("refuses a payout for approval from another organization's app when it is made, at the app", async () => {
    const other = await server.tenant();
    for (const app_id of [other.apps[0]?.id, crypto.randomUUID()]) {
      const submitted = await finance.post('/api/team/approvals', { payout: payout(150_000), app_id });
      expect(submitted.status).toBe(400);
      expect(submitted.body).toMatchObject({
        success: false,
        errors: [{ path: 'app_id', message: 'No app of your organization has this ID' }],
      });
    }
    const file = await finance.post('/api/team/approvals', {
      payouts: [payout(60_000), payout(60_000)],
      file_sha256: 'd'.repeat(64),
      app_id: other.apps[0]?.id,
    });
    expect(file.body.errors).toEqual([
      { path: 'app_id', message: 'No app of your organization has this ID' },
    ]);
    expect((await finance.get('/api/team/approvals?status=pending')).body.data).toEqual([]);
    const own = await finance.post('/api/team/approvals', {
      payout: payout(150_000),
      app_id: tenant.apps[0]?.id,
    });
    expect(own.status).toBe(201);
    await finance.post(`/api/team/approvals/${own.body.id}/withdraw`);
  });

  it('writes an approved payout the service refuses when it is paid as a refused run, not an ok one', async () => {
    const submitted = await finance.post('/api/team/approvals', { payout: payout(150_000) });
    await server.app.request('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: tenant.client_id,
        method: 'POST',
        path_prefix: '/v2/payouts',
        times: 1,
        status: 409,
        message: "The app's wallet cannot fund this payout",
      }),
    });
    const approved = await admin.post(`/api/team/approvals/${submitted.body.id}/approve`);
    expect(approved.body.status).toBe('failed');
    const [line] = (await admin.get('/api/team/audit?action=approval.execute')).body.data;
    expect(line).toMatchObject({
      targets: submitted.body.id,
      outcome: 'refused',
      status: 409,
      amount_cents: 150_000,
    });
    expect(line.detail).toBe("0 of 1 paid: The app's wallet cannot fund this payout");
  });

  it('stamps every item of a batch, and counts its total against the daily limit', async () => {
    const items = [payout(300), payout(400)];
    const made = await finance.post('/v2/payout-batches', { items, idempotency_key: crypto.randomUUID() });
    expect(made.status).toBe(200);
    const results = await org.get(`/v2/payout-batches/${made.body.id}/results?include_request=true`);
    for (const [index, item] of results.body.items.entries()) {
      expect(item.request.metadata).toMatchObject({
        initiated_by: financeEmail,
        console_request_id: items[index]?.idempotency_key,
      });
    }
  });

  it("pays a payouts file once: a row whose key the service has seen is looked up, and its payout is the row's", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => payout(10_000 + i));
    // The first row went out directly before (a closed tab, say): its key is used.
    const before = await finance.post('/v2/payouts', rows[0]);
    expect(before.status).toBe(201);
    const submitted = await finance.post('/api/team/approvals', {
      payouts: rows,
      file_sha256: 'b'.repeat(64),
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.kind).toBe('payout-batch');
    await admin.post(`/api/team/approvals/${submitted.body.id}/approve`);
    let request = submitted.body;
    for (let i = 0; i < 100 && !['executed', 'partly-executed', 'failed'].includes(request.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      request = (await finance.get(`/api/team/approvals/${submitted.body.id}`)).body;
    }
    expect(request.status).toBe('executed');
    expect(request.result.rows[0]).toMatchObject({
      outcome: 'paid',
      replayed: true,
      transfer_id: before.body.id,
    });
    const payouts = await org.get('/v2/transfers?type=payout&limit=100');
    const keys = payouts.body.data.map(
      (t: { metadata?: { console_request_id?: string } }) => t.metadata?.console_request_id,
    );
    for (const row of rows) expect(keys.filter((k: string) => k === row.idempotency_key)).toHaveLength(1);
  });
});
