import { afterAll, describe, expect, it } from 'vitest';
import { basic, caller, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { achPayment } from '../test/tenants';
import { twoConsolesUpstream } from '../test/two-consoles';

/** Splitting is not a way round: what a member moves alone is counted by the server, per member and per file. */

const payment = (userId: string, cents: number) => achPayment(userId, cents);

describe('a member’s daily limit and a file’s total, on the server', async () => {
  const server = await teamConsole();
  afterAll(() => server.close());
  // Approvals above $10,000.00; $20,000.00 a day per member.
  const tenant = await server.tenant({
    approval_limit_cents: 1_000_000,
    member_daily_limit_cents: 2_000_000,
  });
  const finance = caller(
    server.app,
    await server.signIn(tenant.members.find((m) => m.role === 'finance') ?? { email: '', password: '' }),
  );
  const userId = tenant.users[0]?.id ?? '';

  it('refuses the third of three $9,000.00 payments, each under the limit, whose sum passes the daily limit', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await finance.post('/v2/payments', payment(userId, 900_000)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 403]);
    expect(answers[2]?.body).toMatchObject({ error_code: 'approval-required', limit: 'daily' });
    expect(answers[2]?.body.message).toContain('$27,000.00, above your daily limit of $20,000.00');
    // Submitted for approval, it waits for another member.
    const waiting = await finance.post('/api/team/approvals', { payment: payment(userId, 900_000) });
    expect(waiting.status).toBe(201);
    // What the service refused moved nothing and does not count.
    const refused = await finance.post('/v2/payments', {
      ...payment(userId, 100),
      user_id: crypto.randomUUID(),
    });
    expect(refused.status).toBe(403);
    const policy = await finance.get('/api/team/policy');
    expect(policy.body.moved_today_cents).toBe(1_800_000);
  });

  it('holds a file’s rows to the approval limit by the total the server has forwarded for that file', async () => {
    const other = await server.tenant({ approval_limit_cents: 1_000_000 });
    const maker = caller(
      server.app,
      await server.signIn(other.members.find((m) => m.role === 'finance') ?? { email: '', password: '' }),
    );
    const file = { 'X-Console-File': 'd'.repeat(64) };
    const rows = [];
    for (let i = 0; i < 3; i++)
      rows.push(await maker.post('/v2/payments', payment(other.users[0]?.id ?? '', 400_000), file));
    expect(rows.map((r) => r.status)).toEqual([201, 201, 403]);
    expect(rows[2]?.body.message).toContain("file's total");
  });
});

describe('a member’s day, counted by the hour', async () => {
  let clock = new Date('2026-11-26T14:10:00.000Z');
  const server = await teamConsole({ now: () => clock });
  afterAll(() => server.close());
  const tenant = await server.tenant({ member_daily_limit_cents: 1_000_000 });
  const member = tenant.members.find((m) => m.role === 'finance') ?? { email: '', password: '' };
  const userId = tenant.users[0]?.id ?? '';

  it('counts a payment until the hour it was made is more than 24 hours past, and no longer', async () => {
    const finance = caller(server.app, await server.signIn(member));
    expect((await finance.post('/v2/payments', payment(userId, 600_000))).status).toBe(201);
    // The next day at 14:35: the 24 hours before hold the 14:10 payment.
    clock = new Date('2026-11-27T14:35:00.000Z');
    const again = caller(server.app, await server.signIn(member));
    const refused = await again.post('/v2/payments', payment(userId, 600_000));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error_code: 'approval-required', limit: 'daily' });
    expect((await again.get('/api/team/policy')).body.moved_today_cents).toBe(600_000);
    // At 15:00 the day starts at 15:00 yesterday: the 14:10 payment has left it, and the refused one never counted.
    clock = new Date('2026-11-27T15:00:00.000Z');
    const later = caller(server.app, await server.signIn(member));
    expect((await later.get('/api/team/policy')).body.moved_today_cents).toBe(0);
    expect((await later.post('/v2/payments', payment(userId, 600_000))).status).toBe(201);
    expect((await later.get('/api/team/policy')).body.moved_today_cents).toBe(600_000);
  });
});

describe.each(BACKENDS)('two servers at once on $name', (backend) => {
  /** Any payment is within the limit of $10,000.00; $10,000.00 a day per member. */
  const tenThousandADay = {
    enabled: true,
    limit_cents: 1_000_000,
    approvals_needed: 1,
    member_daily_limit_cents: 1_000_000,
  };

  it('cannot both let through payments that together pass a member’s daily limit', async () => {
    const {
      made,
      sandbox,
      a,
      b,
      as,
      session: signIn,
      close,
    } = await twoConsolesUpstream(backend, 'split.example');
    try {
      const admin = await as('admin');
      expect((await admin.put('/api/team/policy', tenThousandADay)).status).toBe(200);
      const session = await signIn('finance');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          caller((i % 2 ? a : b).app, session).post(
            '/v2/payments',
            payment(made.users[0]?.id ?? '', 100_000),
          ),
        ),
      );
      const statuses = JSON.stringify(answers.map((r) => [r.status, r.body?.error_code]));
      expect(
        answers.filter((r) => r.status === 201),
        statuses,
      ).toHaveLength(10);
      expect(
        answers.filter((r) => r.status === 403),
        statuses,
      ).toHaveLength(10);
      const list = await sandbox.app.request('/v2/transfers?limit=100', {
        headers: { Authorization: basic(made.client_id, made.api_key) },
      });
      expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(10);
    } finally {
      await close();
    }
  });

  it('keep one exact counter while payments the service refuses are taken back on either server', async () => {
    const {
      made,
      shared,
      a,
      b,
      as,
      session: signIn,
      close,
    } = await twoConsolesUpstream(backend, 'counter.example');
    try {
      const admin = await as('admin');
      await admin.put('/api/team/policy', tenThousandADay);
      const session = await signIn('finance');
      const on = (i: number) => caller((i % 2 ? a : b).app, session);
      // Payments the service refuses (an unknown user) among good ones, on both servers at once: each refused one is
      // counted, then taken back.
      const mixed = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          on(i).post(
            '/v2/payments',
            payment(i % 3 === 0 ? crypto.randomUUID() : (made.users[0]?.id ?? ''), 100_000),
          ),
        ),
      );
      expect(mixed.filter((r) => r.status === 201).length).toBeLessThanOrEqual(10);
      // Then one at a time until the limit refuses: exactly the limit went through, whatever was taken back.
      let made201 = mixed.filter((r) => r.status === 201).length;
      for (let i = 0; ; i++) {
        const answer = await on(i).post('/v2/payments', payment(made.users[0]?.id ?? '', 100_000));
        if (answer.status !== 201) {
          expect(answer.body).toMatchObject({ error_code: 'approval-required', limit: 'daily' });
          break;
        }
        made201++;
      }
      expect(made201).toBe(10);
      expect((await caller(b.app, session).get('/api/team/policy')).body.moved_today_cents).toBe(1_000_000);
      // Nothing of a session is kept between requests: a member demoted on one server is stopped on the other at
      // their very next request.
      const finance = await shared.db
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'finance@counter.example')
        .executeTakeFirstOrThrow();
      expect((await caller(b.app, session).get('/v2/organizations')).status).toBe(200);
      expect((await admin.patch(`/api/team/members/${finance.id}`, { role: 'viewer' })).status).toBe(200);
      expect((await caller(b.app, session).get('/v2/organizations')).status).toBe(401);
    } finally {
      await close();
    }
  });
});
