import { afterAll, describe, expect, it } from 'vitest';
import { teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { tenantOf } from '../test/tenants';

/**
 * An accounts-payable write whose body is not a form is JSON, said so: a text/plain body (which a cross-site form may
 * send without a preflight) is refused with 415 before anything is judged or sent, as every other money write's is.
 */
const AP = '/v2/accounts-payable';
const PLAIN = { 'Content-Type': 'text/plain' };

describe.each(BACKENDS)('accounts-payable bodies on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const { as, member } = await tenantOf(server, { approval_limit_cents: 100_000 });
  const finance = await as('finance');
  const admin = await as('admin');
  const vendors = (await finance.get(`${AP}/vendors?limit=100`)).body.data as { id: string; name: string }[];
  const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
  const method = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as { id: string };

  it('refuses a text/plain body with 415 on each write, and nothing is made or waits', async () => {
    const writes: [string, Record<string, unknown>][] = [
      [
        `${AP}/vendors/${vendor.id}/payment-methods`,
        {
          name: 'New account',
          ach_account_number: '000111112222',
          ach_routing_number: '021000021',
          ach_account_type: 'savings',
        },
      ],
      [
        `${AP}/payables`,
        {
          number: `T-${crypto.randomUUID().slice(0, 6)}`,
          ap_vendor_id: vendor.id,
          ap_payment_method_id: method.id,
          amount: 500,
          funding_source: 'dots_balance',
        },
      ],
      [
        `${AP}/vendors`,
        {
          name: 'Plain Text Supplies',
          contact_email: 'ap@plain.example',
          address: { line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '78701', country: 'US' },
        },
      ],
    ];
    const bills = async () => (await finance.get(`${AP}/payables?limit=100`)).body.data.length as number;
    const billsBefore = await bills();
    const methodsBefore = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body.length;
    for (const [path, body] of writes) {
      const refused = await finance.post(path, body, PLAIN);
      expect(refused.status, path).toBe(415);
      expect(refused.body).toMatchObject({ success: false, error_code: 'unsupported-media-type' });
    }
    expect(await bills()).toBe(billsBefore);
    expect((await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body).toHaveLength(
      methodsBefore,
    );
    expect(
      (await finance.get(`${AP}/vendors?limit=100`)).body.data.map((v: { name: string }) => v.name),
    ).not.toContain('Plain Text Supplies');
    expect((await admin.get('/api/team/vendor-method-changes')).body.data).toEqual([]);
    // The same bodies as JSON are taken: it was the media type that was refused.
    for (const [path, body] of writes) {
      expect([200, 201, 202], path).toContain((await finance.post(path, body)).status);
    }
  });

  it('refuses, never sends on unjudged, a vendor method or a policy the rules cannot read', async () => {
    const methods = async () => (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body.length;
    const policies = async () => (await admin.get(`${AP}/approval-policies`)).body as { id: string }[];
    const waiting = async () => (await admin.get('/api/team/vendor-method-changes')).body.data.length;
    const methodsBefore = await methods();
    const waitingBefore = await waiting();
    const policiesBefore = await policies();
    // As a form: the rules read JSON only (only a bill's PDF comes as a form).
    const authorization = await server.signIn(member('admin'));
    for (const path of [`${AP}/vendors/${vendor.id}/payment-methods`, `${AP}/approval-policies`]) {
      const form = new FormData();
      form.set('ach_account_number', '000111112222');
      const sent = await server.app.request(path, {
        method: 'POST',
        headers: { Authorization: authorization },
        body: form,
      });
      expect(sent.status, path).toBe(415);
    }
    // Bank details with a field the console's schema does not take are refused at that field, and wait for no one.
    const odd = await finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
      name: 'New account',
      ach_account_number: '000111112222',
      ach_routing_number: '021000021',
      ach_account_type: 'savings',
      deliver_to: 'elsewhere',
    });
    expect(odd.status).toBe(400);
    expect(odd.body.error_code).toBe('validation-failed');
    expect(odd.body.errors.length).toBeGreaterThan(0);
    const policy = await admin.post(`${AP}/approval-policies`, {
      payable_conditions: [{ type: 'amount', comparator: '>=', value: 'a lot' }],
      approval_conditions: [],
    });
    expect(policy.status).toBe(400);
    expect(policy.body.error_code).toBe('validation-failed');
    const first = policiesBefore[0] as { id: string };
    const moved = await admin.patch(`${AP}/approval-policies/${first.id}`, { priority: 'first' });
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0].path).toBe('priority');
    const unknown = await admin.patch(`${AP}/approval-policies/${crypto.randomUUID()}`, { priority: 1 });
    expect(unknown.status).toBe(403);
    expect(await methods()).toBe(methodsBefore);
    expect(await waiting()).toBe(waitingBefore);
    expect(await policies()).toEqual(policiesBefore);
  });
});
