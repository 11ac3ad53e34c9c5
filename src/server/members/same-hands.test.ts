import { afterAll, describe, expect, it } from 'vitest';
import { caller, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { achPayment, tenantOf } from '../test/tenants';

/**
 * No one moves money alone, an admin included: the only admin, without mail, invites a finance member and is shown
 * the link, so may hold that account. Its approvals of the admin's payments do not count, nor the admin's of its own,
 * nor those of two accounts whose links were shown to the same admin; a member whose password the admin never saw
 * approves as before. The same holds where a payee's or a vendor's bank details wait for a second member.
 */

const payment = achPayment;

describe.each(BACKENDS)('accounts in one pair of hands on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const { tenant, as, user } = await tenantOf(server, { approval_limit_cents: 100_000 });
  const admin = await as('admin');
  const finance = await as('finance');

  /** A finance member the admin invites with no mail: the link is shown to the admin, who sets the password. */
  async function puppet(name: string) {
    const email = `${name}@${tenant.client_id.slice(0, 8)}.example`;
    const invited = await admin.post('/api/team/members', { email, name, role: 'finance' });
    expect(invited.status).toBe(201);
    expect(invited.body.link.delivery).toBe('shown');
    const path = new URL(invited.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    expect((await caller(server.app, '').post(path, { password: 'a good long password' })).status).toBe(200);
    return caller(server.app, await server.signIn({ email, password: 'a good long password' }));
  }

  it('does not count an approval between the admin and an account whose link the admin was shown', async () => {
    const first = await puppet('first-hand');
    const second = await puppet('second-hand');
    const byAdmin = await admin.post('/api/team/approvals', { payment: payment(user, 150_000) });
    expect(byAdmin.status).toBe(201);
    const refused = await first.post(`/api/team/approvals/${byAdmin.body.id}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('approver-excluded');
    expect(refused.body.message).toContain('one person may hold both');
    // The other way round, and between two accounts whose links the same admin was shown.
    const byPuppet = await first.post('/api/team/approvals', { payment: payment(user, 150_001) });
    expect((await admin.post(`/api/team/approvals/${byPuppet.body.id}/approve`)).body.error_code).toBe(
      'approver-excluded',
    );
    expect((await second.post(`/api/team/approvals/${byPuppet.body.id}/approve`)).body.error_code).toBe(
      'approver-excluded',
    );
    // A member whose password the admin never saw approves, and the payment is made.
    const approved = await finance.post(`/api/team/approvals/${byAdmin.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(['approved', 'executing', 'executed']).toContain(approved.body.status);
    expect((await admin.get(`/api/team/approvals/${byPuppet.body.id}`)).body.status).toBe('pending');
  });

  it("does not let the admin confirm a payee's new payout method asked for by an account whose link the admin was shown", async () => {
    const hand = await puppet('third-hand');
    const held = await hand.put(`/v2/users/${user}/payout-methods`, {
      platform: 'paypal',
      email: 'hand.own@evil.example',
    });
    expect(held.status, held.text).toBe(202);
    const refused = await admin.post(`/api/team/payee-requests/${held.body.request.id}/confirm`);
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('approver-excluded');
    // A member whose password the admin never saw confirms it.
    const confirmed = await finance.post(`/api/team/payee-requests/${held.body.request.id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.status).toBe('applied');
  });

  it("does not let the admin confirm a vendor's new bank details asked for by an account whose link the admin was shown", async () => {
    const hand = await puppet('fourth-hand');
    const AP = '/v2/accounts-payable';
    const vendors = (await admin.get(`${AP}/vendors?limit=100`)).body.data as { id: string; name: string }[];
    const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
    const held = await hand.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
      name: 'Swapped account',
      ach_account_number: '000111112222',
      ach_routing_number: '021000021',
      ach_account_type: 'checking',
    });
    expect(held.status, held.text).toBe(202);
    const refused = await admin.post(`/api/team/vendor-method-changes/${held.body.request.id}/confirm`);
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('approver-excluded');
    const confirmed = await finance.post(`/api/team/vendor-method-changes/${held.body.request.id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
  });

  describe('bills', () => {
    const AP = '/v2/accounts-payable';
    /** One policy for every bill: one approval from the admin or the given AP users. */
    async function onePolicy(extra: number[]) {
      const approvers = (await admin.get(`${AP}/approvers`)).body as { id: number; email: string }[];
      const adminAp = approvers.find(
        (a) => a.email === tenant.members.find((m) => m.role === 'admin')?.email,
      );
      for (const policy of (await admin.get(`${AP}/approval-policies`)).body as { id: string }[]) {
        expect((await admin.delete(`${AP}/approval-policies/${policy.id}`)).status).toBe(200);
      }
      const made = await admin.post(`${AP}/approval-policies`, {
        payable_conditions: [{ type: 'amount', comparator: '>=', value: 1 }],
        approval_conditions: [{ approver_list: [adminAp?.id, ...extra], num_approvals_required: 1 }],
      });
      expect(made.status, made.text).toBe(201);
    }
    /** An account whose link the admin was shown, with an AP user that approves. */
    async function handWithApUser(name: string) {
      const hand = await puppet(name);
      const email = `${name}@${tenant.client_id.slice(0, 8)}.example`;
      const given = await server.app.request(`/sandbox/tenants/${tenant.client_id}/accounts-payable`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ users: [{ email, name, role: 'admin' }] }),
      });
      expect(given.status).toBe(200);
      const approvers = (await admin.get(`${AP}/approvers`)).body as { id: number; email: string }[];
      return { hand, apId: approvers.find((a) => a.email === email)?.id as number };
    }
    async function submitted(by: ReturnType<typeof caller>, amount: number) {
      const vendors = (await by.get(`${AP}/vendors?limit=100`)).body.data as { id: string; name: string }[];
      const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
      const method = (await by.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as { id: string };
      const made = await by.post(`${AP}/payables`, {
        number: `H-${crypto.randomUUID().slice(0, 8)}`,
        ap_vendor_id: vendor.id,
        ap_payment_method_id: method.id,
        amount,
        funding_source: 'dots_balance',
      });
      expect(made.status, made.text).toBe(201);
      expect((await by.post(`${AP}/payables/${made.body.id}/submit-for-approval`, {})).status).toBe(200);
      return made.body.id as string;
    }

    it("does not count a bill's approval between the admin and an account whose link the admin was shown", async () => {
      const { hand, apId } = await handWithApUser('bill-hand');
      await onePolicy([apId]);
      // The account's bill is not the admin's to approve.
      const handsBill = await submitted(hand, 500_000);
      const refused = await admin.post(`${AP}/payables/${handsBill}/approve`, {});
      expect(refused.status).toBe(403);
      expect(refused.body.error_code).toBe('approver-excluded');
      // Finance's bill, approved by the account, is not the admin's to pay: the admin and the account may be one.
      const financesBill = await submitted(finance, 500_000);
      expect((await hand.post(`${AP}/payables/${financesBill}/approve`, {})).status).toBe(200);
      const byAdmin = await admin.post(`${AP}/payables/${financesBill}/pay`, {});
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body.error_code).toBe('second-person-required');
      // Its maker pays it: the account's approval is someone else's word beside finance's.
      const byMaker = await finance.post(`${AP}/payables/${financesBill}/pay`, {});
      expect(byMaker.status, byMaker.text).toBe(200);
    });

    it('holds the bills of an account whose password the admin reset: the admin approves none, and it pays none', async () => {
      await onePolicy([]);
      const approved = await submitted(finance, 500_000);
      // Approved by the admin before the reset: finance would pay it, but for the hold.
      expect((await admin.post(`${AP}/payables/${approved}/approve`, {})).status).toBe(200);
      const financeMember = tenant.members.find((m) => m.role === 'finance') as { id: string; email: string };
      const reset = await admin.post(`/api/team/members/${financeMember.id}/password-reset`);
      const link = new URL(reset.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
      expect((await caller(server.app, '').post(link, { password: 'the admin chose this one' })).status).toBe(
        200,
      );
      const borrowed = caller(
        server.app,
        await server.signIn({ email: financeMember.email, password: 'the admin chose this one' }),
      );
      const paid = await borrowed.post(`${AP}/payables/${approved}/pay`, {});
      expect(paid.status).toBe(403);
      expect(paid.body).toMatchObject({ error_code: 'approval-required', limit: 'hold' });
      const made = await submitted(borrowed, 500_000);
      const refused = await admin.post(`${AP}/payables/${made}/approve`, {});
      expect(refused.status).toBe(403);
      expect(refused.body.error_code).toBe('approver-excluded');
      // A vendor's new bank details: the held account confirms none, and the admin who reset it confirms none of its.
      const vendors = (await admin.get(`${AP}/vendors?limit=100`)).body.data as {
        id: string;
        name: string;
      }[];
      const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
      const account = (digits: string) => ({
        name: `Account ${digits}`,
        ach_account_number: `00011111${digits}`,
        ach_routing_number: '021000021',
        ach_account_type: 'checking',
      });
      const byAdmin = await admin.post(`${AP}/vendors/${vendor.id}/payment-methods`, account('2222'));
      expect(byAdmin.status, byAdmin.text).toBe(202);
      const held = await borrowed.post(`/api/team/vendor-method-changes/${byAdmin.body.request.id}/confirm`);
      expect(held.body.error_code).toBe('approver-held');
      const byBorrowed = await borrowed.post(`${AP}/vendors/${vendor.id}/payment-methods`, account('3333'));
      expect(byBorrowed.status, byBorrowed.text).toBe(202);
      const resetter = await admin.post(
        `/api/team/vendor-method-changes/${byBorrowed.body.request.id}/confirm`,
      );
      expect(resetter.body.error_code).toBe('approver-excluded');
    });
  });
});
