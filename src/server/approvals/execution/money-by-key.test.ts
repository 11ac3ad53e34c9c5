import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../../sandbox/test/harness';
import { serviceCaller } from '../../app';
import { type ConsoleDatabase, openConsoleDatabase } from '../../db/database';
import { totpCode } from '../../identity/totp';
import { ensureOrganization, insertMember } from '../../members/members';
import { config } from '../../test/config';
import { basic, caller, teamConsole } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { TEST_TOTP } from '../../test/two-consoles';
import { sandboxUpstream } from '../../test/upstream';
import { resumeOrphans } from './executor';

/**
 * Every kind of money an approved request sends is found by its key after its answer was lost and after its server
 * died mid-run, by what the service records for it (a move to a user's wallet is a `balance`, a deposit or a
 * withdrawal a `refill`, a withdrawal's amount negative): it ends paid, exactly once, and is never called unpaid.
 * Two console servers on one PostgreSQL, upstream of the sandbox: server `b` pays as itself; server `a` reaches the
 * service through a door that the test shuts (its answers lost, its database gone) to kill it mid-run.
 */

const postgres = BACKENDS.find((b) => b.name === 'postgres');
const json = { 'Content-Type': 'application/json' };
const ACCOUNT = { account_number: '123456789', routing_number: '021000021', account_type: 'checking' };
/** $1,555.00: above the approval limit of $10.00 these tests set. */
const CENTS = 155_500;

type Kind = 'payment' | 'payout' | 'deposit' | 'withdrawal' | 'transfer' | 'organization-transfer';

