import { afterAll, describe, expect, it } from 'vitest';
import { caller, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';

/**
 * Wallet moves through the console server, on each database: finance's alone, counted against the approval limit and
 * the member's daily limit, submitted above them and paid once by the executor; an app's bank account is a grant that
 * waits for a second member, who sees it masked.
 */

const ACCOUNT = { account_number: '123456789', routing_number: '021000021', account_type: 'checking' };

describe.each(BACKENDS)('wallet moves through the console server on $name', async (backend) => {
  const server = await teamConsole({ database: await backend.open() });
  afterAll(() => server.close());
  // Approvals above $1,000.00; $2,000.00 a day per member.
  const tenant = await server.tenant({ approval_limit_cents: 100_000, member_daily_limit_cents: 200_000 });
  const as = async (role: string) =>
    caller(
      server.app,
      await server.signIn(tenant.members.find((m) => m.role === role) ?? { email: '', password: '' }),
    );
  const finance = await as('finance');
  const admin = await as('admin');
  const app = tenant.apps[0]?.id ?? '';
  const user = tenant.users[0]?.id ?? '';
  const key = () => crypto.randomUUID();
  /** The request once its run ended: the executor pays after the approval is answered. */
  const ended = async (id: string) => {
    for (;;) {
      const read = await admin.get(`/api/team/approvals/${id}`);
      if (!['approved', 'executing'].includes(read.body.status)) return read.body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('refuses every move to viewer and support, lets finance and admin read and move', async () => {
    for (const role of ['viewer', 'support']) {
      const member = await as(role);
      for (const [method, path, body] of [
        ['POST', `/v2/apps/${app}/deposit`, { amount: 100 }],
        ['POST', `/v2/apps/${app}/withdraw`, { amount: 100 }],
        ['POST', '/v2/transfers', { amount: -100, user_id: user }],
        ['POST', '/v2/transfer-batches', { items: [{ amount: -100, user_id: user }] }],
        ['POST', '/v2/organization-transfers', { amount: 100, api_app_id: app }],
        ['PUT', `/v2/apps/${app}/ach-account`, ACCOUNT],
        ['POST', `/v2/apps/${app}/change_settings`, { auto_refill_active: false }],
      ] as const) {
        const answer = await (method === 'PUT' ? member.put(path, body) : member.post(path, body));
        expect(answer.status, `${role} ${method} ${path}`).toBe(403);
        expect(answer.body.error_code).toBe('forbidden-for-role');
      }
      expect((await member.get('/v2/transactions')).status).toBe(200);
      expect((await member.get('/v2/wallets')).status).toBe(200);
    }
    const moved = await finance.post('/v2/transfers', {
      amount: -500,
      user_id: user,
      idempotency_key: key(),
    });
    expect(moved.status).toBe(200);
    // Stamped with who initiated it, its key its request id.
    expect(moved.body.metadata).toMatchObject({ initiated_by: expect.stringContaining('@') });
    expect((await admin.post('/v2/organization-transfers', { amount: 1_000, api_app_id: app })).status).toBe(
      200,
    );
  });

  it("an app's bank account waits for a second member with approvals on, shown masked, and is set once confirmed", async () => {
    const direct = await finance.put(`/v2/apps/${app}/ach-account`, ACCOUNT);
    expect(direct.status).toBe(403);
    expect(direct.body).toMatchObject({ error_code: 'approval-required', limit: 'grant' });
    const submitted = await finance.post('/api/team/approvals', {
      move: 'ach-account',
      body: ACCOUNT,
      app_id: app,
    });
    expect(submitted.status).toBe(201);
    expect(submitted.text).not.toContain('123456789');
    expect(submitted.body.body).toMatchObject({ replaces: null, moves: [{ account_number_last4: '6789' }] });
    expect((await finance.post(`/api/team/approvals/${submitted.body.id}/approve`, {})).status).toBe(403);
    const seen = await admin.get(`/api/team/approvals/${submitted.body.id}`);
    expect(seen.text).not.toContain('123456789');
    await admin.post(`/api/team/approvals/${submitted.body.id}/approve`, {});
    expect((await ended(submitted.body.id)).status).toBe('executed');
    expect((await finance.get(`/v2/apps/${app}/ach-account`)).body).toEqual({
      mask: '6789',
      name: 'Checking •••• 6789',
    });
    // A change shows the account it replaces.
    const change = await finance.post('/api/team/approvals', {
      move: 'ach-account',
      body: { ...ACCOUNT, account_number: '55554444' },
      app_id: app,
    });
    expect(change.body.body.replaces).toEqual({ mask: '6789', name: 'Checking •••• 6789' });
  });

  it('an auto-refill above the approval limit is refused at its field with approvals on; at the limit it is saved', async () => {
    const settings = async () => (await finance.get(`/v2/apps/${app}`)).body;
    const before = await settings();
    const above = await finance.post(`/v2/apps/${app}/change_settings`, {
      auto_refill_active: true,
      refill_threshold: 1_000_000,
      refill_amount: 1_000_000,
    });
    expect(above.status).toBe(403);
    expect(above.body).toMatchObject({
      error_code: 'approval-required',
      errors: [{ path: 'refill_amount' }],
    });
    expect(await settings()).toEqual(before);
    const trail = await admin.get('/api/team/audit?action=app.settings.change');
    expect(trail.body.data[0]).toMatchObject({ status: 403 });
    const at = await finance.post(`/v2/apps/${app}/change_settings`, {
      auto_refill_active: true,
      refill_threshold: 1_000_000,
      refill_amount: 100_000,
    });
    expect(at.status, at.text).toBe(200);
    await finance.post(`/v2/apps/${app}/change_settings`, { auto_refill_active: false });
    // Switched on again without its amount, the amount kept from before would move unseen: it must be said again.
    const bare = await finance.post(`/v2/apps/${app}/change_settings`, { auto_refill_active: true });
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({ error_code: 'approval-required', errors: [{ path: 'refill_amount' }] });
    expect((await settings()).auto_refill_active).toBeFalsy();
  });

  describe('an auto-refill above a lowered approval limit', () => {
    /** A tenant whose first app refills $800.00 below $10,000.00, set by finance under a $1,000.00 limit. */
    const refilling = async () => {
      const t = await server.tenant({ approval_limit_cents: 100_000 });
      const member = (role: string) => t.members.find((m) => m.role === role) ?? { email: '', password: '' };
      const who = {
        finance: caller(server.app, await server.signIn(member('finance'))),
        admin: caller(server.app, await server.signIn(member('admin'))),
        org: caller(server.app, `Basic ${btoa(`${t.client_id}:${t.api_key}`)}`),
      };
      const appId = t.apps[0]?.id ?? '';
      expect((await who.org.put(`/v2/apps/${appId}/ach-account`, ACCOUNT)).status).toBe(200);
      const set = await who.finance.post(`/v2/apps/${appId}/change_settings`, {
        auto_refill_active: true,
        refill_threshold: 1_000_000,
        refill_amount: 80_000,
      });
      expect(set.status, set.text).toBe(200);
      const policy = (limit: number) =>
        who.admin.put('/api/team/policy', { enabled: true, limit_cents: limit, approvals_needed: 1 });
      /** The app's deposits on their way that the service started by itself. */
      const refills = async () => {
        const wallets = await who.org.get('/v2/wallets');
        const mine = (wallets.body.apps as { id: string; pending?: { auto_refill?: boolean }[] }[]).find(
          (a) => a.id === appId,
        );
        return (mine?.pending ?? []).filter((deposit) => deposit.auto_refill);
      };
      /** A movement that leaves the app's wallet under the threshold. */
      const drain = async () => {
        const wallets = await who.org.get('/v2/wallets');
        const balance = (wallets.body.apps as { id: string; balance: number }[]).find((a) => a.id === appId)
          ?.balance as number;
        const moved = await who.org.post('/v2/transfers', {
          amount: -(balance - 500_000),
          user_id: t.users[0]?.id,
        });
        expect(moved.status, moved.text).toBe(200);
      };
      return { t, who, appId, policy, refills, drain };
    };

    it('is paused at the service when the limit goes below it, says why, and moves nothing until a member sets it again', async () => {
      const r = await refilling();
      const lowered = await r.policy(50_000);
      expect(lowered.status, lowered.text).toBe(200);
      expect(lowered.body.refills_paused).toEqual([
        { app_id: r.appId, app_name: expect.any(String), amount_cents: 80_000 },
      ]);
      expect((await r.who.finance.get(`/v2/apps/${r.appId}/settings`)).body.auto_refill_active).toBe(false);
      // The wallet falls below the threshold: no refill starts by itself.
      await r.drain();
      expect(await r.refills()).toEqual([]);
      const pauses = await r.who.finance.get('/api/team/refill-pauses');
      expect(pauses.body.data).toEqual([
        expect.objectContaining({ app_id: r.appId, amount_cents: 80_000, limit_cents: 50_000 }),
      ]);
      await server.team.settled();
      const trail = await r.who.admin.get('/api/team/audit?action=app.refill.pause');
      expect(trail.body.data[0]).toMatchObject({ role: 'console', targets: r.appId, amount_cents: 80_000 });
      // Its old amount is refused to one member; at the new limit it is saved, and the pause is over.
      const again = { auto_refill_active: true, refill_threshold: 1_000_000 };
      expect(
        (await r.who.finance.post(`/v2/apps/${r.appId}/change_settings`, { ...again, refill_amount: 80_000 }))
          .status,
      ).toBe(403);
      expect((await r.who.finance.get('/api/team/refill-pauses')).body.data).toHaveLength(1);
      // Another setting, or the refill left off, keeps the pause and its reason shown.
      for (const other of [{ payout_options_exclude_list: [] }, { auto_refill_active: false }]) {
        expect((await r.who.finance.post(`/v2/apps/${r.appId}/change_settings`, other)).status).toBe(200);
      }
      expect((await r.who.finance.get('/api/team/refill-pauses')).body.data).toHaveLength(1);
      const within = await r.who.finance.post(`/v2/apps/${r.appId}/change_settings`, {
        ...again,
        refill_amount: 50_000,
      });
      expect(within.status, within.text).toBe(200);
      expect((await r.who.finance.get('/api/team/refill-pauses')).body.data).toEqual([]);
    });

    it('a refill at or under the new limit keeps running; if the service does not answer, the limit is not lowered', async () => {
      const r = await refilling();
      const unchanged = await r.policy(80_000);
      expect(unchanged.status, unchanged.text).toBe(200);
      expect(unchanged.body.refills_paused).toEqual([]);
      const armed = await server.app.request('/sandbox/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          client_id: r.t.client_id,
          method: 'POST',
          path_prefix: '/v2/apps/',
          status: 503,
          times: 1,
        }),
      });
      expect(armed.status).toBeLessThan(300);
      const refused = await r.policy(50_000);
      expect(refused.status, refused.text).toBe(503);
      expect(refused.body.error_code).toBe('rule-check-unavailable');
      expect((await r.who.admin.get('/api/team/policy')).body.policy).toMatchObject({ limitCents: 80_000 });
      // Still on at $800.00, under the limit that holds: it refills.
      await r.drain();
      expect(await r.refills()).toHaveLength(1);
    });
  });

  it('a withdrawal above the limit waits, and is paid once when another member approves it', async () => {
    const body = { amount: 150_000, idempotency_key: key() };
    const direct = await finance.post(`/v2/apps/${app}/withdraw`, body);
    expect(direct.status).toBe(403);
    expect(direct.body.error_code).toBe('approval-required');
    const before = (await finance.get('/v2/wallets')).body.apps[0].balance;
    const submitted = await finance.post('/api/team/approvals', { move: 'withdrawal', body, app_id: app });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ kind: 'withdrawal', amount: 150_000 });
    await admin.post(`/api/team/approvals/${submitted.body.id}/approve`, {});
    const approved = await ended(submitted.body.id);
    expect(approved.status).toBe('executed');
    const transferId = approved.result.rows[0].transfer_id;
    const transfer = await finance.get(`/v2/transfers/${transferId}`);
    expect(transfer.body).toMatchObject({ type: 'refill', amount: -150_000 });
    expect((await finance.get('/v2/wallets')).body.apps[0].balance).toBe(before - 150_000);
  });

  it('a transfer batch is judged by its total: under the limit item by item, above it as a whole', async () => {
    const items = [600, 600].map((cents) => ({
      amount: -cents * 100,
      user_id: user,
      idempotency_key: key(),
    }));
    const batch = await finance.post('/v2/transfer-batches', { items, idempotency_key: key() });
    expect(batch.status).toBe(403);
    expect(batch.body.error_code).toBe('approval-required');
    const submitted = await finance.post('/api/team/approvals', {
      move: 'transfer-batch',
      body: { items, idempotency_key: key() },
    });
    expect(submitted.body).toMatchObject({ kind: 'transfer-batch', amount: 120_000, count: 2 });
    await admin.post(`/api/team/approvals/${submitted.body.id}/approve`, {});
    const approved = await ended(submitted.body.id);
    expect(approved.status).toBe('executed');
    expect(approved.result.rows.map((r: { outcome: string }) => r.outcome)).toEqual(['paid', 'paid']);
  });

  it("split deposits and transfers are bounded by the member's daily limit", async () => {
    const other = await server.tenant({ approval_limit_cents: 100_000, member_daily_limit_cents: 200_000 });
    const member = caller(
      server.app,
      await server.signIn(other.members.find((m) => m.role === 'finance') ?? { email: '', password: '' }),
    );
    const otherApp = other.apps[0]?.id ?? '';
    await member.put(`/v2/apps/${otherApp}/ach-account`, ACCOUNT).catch(() => undefined);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await member.post('/v2/transfers', {
          amount: -90_000,
          user_id: other.users[0]?.id,
          idempotency_key: key(),
        }),
      );
    }
    answers.push(
      await member.post(`/v2/apps/${otherApp}/deposit`, { amount: 90_000, idempotency_key: key() }),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 403, 403]);
    expect(answers[2]?.body).toMatchObject({ error_code: 'approval-required', limit: 'daily' });
  });
});
