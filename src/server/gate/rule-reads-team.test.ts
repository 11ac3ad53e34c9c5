import { afterAll, describe, expect, it } from 'vitest';
import { insertMember } from '../members/members';
import { basic, caller, type MemberCredentials, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';

/**
 * A read a rule rests on fails closed: when the service does not answer it (here one 503 armed on the read, as an
 * upstream may answer), the write it judges is refused with 503 rule-check-unavailable and nothing is sent, on
 * SQLite and PostgreSQL. Before, each such read was taken as "nothing to check" and the write went through alone.
 */
const AP = '/v2/accounts-payable';

describe.each(BACKENDS)('reads the rules rest on, failing closed, on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  async function organization() {
    const tenant = await server.tenant({ approval_limit_cents: 100_000, member_daily_limit_cents: 300_000 });
    const member = (role: MemberCredentials['role']) =>
      tenant.members.find((m: MemberCredentials) => m.role === role) as MemberCredentials;
    const finance = caller(server.app, await server.signIn(member('finance')));
    const admin = caller(server.app, await server.signIn(member('admin')));
    const org = caller(server.app, basic(tenant.client_id, tenant.api_key));
    /** The service fails the next GET under this path once. */
    const failOnce = async (pathPrefix: string) => {
      const armed = await server.app.request('/sandbox/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: tenant.client_id,
          method: 'GET',
          path_prefix: pathPrefix,
          status: 503,
          times: 1,
        }),
      });
      expect(armed.status).toBeLessThan(300);
    };
    const vendors = (await finance.get(`${AP}/vendors?limit=100`)).body.data as {
      id: string;
      name: string;
    }[];
    const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
    const method = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as {
      id: string;
    };
    return { tenant, member, finance, admin, org, failOnce, vendor, method };
  }

  const expectUnavailable = (answer: { status: number; body: unknown; headers: Headers }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body).toMatchObject({ success: false, error_code: 'rule-check-unavailable' });
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  };

  it('does not pay a bill above the limit alone when the bill could not be read', async () => {
    const { finance, admin, failOnce, vendor, method } = await organization();
    for (const policy of (await admin.get(`${AP}/approval-policies`)).body as { id: string }[]) {
      await admin.delete(`${AP}/approval-policies/${policy.id}`);
    }
    const made = await finance.post(`${AP}/payables`, {
      acting_user_id: 1,
      number: `R-${crypto.randomUUID().slice(0, 6)}`,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: method.id,
      amount: 2_500_000,
      funding_source: 'dots_balance',
    });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    expect((await finance.post(`${AP}/payables/${id}/submit-for-approval`, {})).status).toBe(200);
    expect((await finance.post(`${AP}/payables/${id}/pay`, {})).status).toBe(403);
    await failOnce(`${AP}/payables/${id}`);
    expectUnavailable(await finance.post(`${AP}/payables/${id}/pay`, {}));
    expect((await finance.get(`${AP}/payables/${id}`)).body.status).not.toBe('paid');
    // The refusal is a line of the trail.
    const trail = await admin.get('/api/team/audit?action=bill.pay');
    expect(trail.body.data[0]).toMatchObject({ status: 503 });
  });

  it("does not add a payee's method or a vendor's bank account alone when they could not be read", async () => {
    const { tenant, finance, failOnce, vendor } = await organization();
    const user = tenant.users[1]?.id as string;
    const methods = async () => (await finance.get(`/v2/users/${user}/payout-methods`)).body;
    const before = await methods();
    await failOnce(`/v2/users/${user}`);
    expectUnavailable(
      await finance.put(`/v2/users/${user}/payout-methods`, {
        platform: 'paypal',
        email: 'own@evil.example',
      }),
    );
    await failOnce(`/v2/users/${user}`);
    expectUnavailable(await finance.patch(`/v2/users/${user}`, { default_payout_method: 'paypal' }));
    expect(await methods()).toEqual(before);
    // Read as it should be, the same change waits for a second member.
    const held = await finance.put(`/v2/users/${user}/payout-methods`, {
      platform: 'paypal',
      email: 'own@evil.example',
    });
    expect(held.status).toBe(202);

    const bankAccounts = async () => (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body;
    const accountsBefore = await bankAccounts();
    await failOnce(`${AP}/vendors/${vendor.id}`);
    expectUnavailable(
      await finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
        name: 'Mine',
        ach_account_number: '99988877766',
        ach_routing_number: '021000021',
        ach_account_type: 'checking',
      }),
    );
    expect(await bankAccounts()).toEqual(accountsBefore);
  });

  it('does not delete an approval policy without the second admin when the policies could not be read', async () => {
    const { tenant, admin, failOnce } = await organization();
    const org = await server.team.database.db
      .selectFrom('organizations')
      .selectAll()
      .where('client_id', '=', tenant.client_id)
      .executeTakeFirstOrThrow();
    await insertMember(server.team.database.db, {
      orgId: org.id,
      email: `second@${tenant.client_id}.example`,
      name: 'Second',
      role: 'admin',
      password: 'second-admin-pw',
    });
    const policies = async () => (await admin.get(`${AP}/approval-policies`)).body as { id: string }[];
    const before = await policies();
    const first = before[0] as { id: string };
    await failOnce(`${AP}/approval-policies`);
    expectUnavailable(await admin.delete(`${AP}/approval-policies/${first.id}`));
    expect(await policies()).toEqual(before);
    expect((await admin.delete(`${AP}/approval-policies/${first.id}`)).status).toBe(202);
  });

  it('refuses a write whose id is in upper case, which the rules would look up as another resource', async () => {
    const { tenant, finance } = await organization();
    const user = (tenant.users[1]?.id ?? '').toUpperCase();
    const answer = await finance.put(`/v2/users/${user}/payout-methods`, {
      platform: 'paypal',
      email: 'own@evil.example',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'non-canonical-path' });
    // A read judges nothing: an id in capitals is still an id there.
    expect((await finance.get(`/v2/users/${user}`)).status).not.toBe(400);
  });
});
