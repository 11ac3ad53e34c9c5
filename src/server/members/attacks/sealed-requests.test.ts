import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/databases';
import { writerOn } from '../../test/forge';
import { tenantOf } from '../../test/tenants';

/**
 * Someone who can write the console's database but holds neither the server's environment nor a member's password,
 * against the requests that say where money goes: a payee's payout method, a vendor's bank details, a bill's approval
 * and an app's bank account. Each row is sealed (db/seals.ts): one edited in the database is refused where it is used,
 * and said in the trail.
 */
const AP = '/v2/accounts-payable';
const ATTACKER = '000999998888';
/** A vendor's new bank account, as a member proposes it. */
const NEW_ACCOUNT = {
  name: 'New account',
  ach_account_number: '000111112222',
  ach_routing_number: '021000021',
  ach_account_type: 'savings',
};

describe.each(BACKENDS)('sealed requests against a database writer on $name', async (backend) => {
  const { server, sql, quietly, ...writer } = await writerOn(backend);
  const violations = async (id: string) =>
    (await writer.violations()).filter((line) => line.targets.includes(id));

  /** The demo vendor every test tenant has. */
  const northwind = async (member: Awaited<ReturnType<typeof organization>>['finance']) =>
    ((await member.get(`${AP}/vendors?limit=100`)).body.data as { id: string; name: string }[]).find(
      (v) => v.name === 'Northwind Hosting',
    ) as { id: string };

  async function organization() {
    const { tenant, as, org, user } = await tenantOf(server, { approval_limit_cents: 100_000 });
    return { tenant, finance: await as('finance'), admin: await as('admin'), org, user };
  }

  it("a payee's bank account changed in the database while it waits: not sent, and a line", async () => {
    const o = await organization();
    const held = await o.finance.put(`/v2/users/${o.user}/payout-methods`, {
      platform: 'ach',
      account_number: '000123456789',
      routing_number: '021000021',
      account_type: 'checking',
    });
    expect(held.status).toBe(202);
    const id = held.body.request.id as string;
    const row = await sql
      .selectFrom('payee_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const body = { ...JSON.parse(row.body), account_number: ATTACKER };
    await sql
      .updateTable('payee_requests')
      .set({ body: JSON.stringify(body) })
      .where('id', '=', id)
      .execute();
    const error = quietly();
    const confirmed = await o.admin.post(`/api/team/payee-requests/${id}/confirm`);
    error.mockRestore();
    expect(confirmed.status).toBe(404);
    const methods = (await o.org.get(`/v2/users/${o.user}/payout-methods`)).body as { mask?: string }[];
    expect(methods.map((m) => m.mask)).not.toContain('8888');
    expect(await violations(id)).toHaveLength(1);
  });

  it('an untouched payee request is confirmed, and after it ended it still reads as sealed', async () => {
    const o = await organization();
    const held = await o.finance.put(`/v2/users/${o.user}/payout-methods`, {
      platform: 'paypal',
      email: 'payee.own@example.com',
    });
    const id = held.body.request.id as string;
    const confirmed = await o.admin.post(`/api/team/payee-requests/${id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.status).toBe('applied');
    // Decided once: a second confirmation finds it decided, not forged.
    expect((await o.admin.post(`/api/team/payee-requests/${id}/confirm`)).body.error_code).toBe(
      'payee-request-decided',
    );
    expect(await violations(id)).toEqual([]);
  });

  it("a vendor's new bank account changed in the database while it waits: not added, and a line", async () => {
    const o = await organization();
    const vendor = await northwind(o.finance);
    const methods = async () =>
      ((await o.finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body as { mask?: string }[]).map(
        (m) => m.mask,
      );
    const before = await methods();
    const asked = await o.finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, NEW_ACCOUNT);
    expect(asked.status).toBe(202);
    const id = asked.body.request.id as string;
    const row = await sql
      .selectFrom('ap_method_changes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const body = { ...JSON.parse(row.body ?? '{}'), ach_account_number: ATTACKER };
    await sql
      .updateTable('ap_method_changes')
      .set({ body: JSON.stringify(body) })
      .where('id', '=', id)
      .execute();
    const error = quietly();
    const confirmed = await o.admin.post(`/api/team/vendor-method-changes/${id}/confirm`);
    error.mockRestore();
    expect(confirmed.status).toBe(404);
    expect(await methods()).toEqual(before);
    expect(await violations(id)).toHaveLength(1);

    // Untouched, the same change is confirmed, and reads as sealed once decided.
    const again = await o.finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, NEW_ACCOUNT);
    const done = await o.admin.post(`/api/team/vendor-method-changes/${again.body.request.id}/confirm`);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'confirmed', mask: '2222' });
    expect(await methods()).toContain('2222');
  });

  it("a bill's approval with its method's fingerprint rewritten, or inserted, in the database: not paid, and a line", async () => {
    const o = await organization();
    const vendor = await northwind(o.finance);
    const method = (await o.finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as {
      id: string;
    };
    const bill = async () => {
      const made = await o.finance.post(`${AP}/payables`, {
        number: `S-${crypto.randomUUID().slice(0, 6)}`,
        ap_vendor_id: vendor.id,
        ap_payment_method_id: method.id,
        amount: 500_000,
        funding_source: 'dots_balance',
      });
      expect(made.status, made.text).toBe(201);
      await o.finance.post(`${AP}/payables/${made.body.id}/submit-for-approval`, {});
      return made.body.id as string;
    };
    const edited = await bill();
    expect((await o.admin.post(`${AP}/payables/${edited}/approve`, {})).body.status).toBe('approved');
    await sql
      .updateTable('ap_bill_approvals')
      .set({ method_fingerprint: 'f'.repeat(64) })
      .where('bill_id', '=', edited)
      .execute();
    const error = quietly();
    const paid = await o.finance.post(`${AP}/payables/${edited}/pay`, {});
    expect(paid.status).toBe(409);
    expect(paid.body.error_code).toBe('bill-approval-changed');
    expect((await o.finance.get(`${AP}/payables/${edited}`)).body.status).toBe('approved');

    // An approval inserted beside a real one.
    const inserted = await bill();
    expect((await o.admin.post(`${AP}/payables/${inserted}/approve`, {})).body.status).toBe('approved');
    const real = await sql
      .selectFrom('ap_bill_approvals')
      .selectAll()
      .where('bill_id', '=', inserted)
      .executeTakeFirstOrThrow();
    await sql
      .insertInto('ap_bill_approvals')
      .values({ ...real, id: crypto.randomUUID(), round: null, seal: null })
      .execute();
    const paidToo = await o.finance.post(`${AP}/payables/${inserted}/pay`, {});
    error.mockRestore();
    expect(paidToo.body.error_code).toBe('bill-approval-changed');
    await server.team.settled();
    const lines = await sql
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'integrity.violation')
      .where('org_id', 'is not', null)
      .execute();
    expect(lines.filter((l) => l.detail?.includes('ap_bill_approvals')).length).toBeGreaterThanOrEqual(2);

    // A bill whose approval is as it was written is paid.
    const intact = await bill();
    await o.admin.post(`${AP}/payables/${intact}/approve`, {});
    expect((await o.finance.post(`${AP}/payables/${intact}/pay`, {})).status).toBe(200);
  });

  it("an app's bank account changed in the database while it waits for approval: not set, and a line", async () => {
    const o = await organization();
    const app = o.tenant.apps[0]?.id ?? '';
    const submitted = await o.finance.post('/api/team/approvals', {
      move: 'ach-account',
      body: { account_number: '123456789', routing_number: '021000021', account_type: 'checking' },
      app_id: app,
    });
    expect(submitted.status).toBe(201);
    const id = submitted.body.id as string;
    const row = await sql
      .selectFrom('approval_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const body = JSON.parse(row.body);
    body.moves[0].account_number = ATTACKER;
    await sql
      .updateTable('approval_requests')
      .set({ body: JSON.stringify(body) })
      .where('id', '=', id)
      .execute();
    const error = quietly();
    // The request no longer verifies: its approval is refused, and nothing is set.
    const approved = await o.admin.post(`/api/team/approvals/${id}/approve`);
    error.mockRestore();
    expect(approved.status).toBe(409);
    expect(approved.body.error_code).toBe('request-changed');
    const account = await o.org.get(`/v2/apps/${app}/ach-account`);
    expect(JSON.stringify(account.body)).not.toContain('8888');
  });
});
