import { afterAll, describe, expect, it } from 'vitest';
import { newUserBody } from './onboarding-fixtures';
import { type Harness, makeHarness } from './test/harness';

/**
 * A flow made with `require_auth`: its link alone opens nothing; the payee enters the code sent to the user's phone
 * first (the verification code and its lock-out). Without it, a user's flow is authenticated and lasts 15 minutes.
 */

const h: Harness = makeHarness({ dbFile: ':memory:' });
afterAll(() => h.sandbox.close());

async function open(path: string) {
  const response = await h.sandbox.app.request(path);
  const text = await response.text();
  return { status: response.status, text, csrf: /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? '' };
}

async function post(path: string, fields: Record<string, string>) {
  const response = await h.sandbox.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, text: await response.text() };
}

describe('require_auth', () => {
  it("asks the code sent to the user's phone before any step; a wrong code spends an attempt", async () => {
    const tenant = await h.tenant();
    const user = (await h.call('POST', '/v2/users', { tenant, body: newUserBody() })).body;
    const plain = await h.call('POST', '/v2/flows', {
      tenant,
      body: { user_id: user.id, steps: ['manage-payouts'] },
    });
    const made = await h.call('POST', '/v2/flows', {
      tenant,
      body: { user_id: user.id, steps: ['manage-payouts'], require_auth: true },
    });
    expect(made.status, made.text).toBe(200);
    const minutes = (flow: { created: string; expires_at: string }) =>
      (Date.parse(flow.expires_at) - Date.parse(flow.created)) / 60_000;
    expect(minutes(plain.body)).toBe(15);
    expect(minutes(made.body)).toBe(72 * 60);

    const path = new URL(made.body.link).pathname;
    const first = await open(path);
    expect(first.text).toContain('Confirm it&#39;s you');
    expect(first.text).not.toContain('Where your money goes');
    // A payout method's form posted before: nothing changes.
    const early = await post(path, {
      csrf: first.csrf,
      step: 'manage-payouts',
      platform: 'paypal',
      paypal_email: 'x@evil.example',
    });
    expect(early.status).toBe(303);
    expect((await h.call('GET', `/v2/users/${user.id}/payout-methods`, { tenant })).text).not.toContain(
      'x@evil.example',
    );

    expect((await post(path, { csrf: first.csrf, step: 'auth', send: '1' })).text).toContain(
      'A code is on its way',
    );
    const { code } = (await h.call('GET', `/sandbox/users/${user.id}/verification-code`)).body;
    const wrong = await post(path, {
      csrf: first.csrf,
      step: 'auth',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('4 attempt(s) left');
    const right = await post(path, { csrf: first.csrf, step: 'auth', code });
    expect(right.status).toBe(303);
    expect((await open(path)).text).toContain('Where your money goes');
  });
});
