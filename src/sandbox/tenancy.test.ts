import { describe, expect, it } from 'vitest';
import type { CreatedTenant } from './domain/tenant-factory';
import { makeHarness, NOT_FOUND_OR_UNAUTHORIZED } from './test/harness';

const UNKNOWN = '3f1d2c4b-0000-4000-8000-00000000beef';
const ADDRESS = { line_1: '1 Main St', city: 'Springfield', state: 'IL', postcode: '62701', country: 'US' };

interface Probe {
  name: string;
  /** The request naming `id` in the place under test. */
  request: (
    mine: CreatedTenant,
    id: string,
  ) => { method: string; path: string; body?: unknown; headers?: Record<string, string> };
  /** An id of that kind belonging to the other tenant. */
  theirs: (other: CreatedTenant, otherTransferId: string) => string;
}

const pay = (mine: CreatedTenant, change: Record<string, unknown>) => ({
  method: 'POST',
  path: '/v2/payments',
  body: {
    amount: 100,
    platform: 'ach',
    user_id: mine.users[0]?.id,
    ach_info: { account_number: '123456789', routing_number: '021000021' },
    ...change,
  },
});

/** Every route and every id-bearing field of the API. */
const PROBES: Probe[] = [
  {
    name: 'GET /v2/users/{user_id}',
    request: (_m, id) => ({ method: 'GET', path: `/v2/users/${id}` }),
    theirs: (o) => o.users[0]?.id ?? '',
  },
  {
    name: 'GET /v2/users/{user_id}/payout-methods',
    request: (_m, id) => ({ method: 'GET', path: `/v2/users/${id}/payout-methods` }),
    theirs: (o) => o.users[0]?.id ?? '',
  },
  {
    name: 'PUT /v2/users/{user_id}/addresses',
    request: (_m, id) => ({ method: 'PUT', path: `/v2/users/${id}/addresses`, body: ADDRESS }),
    theirs: (o) => o.users[0]?.id ?? '',
  },
  {
    name: 'POST /v2/payments user_id',
    request: (m, id) => pay(m, { user_id: id }),
    theirs: (o) => o.users[0]?.id ?? '',
  },
  {
    name: 'POST /v2/payments customer_id',
    request: (m, id) => pay(m, { user_id: undefined, customer_id: id }),
    theirs: (o) => o.customers[0]?.id ?? '',
  },
  {
    name: 'POST /v2/payments account_id',
    request: (m, id) => pay(m, { ach_info: undefined, account_id: id }),
    theirs: (o) => o.users[0]?.payout_methods[0]?.id ?? '',
  },
  {
    name: 'POST /v2/payments Api-App-Id',
    request: (m, id) => ({ ...pay(m, {}), headers: { 'Api-App-Id': id } }),
    theirs: (o) => o.apps[0]?.id ?? '',
  },
  {
    name: 'GET /v2/transfers/{id}',
    request: (_m, id) => ({ method: 'GET', path: `/v2/transfers/${id}` }),
    theirs: (_o, t) => t,
  },
  {
    name: 'GET /v2/transfers?user_id',
    request: (_m, id) => ({ method: 'GET', path: `/v2/transfers?user_id=${id}` }),
    theirs: (o) => o.users[0]?.id ?? '',
  },
  {
    name: 'GET /v2/transfers?starting_after',
    request: (_m, id) => ({ method: 'GET', path: `/v2/transfers?starting_after=${id}` }),
    theirs: (_o, t) => t,
  },
  {
    name: 'GET /v2/transfers?ending_before',
    request: (_m, id) => ({ method: 'GET', path: `/v2/transfers?ending_before=${id}` }),
    theirs: (_o, t) => t,
  },
  {
    name: 'PUT /v2/organizations/copy-organization-compliance-to-app/{api_app_id}',
    request: (_m, id) => ({
      method: 'PUT',
      path: `/v2/organizations/copy-organization-compliance-to-app/${id}`,
    }),
    theirs: (o) => o.apps[0]?.id ?? '',
  },
  {
    name: 'GET /v2/apps/{app_id}/compliance',
    request: (_m, id) => ({ method: 'GET', path: `/v2/apps/${id}/compliance` }),
    theirs: (o) => o.apps[0]?.id ?? '',
  },
];

describe("tenancy matrix: another tenant's id answers exactly as a made-up one", () => {
  const h = makeHarness();

  it.each(PROBES.map((p) => [p.name, p] as const))('%s', async (_name, probe) => {
    const mine = await h.tenant();
    const other = await h.tenant();
    const theirTransfer = await h.call('POST', '/v2/payments', { tenant: other, body: pay(other, {}).body });
    const send = async (id: string) => {
      const { method, path, body, headers } = probe.request(mine, id);
      return h.call(method, path, { tenant: mine, body, headers });
    };
    const foreign = await send(probe.theirs(other, theirTransfer.body.id));
    const unknown = await send(UNKNOWN);
    expect(foreign.status).toBe(403);
    expect(foreign.text).toBe(unknown.text);
    expect(foreign.body).toEqual(NOT_FOUND_OR_UNAUTHORIZED);
  });
});
