import { describe, expect, it } from 'vitest';
import type { CreatedTenant } from './domain/tenant-factory';
import { makeHarness, NOT_FOUND_OR_UNAUTHORIZED } from './test/harness';

const VALID = {
  line_1: '1 Market Street',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
};
const UNKNOWN = '3f1d2c4b-0000-4000-8000-000000000000';

describe('PUT /v2/users/{user_id}/addresses', () => {
  const h = makeHarness();
  const put = (tenant: CreatedTenant, body: unknown, userId = tenant.users[0]?.id) =>
    h.call('PUT', `/v2/users/${userId}/addresses`, { tenant, body });
  const paths = (answer: { body: { errors?: { path: string }[] } }) =>
    (answer.body.errors ?? []).map((e) => e.path);

  it('stores a normalized address and answers it', async () => {
    const tenant = await h.tenant();
    const answer = await put(tenant, {
      ...VALID,
      line_1: '  1 Market Street ',
      state: 'ca',
      country: 'us',
      line_2: ' ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created: expect.stringMatching(/Z$/),
      ...VALID,
      line_2: null,
      line_3: null,
    });
  });

  for (const field of ['line_1', 'city', 'state', 'postcode', 'country'] as const) {
    it(`${field}: missing or blank -> 400 Required`, async () => {
      const tenant = await h.tenant();
      const { [field]: _left, ...missing } = VALID;
      for (const body of [missing, { ...VALID, [field]: '   ' }]) {
        const answer = await put(tenant, body);
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual([{ path: field, message: 'Required' }]);
      }
    });
  }

  for (const field of ['line_1', 'line_2', 'line_3', 'city'] as const) {
    it(`${field}: 100 characters accepted, 101 refused (after trimming)`, async () => {
      const tenant = await h.tenant();
      expect((await put(tenant, { ...VALID, [field]: ` ${'a'.repeat(100)} ` })).status).toBe(200);
      const refused = await put(tenant, { ...VALID, [field]: 'a'.repeat(101) });
      expect(refused.status).toBe(400);
      expect(paths(refused)).toEqual([field]);
    });
  }

  for (const field of ['state', 'postcode'] as const) {
    it(`${field} outside the US: 100 characters accepted, 101 refused`, async () => {
      const tenant = await h.tenant();
      const abroad = { ...VALID, country: 'GB', state: 'Kent', postcode: 'CT1 1AA' };
      expect((await put(tenant, { ...abroad, [field]: 'a'.repeat(100) })).status).toBe(200);
      const refused = await put(tenant, { ...abroad, [field]: 'a'.repeat(101) });
      expect(refused.status).toBe(400);
      expect(paths(refused)).toEqual([field]);
    });
  }

  it('only strings; no unknown fields', async () => {
    const tenant = await h.tenant();
    const answer = await put(tenant, { ...VALID, city: 42, line_2: null, extra: 'x' });
    expect(answer.status).toBe(400);
    expect(paths(answer).sort()).toEqual(['(body)', 'city', 'line_2']);
  });

  it.each([
    ['XX', 400],
    ['USA', 400],
    ['gb', 200],
    ['De', 200],
  ])('country %s -> %s (ISO 3166-1 alpha-2, any case, stored upper-case)', async (country, status) => {
    const tenant = await h.tenant();
    const answer = await put(tenant, { ...VALID, country, state: 'Greater London', postcode: 'SW1A 1AA' });
    expect(answer.status).toBe(status);
    if (status === 200) expect(answer.body.country).toBe(country.toUpperCase());
    else expect(paths(answer)).toEqual(['country']);
  });

  it.each([
    ['ny', 200, 'NY'],
    ['DC', 200, 'DC'],
    ['pr', 200, 'PR'],
    ['ZZ', 400, null],
    ['California', 400, null],
  ])('US state %s -> %s', async (state, status, stored) => {
    const tenant = await h.tenant();
    const answer = await put(tenant, { ...VALID, state });
    expect(answer.status).toBe(status);
    if (stored) expect(answer.body.state).toBe(stored);
    else expect(paths(answer)).toEqual(['state']);
  });

  it.each([
    ['94105', 200],
    ['94105-1234', 200],
    ['9410', 400],
    ['941051234', 400],
    ['94105-12', 400],
    ['ABCDE', 400],
  ])('US ZIP %s -> %s', async (postcode, status) => {
    const tenant = await h.tenant();
    expect((await put(tenant, { ...VALID, postcode })).status).toBe(status);
  });

  it('outside the US, state and postcode are free-form', async () => {
    const tenant = await h.tenant();
    const answer = await put(tenant, {
      ...VALID,
      country: 'DE',
      state: 'Bayern',
      postcode: 'D-80331 München',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: 'Bayern', postcode: 'D-80331 München', country: 'DE' });
  });

  it('lists every problem at once, US rules included', async () => {
    const tenant = await h.tenant();
    const answer = await put(tenant, { city: '', state: 'ZZ', postcode: '1', country: 'US' });
    expect(paths(answer).sort()).toEqual(['city', 'line_1', 'postcode', 'state']);
  });

  it("unknown and another tenant's user: the same 403; a bad id is 400", async () => {
    const tenant = await h.tenant();
    const other = await h.tenant();
    const foreign = await put(tenant, VALID, other.users[0]?.id);
    const unknown = await put(tenant, VALID, UNKNOWN);
    expect(foreign.status).toBe(403);
    expect(foreign.text).toBe(unknown.text);
    expect((await put(tenant, VALID, 'user-1')).status).toBe(400);
    expect((await put(tenant, { ...VALID, city: '' }, UNKNOWN)).status).toBe(400);
  });

  it('every PUT adds an address; the user keeps them all, newest first (ties by insertion order)', async () => {
    let clock = Date.parse('2026-05-01T00:00:00Z');
    const timed = makeHarness({}, () => clock);
    const tenant = await timed.tenant();
    const userId = tenant.users[0]?.id;
    const add = (line_1: string) =>
      timed.call('PUT', `/v2/users/${userId}/addresses`, { tenant, body: { ...VALID, line_1 } });
    await add('first');
    clock += 10;
    await add('second');
    await add('third, same millisecond');
    const user = await timed.call('GET', `/v2/users/${userId}`, { tenant });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: userId, first_name: tenant.users[0]?.first_name });
    expect(user.body.addresses.map((a: { line_1: string }) => a.line_1)).toEqual([
      'third, same millisecond',
      'second',
      'first',
    ]);
  });
});

