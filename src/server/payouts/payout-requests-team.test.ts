import { afterAll, describe, expect, it } from 'vitest';
import { teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { tenantOf } from '../test/tenants';

/**
 * A payout request, approved in the vendor's dashboard (not by a second member of the team), sends its payee a payout
 * link of its amount: a member asks for no more than they could pay alone, stamped with their name and counted in
 * their day, as a payout is. Tried as an insider would: under and over the limit, split across the day, as a viewer
 * or support, with another's name, a body the service would refuse, and spellings of the path.
 */
describe.each(BACKENDS)('payout requests under the team rules on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  // Approvals above $1,000.00: a member's day alone is $1,000.00 too.
  const o = await tenantOf(server, { approval_limit_cents: 100_000 });
  const finance = await o.as('finance');
  const viewer = await o.as('viewer');
  const support = await o.as('support');
  const asked = async () =>
    (await o.org.get('/v2/payout-requests?limit=100')).body.data as {
      amount: number;
      metadata: Record<string, unknown> | null;
    }[];

  it('takes a request under the limit, stamped with its member whatever the body said', async () => {
    const made = await finance.post('/v2/payout-requests', {
      user_id: o.user,
      amount: 40_000,
      metadata: { initiated_by: 'boss@example.com', note: 'March' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.metadata).toMatchObject({ initiated_by: o.member('finance').email, note: 'March' });
  });

  it('refuses one over the limit, and one that would pass the day, with nothing asked at the service', async () => {
    const before = (await asked()).length;
    const over = await finance.post('/v2/payout-requests', { user_id: o.user, amount: 100_001 });
    expect(over.status).toBe(403);
    expect(over.body.error_code).toBe('approval-required');
    // $400.00 asked already; $600.00 more fits the day, $1.00 more does not.
    expect((await finance.post('/v2/payout-requests', { user_id: o.user, amount: 60_000 })).status).toBe(201);
    const split = await finance.post('/v2/payout-requests', { user_id: o.user, amount: 100 });
    expect(split.status).toBe(403);
    expect(split.body.error_code).toBe('approval-required');
    expect((await asked()).length).toBe(before + 1);
  });

  it('refuses a viewer and support, and a body the service would refuse, before anything is asked', async () => {
    const before = (await asked()).length;
    for (const member of [viewer, support]) {
      expect((await member.post('/v2/payout-requests', { user_id: o.user, amount: 100 })).status).toBe(403);
    }
    for (const body of [
      {},
      { amount: 100 },
      { user_id: o.user, amount: '100' },
      { user_id: o.user, amount: 100, payee: { country_code: '1', phone_number: '5555550100' } },
      { user_id: o.user, amount: 100, metadata: 'a note' },
      { user_id: o.user, amount: 100, idempotency_key: 'k' },
    ]) {
      const refused = await finance.post('/v2/payout-requests', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await asked()).length).toBe(before);
  });

  it('refuses every other spelling of the path with a 404, and nothing is asked', async () => {
    const before = (await asked()).length;
    for (const path of [
      '/v2/payout-requests.json',
      '/v2/payout-requests/',
      '/v2/payout-requests;x',
      '/v2//payout-requests',
      '/v2/payout-requests%2F',
    ]) {
      const answer = await finance.post(path, { user_id: o.user, amount: 100 });
      expect([400, 404], path).toContain(answer.status);
    }
    expect((await asked()).length).toBe(before);
  });
});
