import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CreatedTenant } from './domain/tenant-factory';
import { makeHarness } from './test/harness';

/**
 * Property: whatever arrives (random and hostile methods, paths, headers, encodings, bodies and sizes), the sandbox
 * never answers 5xx, every error has the error shape, and it still answers a good request afterwards.
 */
const h = makeHarness({ authFailureLimit: 1_000_000 });
let tenant: CreatedTenant;
const ROUTES = [
  '/v2/organizations',
  '/v2/payments',
  '/v2/transfers',
  '/v2/transfers/{id}',
  '/v2/users/{id}',
  '/v2/users/{id}/payout-methods',
  '/v2/users/{id}/addresses',
  '/v2/organizations/copy-organization-compliance-to-app/{id}',
  '/v2/apps/{id}/compliance',
  '/sandbox/tenants',
  '/sandbox/faults',
  '/sandbox/transfers/{id}/advance',
  '/sandbox/openapi.json',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '%00',
    '%2e%2e',
    '<script>',
    "' OR 1=1 --",
    '\uFFFF',
    '🙂',
  ),
  fc.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
);
const jsonValue = fc.jsonValue({ maxDepth: 4 });
const pathId = fc.oneof(
  hostileString.map((s) => encodeURIComponent(s)),
  fc.constantFrom('users', 'null', '0', '-1', '%'),
  fc.uuid(),
);

/** A body: valid-ish JSON shapes of the real requests, random JSON, broken JSON, or big. */
const body = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        amount: fc.oneof(fc.integer(), fc.double(), hostileString, fc.constant(null)),
        platform: fc.oneof(fc.constant('ach'), hostileString),
        user_id: fc.oneof(fc.uuid(), hostileString),
        customer_id: fc.oneof(fc.uuid(), hostileString),
        account_id: fc.oneof(fc.uuid(), hostileString, fc.constant(null)),
        ach_info: fc.oneof(
          fc.record({
            account_number: hostileString,
            routing_number: hostileString,
            account_type: hostileString,
          }),
          jsonValue,
        ),
        metadata: jsonValue,
        idempotency_key: hostileString,
        line_1: hostileString,
        city: hostileString,
        state: hostileString,
        postcode: hostileString,
        country: hostileString,
        client_id: hostileString,
        status: fc.oneof(fc.integer(), hostileString),
        times: fc.oneof(fc.integer(), hostileString),
        drop: hostileString,
        compliance: fc.oneof(fc.boolean(), hostileString),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  hostileString,
  fc.constantFrom('{', '[', '{"a":', 'null', 'true', '1e999', '"\\ud800"', '{"__proto__":{"x":1}}'),
  fc.integer({ min: 60_000, max: 70_000 }).map((n) => JSON.stringify({ metadata: 'x'.repeat(n) })),
);

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
  route: fc.constantFrom(...ROUTES),
  id: pathId,
  query: fc.array(
    fc.tuple(
      fc.constantFrom(
        'limit',
        'status',
        'user_id',
        'starting_after',
        'ending_before',
        'start_date',
        'reverse_order',
        'type',
        'x',
      ),
      hostileString,
    ),
    { maxLength: 4 },
  ),
  auth: fc.oneof(
    fc.constant('valid'),
    fc.constant('none'),
    hostileString.map((s) => `Basic ${Buffer.from(s).toString('base64')}`),
    hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  ),
  contentType: fc.constantFrom(
    undefined,
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    'multipart/form-data; boundary=x',
  ),
  body: fc.option(body, { nil: undefined }),
  requestId: fc.option(
    hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    { nil: undefined },
  ),
});

function urlOf(r: { route: string; id: string; query: [string, string][] }): string {
  const path = r.route.replaceAll('{id}', r.id);
  const search = new URLSearchParams(r.query).toString();
  return search ? `${path}?${search}` : path;
}

describe('fuzzing every route', () => {
  it('never answers 5xx, always the error shape, and keeps answering', async () => {
    tenant = await h.tenant();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {};
        if (r.auth === 'valid')
          headers.Authorization = `Basic ${Buffer.from(`${tenant.client_id}:${tenant.api_key}`).toString('base64')}`;
        else if (r.auth !== 'none') headers.Authorization = r.auth;
        if (r.contentType) headers['Content-Type'] = r.contentType;
        if (r.requestId) headers['X-Request-Id'] = r.requestId;
        const hasBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
        let response: Response;
        try {
          response = await h.sandbox.app.request(urlOf(r), {
            method: r.method,
            headers,
            body: hasBody ? r.body : undefined,
          });
        } catch (error) {
          // The test's own Request could not be built (an invalid URL or header): not the server's concern.
          if (error instanceof TypeError) return;
          throw error;
        }
        expect(response.status, `${r.method} ${urlOf(r)}`).toBeLessThan(500);
        if (response.status >= 400 && r.method !== 'HEAD') {
          const answer = (await response.json()) as Record<string, unknown>;
          expect(answer.success).toBe(false);
          expect(typeof answer.error_code).toBe('string');
          expect(typeof answer.message).toBe('string');
        }
        expect(response.headers.get('X-Request-Id')).toBeTruthy();
      }),
      { numRuns: 5000 },
    );
    const after = await h.call('GET', '/v2/organizations', { tenant });
    expect(after.status).toBe(200);
  }, 120_000);
});
