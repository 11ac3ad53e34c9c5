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
});
