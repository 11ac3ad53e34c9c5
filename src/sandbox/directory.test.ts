import { describe, expect, it } from 'vitest';
import type { CreatedTenant } from './domain/tenant-factory';
import { makeHarness } from './test/harness';

/** The vendor's lists of users, payment customers and apps, and the sandbox's `search` on the lists of people. */
describe('directories', () => {
  const h = makeHarness();
  const list = async (tenant: CreatedTenant, path: string) => {
    const answer = await h.call('GET', path, { tenant });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };

  it('lists users newest first in the vendor shape, and pages both ways by cursor', async () => {
    const tenant = await h.tenant({ users: 23 });
    const first = await list(tenant, '/v2/users?limit=10');
    expect(first.has_more).toBe(true);
    expect(first.data).toHaveLength(10);
    expect(Object.keys(first.data[0]).sort()).toEqual(
      [
        'email',
        'first_name',
        'id',
        'last_name',
        'phone_number',
        'status',
        'wallet',
        'default_payout_method',
        'default_payout_method_details',
        'compliance',
        'auto_payout_enabled',
      ].sort(),
    );
    expect(first.data[0].phone_number).toEqual({
      country_code: '1',
      phone_number: expect.stringMatching(/^\d{10}$/),
    });
    // The tenant's own two users came first, so they are the last of the list.
    const everyone = [];
    let page = first;
    while (true) {
      everyone.push(...page.data);
      if (!page.has_more) break;
      page = await list(tenant, `/v2/users?limit=10&starting_after=${page.data.at(-1).id}`);
    }
    expect(everyone).toHaveLength(25);
    expect(new Set(everyone.map((u: { id: string }) => u.id)).size).toBe(25);
    expect(everyone.at(-1).id).toBe(tenant.users[0]?.id);
    // Back from the last page: the ten before it, in list order.
    const back = await list(tenant, `/v2/users?limit=10&ending_before=${page.data[0].id}`);
    expect(back.data.map((u: { id: string }) => u.id)).toEqual(everyone.slice(10, 20).map((u) => u.id));
    expect(back.has_more).toBe(true);
    expect((await list(tenant, '/v2/users')).data).toHaveLength(10);
  });

  it('filters by status', async () => {
    const tenant = await h.tenant({ users: 30 });
    const disabled = await list(tenant, '/v2/users?status=disabled&limit=100');
    expect(disabled.data.length).toBeGreaterThan(0);
    expect(disabled.data.every((u: { status: string }) => u.status === 'disabled')).toBe(true);
    const all = await list(tenant, '/v2/users?limit=100');
    expect(disabled.data.length).toBeLessThan(all.data.length);
  });

  it('searches by a prefix of a name, the full name or an email, any case and accent, by phone digits or an exact id', async () => {
    const tenant = await h.tenant();
    const [ada] = tenant.users;
    if (!ada) throw new Error('no user');
    const ids = async (search: string) =>
      (await list(tenant, `/v2/users?search=${encodeURIComponent(search)}&limit=100`)).data.map(
        (u: { id: string }) => u.id,
      );
    expect(await ids(ada.id)).toEqual([ada.id]);
    expect(await ids(ada.first_name.slice(0, 3).toUpperCase())).toContain(ada.id);
    expect(await ids(`${ada.first_name} ${ada.last_name.slice(0, 2)}`)).toContain(ada.id);
    expect(await ids(ada.email.slice(0, ada.email.indexOf('@') + 2))).toEqual([ada.id]);
    const user = await list(tenant, `/v2/users?search=${ada.id}`);
    const { country_code, phone_number } = user.data[0].phone_number;
    expect(
      await ids(`+${country_code} (${phone_number.slice(0, 3)}) ${phone_number.slice(3, 6)}-`),
    ).toContain(ada.id);
    expect(await ids(phone_number)).toContain(ada.id);
    expect(await ids('zzzz-nobody')).toEqual([]);
    expect(await ids(ada.last_name.slice(1))).not.toContain(ada.id); // a prefix, not a substring
  });

  it('finds names by their letters whatever the accents, and payment customers by business name', async () => {
    const tenant = await h.tenant({ users: 60 });
    const accented = await list(tenant, '/v2/users?search=zoe&limit=100');
    expect(accented.data.map((u: { first_name: string }) => u.first_name)).toContain('Zoë');
    const bakery = await list(tenant, '/v2/payment-customers?search=bluebird');
    expect(bakery.data).toMatchObject([{ business_name: 'Bluebird Bakery LLC' }]);
    // A business has no person's names: they are left out, never null.
    expect(bakery.data[0]).not.toHaveProperty('first_name');
    const reads = await h.call('GET', `/v2/payment-customers/${bakery.data[0].id}`, { tenant });
    expect(reads.body).toEqual(bakery.data[0]);
    const customers = await list(tenant, '/v2/payment-customers?limit=100');
    expect(customers.data).toHaveLength(6);
    expect(customers.has_more).toBe(false);
  });

  it('never lists or finds another tenant’s people, and a cursor of theirs is the usual 403', async () => {
    const mine = await h.tenant();
    const theirs = await h.tenant();
    const other = theirs.users[0];
    for (const search of [other?.id ?? '', other?.email ?? '']) {
      expect((await list(mine, `/v2/users?search=${encodeURIComponent(search)}`)).data).toEqual([]);
    }
    const foreignCursor = await h.call('GET', `/v2/users?starting_after=${other?.id}`, { tenant: mine });
    expect(foreignCursor.status).toBe(403);
    expect(foreignCursor.body.error_code).toBe('not-found-or-unauthorized');
    const foreignCustomer = await h.call('GET', `/v2/payment-customers/${theirs.customers[0]?.id}`, {
      tenant: mine,
    });
    expect(foreignCustomer.status).toBe(403);
    const foreignApp = await h.call('GET', `/v2/apps/${theirs.apps[0]?.id}`, { tenant: mine });
    expect(foreignApp.status).toBe(403);
  });

  it('refuses a bad limit, cursor, status or search with 400 naming the field', async () => {
    const tenant = await h.tenant();
    const cases: [string, string][] = [
      ['/v2/users?limit=0', 'limit'],
      ['/v2/users?limit=101', 'limit'],
      ['/v2/users?limit=ten', 'limit'],
      ['/v2/users?starting_after=not-a-uuid', 'starting_after'],
      ['/v2/users?status=happy', 'status'],
      [`/v2/users?search=${'x'.repeat(101)}`, 'search'],
      [
        `/v2/users?starting_after=${tenant.users[0]?.id}&ending_before=${tenant.users[1]?.id}`,
        'ending_before',
      ],
      [`/v2/payment-customers?search=${'x'.repeat(101)}`, 'search'],
      ['/v2/payment-customers?ending_before=nope', 'ending_before'],
      ['/v2/apps?limit=1000', 'limit'],
    ];
    for (const [path, field] of cases) {
      const answer = await h.call('GET', path, { tenant });
      expect(answer.status, path).toBe(400);
      expect(
        answer.body.errors.map((e: { path: string }) => e.path),
        path,
      ).toContain(field);
    }
  });

  it('lists apps as the vendor does (an array, newest first), with whether each has a compliance record', async () => {
    const tenant = await h.tenant();
    const apps = await list(tenant, '/v2/apps');
    expect(Array.isArray(apps)).toBe(true);
    expect(apps.map((a: { id: string }) => a.id)).toEqual(tenant.apps.map((a) => a.id).reverse());
    expect(apps[0]).toMatchObject({
      name: tenant.apps[1]?.name,
      status: 'approved',
      metrics: { wallet_balance: '0.00', money_out: '0.00', connected_users: 2 },
      has_compliance: false,
    });
    await h.call('PUT', `/v2/organizations/copy-organization-compliance-to-app/${tenant.apps[1]?.id}`, {
      tenant,
    });
    expect((await list(tenant, `/v2/apps/${tenant.apps[1]?.id}`)).has_compliance).toBe(true);
    const paged = await list(tenant, `/v2/apps?limit=1&starting_after=${apps[0].id}`);
    expect(paged.map((a: { id: string }) => a.id)).toEqual([tenant.apps[0]?.id]);
  });
});
