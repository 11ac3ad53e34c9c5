import { describe, expect, it } from 'vitest';
import { basic, makeHarness } from './test/harness';

describe('brute-force protection (sliding window per client id, and per address for unusable credentials)', () => {
  const setup = () => {
    let clock = Date.parse('2026-02-01T00:00:00Z');
    const h = makeHarness({ authFailureLimit: 20, authFailureWindowMs: 60_000 }, () => clock);
    return { h, tick: (ms: number) => (clock += ms) };
  };

  it('the 21st failure in the window and every request after it get 429 with Retry-After, even the right key', async () => {
    const { h, tick } = setup();
    const tenant = await h.tenant();
    // The right key has verified before the lockout (the server remembers headers that verified): still refused.
    expect((await h.call('GET', '/v2/organizations', { tenant })).status).toBe(200);
    const wrong = { ...tenant, api_key: 'sk_sandbox_guess' };
    for (let i = 0; i < 20; i++) {
      expect((await h.call('GET', '/v2/organizations', { tenant: wrong })).status).toBe(401);
      tick(1000);
    }
    const locked = await h.call('GET', '/v2/organizations', { tenant: wrong });
    expect(locked.status).toBe(429);
    expect(locked.body.error_code).toBe('too-many-failed-authentications');
    // The oldest failure was 20 s ago: it leaves the window in 40 s.
    expect(locked.headers.get('Retry-After')).toBe('40');
    const right = await h.call('GET', '/v2/organizations', { tenant });
    expect(right.status).toBe(429);
    tick(40_000);
    expect((await h.call('GET', '/v2/organizations', { tenant })).status).toBe(200);
  });

  it('a key that verified once does not make a wrong key pass, nor a right key of another client', async () => {
    const { h } = setup();
    const tenant = await h.tenant();
    const other = await h.tenant();
    expect((await h.call('GET', '/v2/organizations', { tenant })).status).toBe(200);
    expect((await h.call('GET', '/v2/organizations', { tenant: { ...tenant, api_key: 'x' } })).status).toBe(
      401,
    );
    expect(
      (await h.call('GET', '/v2/organizations', { tenant: { ...other, api_key: tenant.api_key } })).status,
    ).toBe(401);
    const mine = await h.call('GET', '/v2/organizations', { tenant });
    const theirs = await h.call('GET', '/v2/organizations', { tenant: other });
    expect(mine.body.id).not.toBe(theirs.body.id);
  });

  it('other client ids are unaffected, even from the same address', async () => {
    const { h } = setup();
    const victim = await h.tenant();
    const other = await h.tenant();
    for (let i = 0; i < 25; i++)
      await h.call('GET', '/v2/organizations', { tenant: { ...victim, api_key: 'x' } });
    expect((await h.call('GET', '/v2/organizations', { tenant: victim })).status).toBe(429);
    expect((await h.call('GET', '/v2/organizations', { tenant: other })).status).toBe(200);
  });

  it('unknown, missing and malformed credentials are limited per address; valid ones still pass', async () => {
    const { h, tick } = setup();
    const tenant = await h.tenant();
    const headers: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer x' },
      { Authorization: basic({ client_id: 'nobody', api_key: 'k' }) },
    ];
    for (let i = 0; i < 20; i++) {
      expect((await h.call('GET', '/v2/organizations', { headers: headers[i % 3] })).status).toBe(401);
    }
    const locked = await h.call('GET', '/v2/organizations', { headers: { Authorization: 'Basic Zm9v' } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await h.call('GET', '/v2/organizations', { tenant })).status).toBe(200);
    tick(60_001);
    expect((await h.call('GET', '/v2/organizations')).status).toBe(401);
  });

  it('failures older than the window do not count', async () => {
    const { h, tick } = setup();
    const tenant = await h.tenant();
    for (let i = 0; i < 40; i++) {
      expect((await h.call('GET', '/v2/organizations', { tenant: { ...tenant, api_key: 'x' } })).status).toBe(
        401,
      );
      tick(3_001); // 20 failures span just over 60 s
    }
  });
});
