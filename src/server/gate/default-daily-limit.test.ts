import { afterAll, describe, expect, it } from 'vitest';
import { teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { achPayment, tenantOf } from '../test/tenants';

/**
 * With approvals on and no daily limit set, what a member moves alone in 24 hours is bounded by the approval limit:
 * payments split to stay under the limit are held once their sum passes it.
 */

const payment = achPayment;

describe.each(BACKENDS)('the daily limit by default on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const signedIn = async (settings: Record<string, unknown>) => {
    const { tenant, as } = await tenantOf(server, settings);
    return { tenant, finance: await as('finance') };
  };

  it('holds the third of three $400.00 payments under a $1,000.00 approval limit, and says the day it is judged by', async () => {
    const { tenant, finance } = await signedIn({ approval_limit_cents: 100_000 });
    const user = tenant.users[0]?.id ?? '';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await finance.post('/v2/payments', payment(user, 40_000)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 403]);
    expect(answers[2]?.body).toMatchObject({ error_code: 'approval-required', limit: 'daily' });
    expect(answers[2]?.body.message).toContain('above your daily limit of $1,000.00');
    const policy = await finance.get('/api/team/policy');
    expect(policy.body.policy).toMatchObject({
      enabled: true,
      limitCents: 100_000,
      memberDailyLimitCents: null,
    });
    expect(policy.body.moved_today_cents).toBe(80_000);
  });

  it('leaves a set daily limit, and approvals off, as they were', async () => {
    const set = await signedIn({ approval_limit_cents: 100_000, member_daily_limit_cents: 300_000 });
    const user = set.tenant.users[0]?.id ?? '';
    for (let i = 0; i < 3; i++)
      expect((await set.finance.post('/v2/payments', payment(user, 90_000))).status).toBe(201);
    const off = await signedIn({ approval_limit_cents: null });
    const offUser = off.tenant.users[0]?.id ?? '';
    for (let i = 0; i < 3; i++)
      expect((await off.finance.post('/v2/payments', payment(offUser, 90_000))).status).toBe(201);
  });
});
