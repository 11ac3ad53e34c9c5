import { describe, expect, it } from 'vitest';
import { makeHarness } from './test/harness';

describe('the per-organization rate limit (RATE_LIMIT_PER_SECOND)', () => {
  it('answers 429 with Retry-After and the usual error body past the limit, per organization, and recovers', async () => {
    let clock = 1_000_000;
    const h = makeHarness({ rateLimitPerSecond: 5 }, () => clock);
    const busy = await h.tenant();
    const calm = await h.tenant();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await h.call('GET', '/v2/organizations', { tenant: busy })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await h.call('GET', '/v2/organizations', { tenant: busy });
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(refused.body).toMatchObject({ success: false, error_code: 'rate-limited' });
    expect((await h.call('GET', '/v2/organizations', { tenant: calm })).status).toBe(200);
    clock += 1000;
    expect((await h.call('GET', '/v2/organizations', { tenant: busy })).status).toBe(200);
  });
});

describe('replays and forced 429s', () => {
  const h = makeHarness();

  it('says Idempotent-Replayed: true on the answer to a replayed payment, and only then', async () => {
    const tenant = await h.tenant();
    const body = {
      amount: 500,
      platform: 'ach',
      user_id: tenant.users[0]?.id,
      ach_info: { account_number: '123456789', routing_number: '021000021' },
      idempotency_key: 'replay-me',
    };
    const first = await h.call('POST', '/v2/payments', { tenant, body });
    const again = await h.call('POST', '/v2/payments', { tenant, body });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
  });

  it('forces 429s with the Retry-After asked for', async () => {
    const tenant = await h.tenant();
    const armed = await h.call('POST', '/sandbox/faults', {
      body: {
        client_id: tenant.client_id,
        path_prefix: '/v2/payments',
        status: 429,
        times: 2,
        retry_after: 3,
      },
    });
    expect(armed.status).toBe(201);
    const refused = await h.call('POST', '/v2/payments', { tenant, body: {} });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('3');
    expect(refused.body.error_code).toBe('rate-limited');
  });
});