describe('copy organization compliance to an app', () => {
  const h = makeHarness();
  const copy = (
    tenant: CreatedTenant,
    appId: string,
    options: { rawBody?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    h.call('PUT', `/v2/organizations/copy-organization-compliance-to-app/${appId}`, { tenant, ...options });

  it('copies with no body or {} and the record is then the app’s', async () => {
    const tenant = await h.tenant();
    const app = tenant.apps[0]?.id ?? '';
    expect((await h.call('GET', `/v2/apps/${app}/compliance`, { tenant })).status).toBe(404);
    const empty = await copy(tenant, app);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      success: true,
      message: 'Business compliance information successfully copied',
    });
    expect((await copy(tenant, app, { body: {} })).status).toBe(200);
    expect((await copy(tenant, app, { rawBody: '{}' })).status).toBe(200);
    expect(
      (await copy(tenant, app, { rawBody: '', headers: { 'Content-Type': 'application/json' } })).status,
    ).toBe(200);
    const record = await h.call('GET', `/v2/apps/${app}/compliance`, { tenant });
    expect(record.status).toBe(200);
    expect(record.body.company_info.name).toBe(`${tenant.organization.name} Inc.`);
    expect(Object.keys(record.body).sort()).toEqual([
      'company_info',
      'contact_info',
      'directors',
      'flow_of_funds',
    ]);
  });

  it('400 for a bad UUID and for an organization with no record; both keep success:false and message', async () => {
    const tenant = await h.tenant();
    const bad = await copy(tenant, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      message: expect.any(String),
      error_code: 'validation-failed',
    });
    const bare = await h.tenant({ compliance: false });
    const none = await copy(bare, bare.apps[0]?.id ?? '');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      success: false,
      error_code: 'no-compliance-record',
      message: 'The organization has no business compliance information to copy; add it first',
    });
  });

  it("403 for an unknown app and for another tenant's app, with the same body", async () => {
    const tenant = await h.tenant();
    const other = await h.tenant();
    const foreign = await copy(tenant, other.apps[0]?.id ?? '');
    const unknown = await copy(tenant, UNKNOWN);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(NOT_FOUND_OR_UNAUTHORIZED);
    expect(foreign.text).toBe(unknown.text);
    const theirRecord = await h.call('GET', `/v2/apps/${other.apps[0]?.id}/compliance`, { tenant });
    expect(theirRecord.status).toBe(403);
    expect(theirRecord.text).toBe(unknown.text);
  });

  it('a body with fields is refused', async () => {
    const tenant = await h.tenant();
    expect((await copy(tenant, tenant.apps[0]?.id ?? '', { body: { source_app_id: UNKNOWN } })).status).toBe(
      400,
    );
  });
});