describe.skipIf(!postgres)('money found by its key, on PostgreSQL with two console servers', () => {
  let service: Awaited<ReturnType<typeof sandboxUpstream>>;
  let shared: ConsoleDatabase & { url?: string };
  let b: Awaited<ReturnType<typeof teamConsole>>;
  let app: string;
  let users: string[];
  const org = () => basic(service.made.client_id, service.made.api_key);
  /** Each member's session, signed in once (a code of the moment is good once): good on either server. */
  const sessions = { finance: '', admin: '' };
  const as = (server: Awaited<ReturnType<typeof teamConsole>>, role: 'finance' | 'admin') =>
    caller(server.app, sessions[role]);

  beforeAll(async () => {
    service = await sandboxUpstream();
    shared = (await postgres?.open()) as ConsoleDatabase & { url: string };
    b = await teamConsole({
      upstream: service.url,
      orgCredentials: service.orgCredentials,
      database: shared,
      leaseMs: 400,
    });
    const made = service.made as typeof service.made & { apps: { id: string }[] };
    app = made.apps[0]?.id ?? '';
    users = made.users.map((u) => u.id);
    const organization = await ensureOrganization(shared.db, {
      clientId: made.client_id,
      name: 'O',
      sandboxApiKey: null,
    });
    for (const role of ['finance', 'admin'] as const) {
      await insertMember(shared.db, {
        orgId: organization.id,
        email: `${role}@keys.example`,
        name: role,
        role,
        password: `${role}-password`,
        totpSecret: TEST_TOTP,
      });
    }
    for (const role of ['finance', 'admin'] as const) {
      sessions[role] = await b.signIn({
        email: `${role}@keys.example`,
        password: `${role}-password`,
        totp: totpCode(TEST_TOTP),
      });
    }
    const admin = as(b, 'admin');
    expect(
      (await admin.put('/api/team/policy', { enabled: true, limit_cents: 1_000, approvals_needed: 1 }))
        .status,
    ).toBe(200);
    // The app's bank account (deposits and withdrawals need one), and money in its wallet to move.
    const account = await service.sandbox.app.request(`/v2/apps/${app}/ach-account`, {
      method: 'PUT',
      headers: { ...json, Authorization: org() },
      body: JSON.stringify(ACCOUNT),
    });
    expect(account.status).toBe(200);
    const refill = await service.sandbox.app.request(`/sandbox/apps/${app}/refill`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ amount: 50_000_000 }),
    });
    expect(refill.status).toBe(200);
  });

  afterAll(async () => {
    await b?.close();
    await shared?.close();
    await service?.close();
  });

  /** What a member submits for approval for each kind, with its key, and the path its body is sent to. */
  function submission(kind: Kind, key: string): { body: Record<string, unknown>; path: string } {
    switch (kind) {
      case 'payment':
        return {
          body: {
            payment: {
              amount: CENTS,
              platform: 'ach',
              user_id: users[0],
              ach_info: { account_number: '123456789', routing_number: '021000021' },
              idempotency_key: key,
            },
          },
          path: '/v2/payments',
        };
      case 'payout':
        return {
          body: {
            payout: {
              amount: CENTS,
              user_id: users[1],
              platform: 'paypal',
              fund: true,
              idempotency_key: key,
            },
          },
          path: '/v2/payouts',
        };
      case 'deposit':
      case 'withdrawal':
        return {
          body: { move: kind, body: { amount: CENTS, idempotency_key: key }, app_id: app },
          path: `/v2/apps/${app}/${kind === 'deposit' ? 'deposit' : 'withdraw'}`,
        };
      case 'transfer':
        // To the user's wallet, from the app's: a negative amount, as the vendor signs it.
        return {
          body: { move: 'transfer', body: { amount: -CENTS, user_id: users[0], idempotency_key: key } },
          path: '/v2/transfers',
        };
      case 'organization-transfer':
        return {
          body: {
            move: 'organization-transfer',
            body: { amount: CENTS, api_app_id: app, idempotency_key: key },
          },
          path: '/v2/organization-transfers',
        };
    }
  }

  /** The service's transfers by the key the console stamps on them (metadata.console_request_id): their ids. */
  async function transfersByKey(): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    let after = '';
    for (;;) {
      const page = (await (
        await service.sandbox.app.request(
          `/v2/transfers?limit=100${after ? `&starting_after=${after}` : ''}`,
          {
            headers: { Authorization: org() },
          },
        )
      ).json()) as { data: { id: string; metadata?: { console_request_id?: string } }[]; has_more: boolean };
      for (const transfer of page.data) {
        const key = transfer.metadata?.console_request_id;
        if (key) found.set(key, [...(found.get(key) ?? []), transfer.id]);
      }
      if (!page.has_more) return found;
      after = page.data.at(-1)?.id ?? '';
    }
  }

  async function statusOf(id: string) {
    const row = await shared.db
      .selectFrom('approval_requests')
      .select(['status', 'result'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rows = (JSON.parse(row.result ?? '{}') as { rows?: Outcome[] }).rows ?? [];
    return { status: row.status, rows };
  }
  type Outcome = { outcome: string; transfer_id: string | null; replayed: boolean; error: string | null };

  /** The request once its run ended (a file is paid in the background). */
  async function ended(id: string) {
    for (let i = 0; i < 400; i++) {
      const now = await statusOf(id);
      if (!['approved', 'executing'].includes(now.status)) return now;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return statusOf(id);
  }

  const KINDS: Kind[] = ['payment', 'payout', 'deposit', 'withdrawal', 'transfer', 'organization-transfer'];

  it.each(KINDS)('a %s whose answer was lost is looked up by its key and ends paid, once', async (kind) => {
    const key = crypto.randomUUID();
    const { body, path } = submission(kind, key);
    const submitted = await as(b, 'finance').post('/api/team/approvals', body);
    expect(submitted.status).toBe(201);
    // The service makes it, and the connection drops before its answer leaves.
    const armed = await service.sandbox.app.request('/sandbox/faults', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        client_id: service.made.client_id,
        method: 'POST',
        path_prefix: path,
        drop: 'after-commit',
        times: 1,
      }),
    });
    expect(armed.status).toBe(201);
    await as(b, 'admin').post(`/api/team/approvals/${submitted.body.id}/approve`);
    const done = await ended(submitted.body.id);
    const made = (await transfersByKey()).get(key) ?? [];
    expect(made).toHaveLength(1);
    expect(done.status).toBe('executed');
    expect(done.rows).toEqual([
      expect.objectContaining({ outcome: 'paid', transfer_id: made[0], replayed: true, error: null }),
    ]);
  });

  /** Arms a fault for the next `times` sends to `path`: the service answers `status` and makes nothing. */
  const failNext = (path: string, status: number, times = 1) =>
    service.sandbox.app.request('/sandbox/faults', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        client_id: service.made.client_id,
        method: 'POST',
        path_prefix: path,
        status,
        times,
      }),
    });

  it('a payment answered 503 upstream, not found by its key, is not sent again (the vendor keeps no payment key): its fate is said unknown, with how to find it', async () => {
    const key = crypto.randomUUID();
    const { body, path } = submission('payment', key);
    const submitted = await as(b, 'finance').post('/api/team/approvals', body);
    expect(submitted.status).toBe(201);
    expect((await failNext(path, 503)).status).toBe(201);
    const before = service.writes.filter((w) => w === `POST ${path}`).length;
    await as(b, 'admin').post(`/api/team/approvals/${submitted.body.id}/approve`);
    const done = await ended(submitted.body.id);
    expect(service.writes.filter((w) => w === `POST ${path}`).length - before).toBe(1);
    expect((await transfersByKey()).get(key)).toBeUndefined();
    expect(done.status).toBe('partly-executed');
    expect(done.rows[0]).toMatchObject({ outcome: 'unknown', transfer_id: null });
    expect(done.rows[0]?.error).toContain(`console_request_id is ${key}`);
    expect(done.rows[0]?.error).not.toMatch(/new key/);
  });

  it('a move to a user answered 503, not found by its key, is sent again with the same key and paid once', async () => {
    const key = crypto.randomUUID();
    const { body, path } = submission('transfer', key);
    const submitted = await as(b, 'finance').post('/api/team/approvals', body);
    expect((await failNext(path, 503)).status).toBe(201);
    await as(b, 'admin').post(`/api/team/approvals/${submitted.body.id}/approve`);
    const done = await ended(submitted.body.id);
    const made = (await transfersByKey()).get(key) ?? [];
    expect(made).toHaveLength(1);
    expect(done.status).toBe('executed');
    expect(done.rows[0]).toMatchObject({ outcome: 'paid', transfer_id: made[0] });
  });

  /**
   * Server `a`, killed once `killAfter` of its sends that move money have reached the service: from then on none of
   * its answers comes back and nothing more it sends arrives, and its database connection is gone, so its lease lapses
   * and server `b` takes the request over.
   */
  async function dyingServer(killAfter: number) {
    const database = await openConsoleDatabase({ url: shared.url as string });
    let arrived = 0;
    let dead = false;
    const hush = hushTheDead(() => dead);
    const door = await listen({
      fetch: async (request: Request, env?: never) => {
        if (dead) throw new Error('The server is gone');
        const answer = await service.sandbox.app.fetch(request, env);
        if (request.method !== 'GET' && ++arrived >= killAfter && !dead) {
          dead = true;
          await database.close();
        }
        if (dead) throw new Error('The server is gone');
        return answer;
      },
    });
    const a = await teamConsole({
      upstream: new URL(door.url),
      orgCredentials: service.orgCredentials,
      database,
      leaseMs: 400,
    });
    const close = async () => {
      hush.mockRestore();
      await door.close();
    };
    return { a, door: { close }, arrived: () => arrived, dead: () => dead };
  }

  /**
   * What the killed server still says after its database is gone (its request's error, its approval's run that could
   * not finish): expected, so kept out of the run's output. Anything else it or another server says is printed.
   */
  function hushTheDead(dead: () => boolean) {
    const print = console.error.bind(console);
    const ofTheKill = (said: unknown) =>
      /driver has already been destroyed/.test(said instanceof Error ? said.message : String(said));
    return vi.spyOn(console, 'error').mockImplementation((...said: unknown[]) => {
      if (dead() && said.some(ofTheKill)) return;
      print(...said);
    });
  }

  /** Server `b` sweeps, as it does every lease, until the request has ended. */
  async function takenOverByB(id: string) {
    // A machine under load may take more than the tests' usual second to list a tenant's transfers.
    const call = serviceCaller(config({ upstreamUrl: service.url, proxyTimeoutMs: 15_000 }), null);
    if (!call) throw new Error('no caller');
    for (let i = 0; i < 200; i++) {
      if (!['approved', 'executing'].includes((await statusOf(id)).status)) break;
      await resumeOrphans(b.team, call);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return statusOf(id);
  }

  it.each(KINDS)('a %s whose server was killed mid-run is taken over and ends paid, once', async (kind) => {
    const key = crypto.randomUUID();
    const { body } = submission(kind, key);
    const dying = await dyingServer(1);
    try {
      const submitted = await as(dying.a, 'finance').post('/api/team/approvals', body);
      expect(submitted.status).toBe(201);
      // The approval's own run dies with its server (a payment or a payout is paid before the answer, so the answer
      // is an error): what matters is what the next server makes of it.
      await as(dying.a, 'admin')
        .post(`/api/team/approvals/${submitted.body.id}/approve`)
        .catch(() => null);
      for (let i = 0; i < 200 && !dying.dead(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(dying.dead()).toBe(true);
      expect((await statusOf(submitted.body.id)).status).toBe('executing');
      const done = await takenOverByB(submitted.body.id);
      const made = (await transfersByKey()).get(key) ?? [];
      expect(made).toHaveLength(1);
      expect(done.status).toBe('executed');
      expect(done.rows).toEqual([
        expect.objectContaining({ outcome: 'paid', transfer_id: made[0], replayed: true, error: null }),
      ]);
    } finally {
      await dying.door.close();
    }
  });

  it('a deposit taken over upstream while the look-up by key fails is not sent again (the vendor keeps no deposit key): its fate is said unknown', async () => {
    const key = crypto.randomUUID();
    const { body, path } = submission('deposit', key);
    const dying = await dyingServer(1);
    try {
      const submitted = await as(dying.a, 'finance').post('/api/team/approvals', body);
      expect(submitted.status).toBe(201);
      await as(dying.a, 'admin').post(`/api/team/approvals/${submitted.body.id}/approve`);
      for (let i = 0; i < 200 && !dying.dead(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(dying.dead()).toBe(true);
      // The list of transfers the look-up reads fails while `b` takes over.
      const armed = await service.sandbox.app.request('/sandbox/faults', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          client_id: service.made.client_id,
          method: 'GET',
          path_prefix: '/v2/transfers',
          status: 503,
          times: 1000,
        }),
      });
      expect(armed.status).toBe(201);
      const sent = () => service.writes.filter((w) => w === `POST ${path}`).length;
      const before = sent();
      const done = await takenOverByB(submitted.body.id);
      await service.sandbox.app.request(`/sandbox/faults/${service.made.client_id}`, { method: 'DELETE' });
      expect(sent()).toBe(before);
      expect(done.status).toBe('partly-executed');
      expect(done.rows[0]).toMatchObject({ outcome: 'unknown', transfer_id: null });
      expect(done.rows[0]?.error).toContain(`console_request_id is ${key}`);
      expect((await transfersByKey()).get(key)).toHaveLength(1);
    } finally {
      await dying.door.close();
    }
  });

  it('a payout whose 2xx answer came without its transfer (a body lost on the way) is looked up by its key and ends paid, once', async () => {
    const key = crypto.randomUUID();
    const { body, path } = submission('payout', key);
    const database = await openConsoleDatabase({ url: shared.url as string });
    // A gateway between the console and the service that answers the payout's 201 with an empty body.
    const door = await listen({
      fetch: async (request: Request, env?: never) => {
        const answer = await service.sandbox.app.fetch(request, env);
        const emptied = request.method === 'POST' && new URL(request.url).pathname === path;
        return emptied ? new Response(null, { status: answer.status }) : answer;
      },
    });
    const c = await teamConsole({
      upstream: new URL(door.url),
      orgCredentials: service.orgCredentials,
      database,
    });
    try {
      const submitted = await as(c, 'finance').post('/api/team/approvals', body);
      expect(submitted.status).toBe(201);
      await as(c, 'admin').post(`/api/team/approvals/${submitted.body.id}/approve`);
      const done = await ended(submitted.body.id);
      const made = (await transfersByKey()).get(key) ?? [];
      expect(made).toHaveLength(1);
      expect(done.status).toBe('executed');
      expect(done.rows[0]).toMatchObject({ outcome: 'paid', transfer_id: made[0], replayed: true });
    } finally {
      await c.close();
      await database.close();
      await door.close();
    }
  });

  it('a 200-row wallet-moves file whose server was killed at row 74 is taken over: the rows that arrived are paid, each once', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      amount: -(100 + i),
      user_id: users[i % users.length],
      idempotency_key: crypto.randomUUID(),
    }));
    const dying = await dyingServer(74);
    try {
      const submitted = await as(dying.a, 'finance').post('/api/team/approvals', {
        move: 'transfer-batch',
        body: { items },
      });
      expect(submitted.status).toBe(201);
      await as(dying.a, 'admin').post(`/api/team/approvals/${submitted.body.id}/approve`);
      for (let i = 0; i < 500 && !dying.dead(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(dying.dead()).toBe(true);
      const done = await takenOverByB(submitted.body.id);
      // Those in flight when it died (eight at a time) arrive too, their answers lost.
      const arrivedBeforeTheKill = dying.arrived();
      expect(arrivedBeforeTheKill).toBeGreaterThanOrEqual(74);
      expect(done.status).toBe('executed');
      expect(done.rows.filter((r) => r.outcome === 'paid')).toHaveLength(200);
      // The rows that had arrived before the kill are recorded as paid by their transfers, found by their keys.
      expect(done.rows.filter((r) => r.replayed)).toHaveLength(arrivedBeforeTheKill);
      const byKey = await transfersByKey();
      for (const [index, item] of items.entries()) {
        const made = byKey.get(item.idempotency_key) ?? [];
        expect(made, `row ${index}`).toHaveLength(1);
        expect(done.rows[index]?.transfer_id).toBe(made[0]);
      }
    } finally {
      await dying.door.close();
    }
  }, 60_000);
});
