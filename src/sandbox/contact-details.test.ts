import { afterAll, describe, expect, it } from 'vitest';
import { newUserBody } from './onboarding-fixtures';
import { type Harness, makeHarness } from './test/harness';

/** A user's contact details changed by PATCH (an extension): the creation's rules, and a new phone unverified. */

const h: Harness = makeHarness({ dbFile: ':memory:' });
afterAll(() => h.sandbox.close());

describe("a user's contact details", () => {
  it('change by PATCH: names, email, phone with its country code; a duplicate is refused at its field; a new phone is unverified', async () => {
    const tenant = await h.tenant();
    const made = await h.call('POST', '/v2/users', { tenant, body: newUserBody() });
    const other = await h.call('POST', '/v2/users', { tenant, body: newUserBody() });
    const id = made.body.id as string;
    const sent = await h.call('POST', `/v2/users/${id}/send-verification-token`, { tenant, body: {} });
    expect(sent.status).toBe(202);
    const { code } = (await h.call('GET', `/sandbox/users/${id}/verification-code`)).body;
    expect((await h.call('POST', `/v2/users/${id}/verify`, { tenant, body: { token: code } })).status).toBe(
      200,
    );

    const renamed = await h.call('PATCH', `/v2/users/${id}`, {
      tenant,
      body: { first_name: 'Rena', last_name: 'Renamed', email: 'rena.renamed@example.com' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({
      first_name: 'Rena',
      last_name: 'Renamed',
      email: 'rena.renamed@example.com',
    });
    expect(renamed.body.status).toBe('verified');

    const taken = await h.call('PATCH', `/v2/users/${id}`, { tenant, body: { email: other.body.email } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ path: 'email', message: 'Another user has this email address' }]);
    const alone = await h.call('PATCH', `/v2/users/${id}`, { tenant, body: { phone_number: '4155550000' } });
    expect(alone.status).toBe(400);
    expect(alone.body.errors[0].path).toBe('phone_number');

    const phoned = await h.call('PATCH', `/v2/users/${id}`, {
      tenant,
      body: { country_code: '44', phone_number: '7700900123' },
    });
    expect(phoned.status, phoned.text).toBe(200);
    expect(phoned.body).toMatchObject({
      phone_number: { country_code: '44', phone_number: '7700900123' },
      status: 'unverified',
    });
  });
});
