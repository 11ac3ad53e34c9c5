import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { organizationSchema, payoutMethodSchema } from '../api/schemas';
import { BODY_LIMIT_BYTES } from '../node/body-limit';
import { TENANT_WALLET_CENTS } from './domain/tenant-factory';
import { basic, listen, makeHarness, NOT_FOUND_OR_UNAUTHORIZED } from './test/harness';

const UNKNOWN_UUID = '3f1d2c4b-0000-4000-8000-000000000000';

describe('authentication', () => {
  const h = makeHarness();

  it.each([
    ['no header', undefined, 'missing-credentials'],
    ['not Basic', 'Bearer abc', 'malformed-credentials'],
    ['bad base64', 'Basic !!!', 'malformed-credentials'],
    ['no colon', `Basic ${Buffer.from('justaclient').toString('base64')}`, 'malformed-credentials'],
    ['unknown client', `Basic ${Buffer.from('nobody:key').toString('base64')}`, 'invalid-credentials'],
  ])('%s -> 401 with a Basic challenge and the error body', async (_name, header, code) => {
    const answer = await h.call('GET', '/v2/organizations', {
      headers: header ? { Authorization: header } : {},
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('WWW-Authenticate')).toMatch(/^Basic realm="sandbox"/);
    expect(answer.body).toEqual({ success: false, error_code: code, message: expect.any(String) });
  });

  it('a right client id with a wrong key is 401', async () => {
    const tenant = await h.tenant();
    const answer = await h.call('GET', '/v2/organizations', {
      tenant: { ...tenant, api_key: `${tenant.api_key}x` },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error_code).toBe('invalid-credentials');
  });

  it('is checked before anything else: unknown routes, bad ids and big bodies are 401 without credentials', async () => {
    expect((await h.call('GET', '/v2/nowhere')).status).toBe(401);
    expect((await h.call('GET', '/v2/users/not-a-uuid/payout-methods')).status).toBe(401);
    expect(
      (await h.call('POST', '/v2/organizations', { rawBody: 'x'.repeat(BODY_LIMIT_BYTES + 1) })).status,
    ).toBe(401);
  });

  it('the organization answers with id, name and balance', async () => {
    const tenant = await h.tenant();
    const answer = await h.call('GET', '/v2/organizations', { tenant });
    expect(answer.status).toBe(200);
    // The first app's wallet starts funded (for payouts); the organization's balance is its apps' wallets.
    expect(answer.body).toEqual({
      id: tenant.organization.id,
      name: tenant.organization.name,
      balance: TENANT_WALLET_CENTS,
    });
    expect(organizationSchema.parse(answer.body).id).toBe(tenant.organization.id);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('error shapes', () => {
  const h = makeHarness();

  it('unknown route -> 404, wrong method -> 405 with Allow', async () => {
    const tenant = await h.tenant();
    const missing = await h.call('GET', '/v2/nowhere', { tenant });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error_code: 'route-not-found' });
    const wrong = await h.call('DELETE', '/v2/organizations', { tenant });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('Allow')).toBe('GET, HEAD');
    expect(wrong.body).toMatchObject({ success: false, error_code: 'method-not-allowed' });
  });

  it('a path id that is not a UUID -> 400 naming the field', async () => {
    const tenant = await h.tenant();
    const answer = await h.call('GET', '/v2/users/12345/payout-methods', { tenant });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'user_id', message: 'user_id must be a UUID' }]);
  });

  it('malformed JSON -> 400, an oversized body -> 413, a wrong content type -> 415', async () => {
    const malformed = await h.call('POST', '/sandbox/faults', {
      rawBody: '{"client_id":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error_code).toBe('malformed-json');
    const big = await h.call('POST', '/sandbox/faults', {
      rawBody: JSON.stringify({ client_id: 'x'.repeat(BODY_LIMIT_BYTES) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, error_code: 'body-too-large' });
    const form = await h.call('POST', '/sandbox/faults', {
      rawBody: 'client_id=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('every response carries an X-Request-Id, echoing the caller one', async () => {
    const tenant = await h.tenant();
    const mine = await h.call('GET', '/v2/organizations', {
      tenant,
      headers: { 'X-Request-Id': 'ticket-42' },
    });
    expect(mine.headers.get('X-Request-Id')).toBe('ticket-42');
    const generated = await h.call('GET', '/v2/nowhere');
    expect(generated.headers.get('X-Request-Id')).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('reads the same headers over a socket as in process (Node has parsed them there)', async () => {
    const tenant = await h.tenant();
    const server = await listen(h.sandbox.app);
    try {
      const send = (path: string, init: RequestInit = {}) =>
        fetch(`${server.url}${path}`, {
          ...init,
          headers: { Authorization: basic(tenant), 'x-REQUEST-id': 'ticket-43', ...init.headers },
        });
      const read = await send('/v2/organizations');
      expect(read.status).toBe(200);
      expect(read.headers.get('X-Request-Id')).toBe('ticket-43');
      expect((await send('/v2/organizations', { headers: { Authorization: 'Basic !!!' } })).status).toBe(401);
      const payment = JSON.stringify({
        amount: 100,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '123456789', routing_number: '021000021' },
      });
      const asForm = await send('/v2/payments', {
        method: 'POST',
        body: payment,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(asForm.status).toBe(415);
      const second = tenant.apps[1];
      const toSecondApp = await send('/v2/payments', {
        method: 'POST',
        body: payment,
        headers: { 'Content-Type': 'application/json', 'Api-App-Id': second?.id ?? '' },
      });
      expect(toSecondApp.status).toBe(201);
      const toSecond = await toSecondApp.json();
      await send(`/sandbox/transfers/${toSecond.id}/advance`, {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
      });
      await send(`/sandbox/transfers/${toSecond.id}/advance`, {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
      });
      const settled = await (await send(`/v2/transfers/${toSecond.id}`, { method: 'GET' })).json();
      expect(settled.transactions[0].destination_name).toBe(second?.name);
      const huge = await send('/v2/payments', {
        method: 'POST',
        body: 'x'.repeat(BODY_LIMIT_BYTES + 1),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(huge.status).toBe(413);
    } finally {
      await server.close();
    }
  });
});

describe('tenancy and payout methods', () => {
  const h = makeHarness();

  it("lists a user's stored accounts with only the last four digits", async () => {
    const tenant = await h.tenant();
    const [first, second] = tenant.users;
    const answer = await h.call('GET', `/v2/users/${first?.id}/payout-methods`, { tenant });
    expect(answer.status).toBe(200);
    // Two bank accounts, then Venmo; the first is the default (none was chosen).
    expect(
      z
        .array(payoutMethodSchema)
        .parse(answer.body)
        .map((m) => m.platform),
    ).toEqual(['ach', 'ach', 'venmo']);
    expect(answer.body[0]).toEqual({
      id: first?.payout_methods[0]?.id,
      platform: 'ach',
      description: `Checking account ending in ${first?.payout_methods[0]?.mask}`,
      mask: first?.payout_methods[0]?.mask,
      account_type: 'checking',
      is_default: true,
    });
    // Nothing that looks like an account number (ids aside): only four digits are ever kept.
    expect(answer.text.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '')).not.toMatch(/\d{5,}/);
    const secondAnswer = await h.call('GET', `/v2/users/${second?.id}/payout-methods`, { tenant });
    expect(
      secondAnswer.body.map((m: { platform: string; is_default?: boolean }) => [
        m.platform,
        m.is_default ?? false,
      ]),
    ).toEqual([
      ['ach', false],
      ['paypal', true],
      ['cash_app', false],
    ]);
  });

  it("another tenant's user and an unknown user get the very same 403", async () => {
    const mine = await h.tenant();
    const theirs = await h.tenant();
    const foreign = await h.call('GET', `/v2/users/${theirs.users[0]?.id}/payout-methods`, { tenant: mine });
    const unknown = await h.call('GET', `/v2/users/${UNKNOWN_UUID}/payout-methods`, { tenant: mine });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body).toEqual(NOT_FOUND_OR_UNAUTHORIZED);
  });

  it('a tenant is fresh: random v4 ids, fixture accounts never end in a magic number', async () => {
    const tenant = await h.tenant();
    expect(tenant.apps.length).toBeGreaterThanOrEqual(2);
    expect(tenant.users.length).toBeGreaterThanOrEqual(2);
    expect(tenant.customers.length).toBeGreaterThanOrEqual(1);
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const id of [
      tenant.organization.id,
      ...tenant.apps.map((a) => a.id),
      ...tenant.users.map((u) => u.id),
    ]) {
      expect(id).toMatch(v4);
    }
    for (const method of tenant.users.flatMap((u) => u.payout_methods)) {
      expect(['0001', '0002', '0003', '0010']).not.toContain(method.mask);
    }
    expect(JSON.stringify(tenant)).not.toMatch(/"account_number"/);
  });
});

describe('faults', () => {
  const h = makeHarness();

  it('an injected status hits only the next matching request of that tenant', async () => {
    const tenant = await h.tenant();
    const other = await h.tenant();
    const armed = await h.call('POST', '/sandbox/faults', {
      body: {
        client_id: tenant.client_id,
        path_prefix: '/v2/organizations',
        status: 503,
        message: 'Try later',
      },
    });
    expect(armed.status).toBe(201);
    expect((await h.call('GET', '/v2/organizations', { tenant: other })).status).toBe(200);
    const hit = await h.call('GET', '/v2/organizations', { tenant });
    expect(hit.status).toBe(503);
    expect(hit.body).toEqual({ success: false, error_code: 'service-unavailable', message: 'Try later' });
    expect((await h.call('GET', '/v2/organizations', { tenant })).status).toBe(200);
  });

  it('times, method and prefix narrow a fault', async () => {
    const tenant = await h.tenant();
    await h.call('POST', '/sandbox/faults', {
      body: { client_id: tenant.client_id, method: 'GET', path_prefix: '/v2/users', status: 500, times: 2 },
    });
    const path = `/v2/users/${tenant.users[0]?.id}/payout-methods`;
    expect((await h.call('GET', '/v2/organizations', { tenant })).status).toBe(200);
    expect((await h.call('GET', path, { tenant })).status).toBe(500);
    expect((await h.call('GET', path, { tenant })).status).toBe(500);
    expect((await h.call('GET', path, { tenant })).status).toBe(200);
  });

  it('refuses a fault that does nothing, an unknown tenant, and a status with a drop', async () => {
    const tenant = await h.tenant();
    expect((await h.call('POST', '/sandbox/faults', { body: { client_id: tenant.client_id } })).status).toBe(
      400,
    );
    expect(
      (await h.call('POST', '/sandbox/faults', { body: { client_id: 'nobody', status: 500 } })).status,
    ).toBe(404);
    const both = await h.call('POST', '/sandbox/faults', {
      body: { client_id: tenant.client_id, status: 500, drop: 'before' },
    });
    expect(both.status).toBe(400);
    expect(both.body.errors[0].path).toBe('drop');
  });

  it('a dropped connection gives the client no answer at all, and the server answers the next request', async () => {
    const tenant = await h.tenant();
    const server = await listen(h.sandbox.app);
    try {
      await h.call('POST', '/sandbox/faults', { body: { client_id: tenant.client_id, drop: 'before' } });
      const headers = { Authorization: basic(tenant) };
      await expect(fetch(`${server.url}/v2/organizations`, { headers })).rejects.toThrow();
      const after = await fetch(`${server.url}/v2/organizations`, { headers });
      expect(after.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a delay holds the answer back', async () => {
    const tenant = await h.tenant();
    await h.call('POST', '/sandbox/faults', { body: { client_id: tenant.client_id, delay_ms: 150 } });
    const started = performance.now();
    expect((await h.call('GET', '/v2/organizations', { tenant })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('memory helper', () => {
  it('reports the process memory in bytes, for benchmarks', async () => {
    const h = makeHarness();
    const answer = await h.call('GET', '/sandbox/memory');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      rss: expect.any(Number),
      heapTotal: expect.any(Number),
      heapUsed: expect.any(Number),
      external: expect.any(Number),
    });
    expect(answer.body.heapUsed).toBeLessThanOrEqual(answer.body.heapTotal);
    expect((await h.call('GET', '/sandbox/memory?collect=true')).status).toBe(200);
    expect((await h.call('GET', '/sandbox/memory?collect=yes')).status).toBe(400);
  });
});

describe('OpenAPI document', () => {
  it('describes every route, marks extensions, and is generated from the validating schemas', async () => {
    const h = makeHarness();
    const answer = await h.call('GET', '/sandbox/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    for (const def of h.sandbox.routes) {
      expect(answer.body.paths[def.path]?.[def.method.toLowerCase()]?.operationId).toBe(def.operationId);
    }
    expect(answer.body.paths['/sandbox/tenants'].post['x-extension']).toBe(true);
    const org =
      answer.body.paths['/v2/organizations'].get.responses['200'].content['application/json'].schema;
    expect(org.properties.name['x-extension']).toBe(true);
  });
});
