import { afterAll, describe, expect, it } from 'vitest';
import { basic, caller, type MemberCredentials, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';

/**
 * Bills under the team's rules, tried as an insider would, on SQLite and PostgreSQL: the acting user is the server's
 * word, no one approves their own bill or pays one alone above the limit, a method swapped after approval is not
 * paid, bank details change under four eyes, every role meets its rows, and the trail names each bill.
 */
const AP = '/v2/accounts-payable';

describe.each(BACKENDS)('bills under the team on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  /** A tenant whose approvals start above $1,000.00, its members' sessions, and their AP users' ids. */
  async function organization(settings: Record<string, unknown> = {}) {
    const tenant = await server.tenant({ approval_limit_cents: 100_000, ...settings });
    const member = (role: MemberCredentials['role']) =>
      tenant.members.find((m: MemberCredentials) => m.role === role) as MemberCredentials;
    const as = async (role: MemberCredentials['role']) =>
      caller(server.app, await server.signIn(member(role)));
    const finance = await as('finance');
    const admin = await as('admin');
    const viewer = await as('viewer');
    const support = await as('support');
    const org = caller(server.app, basic(tenant.client_id, tenant.api_key));
    const approvers = (await admin.get(`${AP}/approvers`)).body as { id: number; email: string }[];
    const apId = (role: MemberCredentials['role']) =>
      approvers.find((a) => a.email === member(role).email)?.id as number;
    const vendors = (await finance.get(`${AP}/vendors?limit=100`)).body.data as {
      id: string;
      name: string;
    }[];
    const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
    const method = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as {
      id: string;
    };
    const bill = async (amount: number, by = finance) => {
      const made = await by.post(`${AP}/payables`, {
        acting_user_id: 1,
        number: `T-${amount}-${crypto.randomUUID().slice(0, 6)}`,
        ap_vendor_id: vendor.id,
        ap_payment_method_id: method.id,
        amount,
        funding_source: 'dots_balance',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body as { id: string; number: string; created_by: number };
    };
    return { tenant, finance, admin, viewer, support, org, apId, vendor, method, bill };
  }

  it('sets the acting user from the signed-in member, whatever the client sent', async () => {
    const { finance, admin, apId, bill } = await organization();
    const made = await bill(500);
    expect(made.created_by).toBe(apId('finance'));
    // Finance names the admin's AP user as the one submitting: the service hears finance's.
    const submitted = await finance.post(`${AP}/payables/${made.id}/submit-for-approval`, {
      acting_user_id: apId('admin'),
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.action_history.at(-1)).toMatchObject({
      action: 'submit_for_approval',
      user_id: apId('finance'),
    });
    // The trail holds the server's acting user, never the forged one: the admin's AP user did nothing.
    const trail = await admin.get('/api/team/audit?action=bill.submit');
    expect(trail.body.data[0].outcome).toBe('ok');
  });

  it('refuses the creator approving their own bill, and a member outside the open step', async () => {
    const { admin, finance, apId, bill } = await organization();
    const own = await bill(500_000, admin);
    expect(own.created_by).toBe(apId('admin'));
    expect((await admin.post(`${AP}/payables/${own.id}/submit-for-approval`, {})).status).toBe(200);
    const refused = await admin.post(`${AP}/payables/${own.id}/approve`, { acting_user_id: apId('finance') });
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('own-bill');
    expect((await finance.get(`${AP}/payables/${own.id}`)).body.status).toBe('submitted_for_approval');
    const other = await bill(500_000, admin);
    await admin.post(`${AP}/payables/${other.id}/submit-for-approval`, {});
    const notListed = await finance.post(`${AP}/payables/${other.id}/approve`, {});
    expect(notListed.status).toBe(403);
    expect(notListed.body.error_code).toBe('not-an-approver');
  });

  it('lets one member approve at most one step of a two-step bill', async () => {
    const { admin, finance, bill } = await organization();
    // Above $10,000.00 the tenant's policy has two steps; its one admin is the only one in either.
    const big = await bill(5_000_000);
    await finance.post(`${AP}/payables/${big.id}/submit-for-approval`, {});
    const first = await admin.post(`${AP}/payables/${big.id}/approve`, {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await admin.post(`${AP}/payables/${big.id}/approve`, {});
    expect(second.status).toBe(403);
    expect(second.body.error_code).toBe('one-step-each');
    const after = (await finance.get(`${AP}/payables/${big.id}`)).body;
    expect(after.status).toBe('submitted_for_approval');
    expect(after.approval_steps.map((s: { completed: boolean }) => s.completed)).toEqual([true, false]);
    // Both approvals sent at once, each judged before the other landed: one is sent, the other refused.
    const racing = await bill(5_000_000);
    await finance.post(`${AP}/payables/${racing.id}/submit-for-approval`, {});
    const both = await Promise.all([
      admin.post(`${AP}/payables/${racing.id}/approve`, {}),
      admin.post(`${AP}/payables/${racing.id}/approve`, {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    expect((await finance.get(`${AP}/payables/${racing.id}`)).body.status).toBe('submitted_for_approval');
  });

  it('refuses at pay a bill above the limit that no one but its creator saw, whatever the policies say', async () => {
    const { admin, finance, bill } = await organization();
    // The admin removes every policy: a bill then matches none and is approved at submission, by no one.
    for (const policy of (await admin.get(`${AP}/approval-policies`)).body as { id: string }[]) {
      expect((await admin.delete(`${AP}/approval-policies/${policy.id}`)).status).toBe(200);
    }
    const big = await bill(5_000_000);
    expect((await finance.post(`${AP}/payables/${big.id}/submit-for-approval`, {})).body.status).toBe(
      'approved',
    );
    const paid = await finance.post(`${AP}/payables/${big.id}/pay`, {});
    expect(paid.status).toBe(403);
    expect(paid.body.error_code).toBe('second-person-required');
    expect(paid.body.message).toContain('No one pays a bill alone');
    expect((await finance.get(`${AP}/payables/${big.id}`)).body).toMatchObject({
      status: 'approved',
      transfer_history: [],
    });
    // Below the limit the same path pays.
    const small = await bill(90_000);
    await finance.post(`${AP}/payables/${small.id}/submit-for-approval`, {});
    expect((await finance.post(`${AP}/payables/${small.id}/pay`, {})).body.status).toBe('payment_initiated');
  });

  it('pays a bill another member approved, and names its number, vendor and amount in the trail', async () => {
    const { admin, finance, bill } = await organization();
    const made = await bill(500_000);
    await finance.post(`${AP}/payables/${made.id}/submit-for-approval`, {});
    expect((await admin.post(`${AP}/payables/${made.id}/approve`, { comment: 'ok' })).body.status).toBe(
      'approved',
    );
    const paid = await finance.post(`${AP}/payables/${made.id}/pay`, {});
    expect(paid.status).toBe(200);
    const transfer = await finance.get(`/v2/transfers/${paid.body.transfer_id}`);
    expect(transfer.body).toMatchObject({ type: 'payable', amount: 500_000 });
    const trail = await admin.get('/api/team/audit?action=bill.pay');
    expect(trail.body.data[0]).toMatchObject({ outcome: 'ok' });
    expect(JSON.stringify(trail.body.data[0])).toContain(
      `Bill ${made.number} · Northwind Hosting · $5,000.00`,
    );
  });

  it('does not let an admin pay alone a bill they rejected, raised and resubmitted', async () => {
    const { admin, finance, bill } = await organization();
    const made = await bill(200_000);
    await finance.post(`${AP}/payables/${made.id}/submit-for-approval`, {});
    expect((await admin.post(`${AP}/payables/${made.id}/reject`, { comment: 'wrong' })).status).toBe(200);
    const raised = await admin.patch(`${AP}/payables/${made.id}`, { amount: 900_000 });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    // The trail's line of the change names the new amount and the old one.
    const changed = await admin.get('/api/team/audit?action=bill.update');
    expect(JSON.stringify(changed.body.data[0])).toContain(
      `Bill ${made.number} · Northwind Hosting · $9,000.00 (was $2,000.00)`,
    );
    expect((await admin.post(`${AP}/payables/${made.id}/submit-for-approval`, {})).body.status).toBe(
      'submitted_for_approval',
    );
    // The last editor approves nothing: that would be approving their own bill.
    const approved = await admin.post(`${AP}/payables/${made.id}/approve`, {});
    expect(approved.status).toBe(403);
    expect(approved.body.error_code).toBe('own-edit');
    expect((await finance.get(`${AP}/payables/${made.id}`)).body.status).toBe('submitted_for_approval');
  });

  it('does not count the approval of the member who pays, above the limit', async () => {
    const { admin, finance, bill } = await organization();
    const made = await bill(500_000);
    await finance.post(`${AP}/payables/${made.id}/submit-for-approval`, {});
    expect((await admin.post(`${AP}/payables/${made.id}/approve`, {})).body.status).toBe('approved');
    const alone = await admin.post(`${AP}/payables/${made.id}/pay`, {});
    expect(alone.status).toBe(403);
    expect(alone.body.error_code).toBe('second-person-required');
    expect(alone.body.message).toContain('nor the one paying it');
    expect((await finance.get(`${AP}/payables/${made.id}`)).body.transfer_history).toEqual([]);
    // The maker pays what another approved.
    expect((await finance.post(`${AP}/payables/${made.id}/pay`, {})).status).toBe(200);
  });

  it('does not pay a bill whose method was swapped between approval and pay', async () => {
    const { admin, finance, org, vendor, method, bill } = await organization();
    const made = await bill(500_000);
    await finance.post(`${AP}/payables/${made.id}/submit-for-approval`, {});
    await admin.post(`${AP}/payables/${made.id}/approve`, {});
    // With the organization's key (outside the team's rules), the account is deleted and added again.
    expect((await org.delete(`${AP}/vendors/${vendor.id}/payment-methods/${method.id}`)).status).toBe(200);
    const again = await org.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
      name: 'Operating account',
      ach_account_number: '000999994821',
      ach_routing_number: '021000021',
      ach_account_type: 'checking',
    });
    expect(again.status).toBe(201);
    const paid = await finance.post(`${AP}/payables/${made.id}/pay`, {});
    expect(paid.status).toBe(409);
    expect(paid.body.error_code).toBe('payee-method-changed');
    expect((await finance.get(`${AP}/payables/${made.id}`)).body.status).toBe('approved');
  });

  it('pays a failed bill again only to another account, approved again after the change', async () => {
    const { admin, finance, org, vendor, method } = await organization();
    // An account whose payments fail, added with the organization's key (outside the team's rules).
    const failing = await org.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
      name: 'Old account',
      ach_account_number: '000000000001',
      ach_routing_number: '021000021',
      ach_account_type: 'checking',
    });
    expect(failing.status).toBe(201);
    const made = await finance.post(`${AP}/payables`, {
      number: `F-${crypto.randomUUID().slice(0, 6)}`,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: failing.body.id,
      amount: 500_000,
      funding_source: 'ach',
    });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    await finance.post(`${AP}/payables/${id}/submit-for-approval`, {});
    expect((await admin.post(`${AP}/payables/${id}/approve`, {})).body.status).toBe('approved');
    const first = await finance.post(`${AP}/payables/${id}/pay`, {});
    expect(first.status).toBe(200);
    for (const status of ['pending', 'failed']) {
      const moved = await org.post(`/sandbox/transfers/${first.body.transfer_id}/advance`, { status });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const again = await finance.post(`${AP}/payables/${id}/pay`, {});
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe('payment-method-failed');
    // The console's own words: it refused it, never sent.
    expect(again.body.message).toContain('choose another account to pay it to');
    const trail = await admin.get('/api/team/audit?action=bill.pay');
    expect(trail.body.data[0]).toMatchObject({ outcome: 'refused' });

    const moved = await finance.patch(`${AP}/payables/${id}`, { ap_payment_method_id: method.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ status: 'submitted_for_approval', ap_payment_method_id: method.id });
    expect((await finance.post(`${AP}/payables/${id}/pay`, {})).status).toBe(409);
    // The maker of the change does not approve it; another member does, then it is paid to the new account.
    expect((await finance.post(`${AP}/payables/${id}/approve`, {})).status).toBe(403);
    const approved = await admin.post(`${AP}/payables/${id}/approve`, {});
    expect(approved.body.status, JSON.stringify(approved.body)).toBe('approved');
    const paid = await finance.post(`${AP}/payables/${id}/pay`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.transfer_history).toHaveLength(2);
  });

  it("changes a vendor's bank details only with a second member, who sees the masked account", async () => {
    const { admin, finance, viewer, vendor, method } = await organization();
    const before = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body.length;
    const asked = await finance.post(`${AP}/vendors/${vendor.id}/payment-methods`, {
      name: 'New account',
      ach_account_number: '000111112222',
      ach_routing_number: '021000021',
      ach_account_type: 'savings',
    });
    expect(asked.status).toBe(202);
    expect(asked.body.request).toMatchObject({
      status: 'pending',
      mask: '2222',
      routing_number: '021000021',
    });
    expect(JSON.stringify(asked.body)).not.toContain('000111112222');
    expect((await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body).toHaveLength(before);
    const id = asked.body.request.id;
    expect((await finance.post(`/api/team/vendor-method-changes/${id}/confirm`)).body.error_code).toBe(
      'own-request',
    );
    expect((await viewer.post(`/api/team/vendor-method-changes/${id}/confirm`)).status).toBe(403);
    const listed = (await admin.get('/api/team/vendor-method-changes')).body.data;
    expect(JSON.stringify(listed)).not.toContain('000111112222');
    const confirmed = await admin.post(`/api/team/vendor-method-changes/${id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    const methods = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body as {
      mask: string;
    }[];
    expect(methods.map((m) => m.mask)).toContain('2222');
    expect((await admin.post(`/api/team/vendor-method-changes/${id}/confirm`)).status).toBe(409);
    // A deletion waits too.
    const deleting = await finance.delete(`${AP}/vendors/${vendor.id}/payment-methods/${method.id}`);
    expect(deleting.status).toBe(202);
    expect((await finance.get(`${AP}/vendors/${vendor.id}/payment-methods/${method.id}`)).status).toBe(200);
  });

  it('keeps each role to its rows on every accounts-payable route', async () => {
    const { admin, finance, viewer, support, vendor, method, bill } = await organization({
      approval_limit_cents: null,
    });
    const made = await bill(500_000);
    await finance.post(`${AP}/payables/${made.id}/submit-for-approval`, {});
    const policies = (await admin.get(`${AP}/approval-policies`)).body as { id: string }[];
    const writes: [string, string, unknown?][] = [
      [
        'POST',
        `${AP}/vendors`,
        {
          name: 'X',
          address: { line_1: '1 A St', city: 'Austin', state: 'TX', postcode: '73301', country: 'US' },
        },
      ],
      ['DELETE', `${AP}/vendors/${vendor.id}`],
      [
        'POST',
        `${AP}/vendors/${vendor.id}/payment-methods`,
        {
          name: 'Y',
          ach_account_number: '000123456789',
          ach_routing_number: '021000021',
          ach_account_type: 'checking',
        },
      ],
      ['DELETE', `${AP}/vendors/${vendor.id}/payment-methods/${method.id}`],
      ['POST', `${AP}/payables`, { acting_user_id: 1, number: 'R-1' }],
      ['PATCH', `${AP}/payables/${made.id}`, { description: 'x' }],
      ['POST', `${AP}/payables/${made.id}/file`, { file: 'JVBERi0=' }],
      ['DELETE', `${AP}/payables/${made.id}/file`],
      ['POST', `${AP}/payables/${made.id}/cancel`, {}],
      ['POST', `${AP}/payables/${made.id}/submit-for-approval`, {}],
      ['POST', `${AP}/payables/${made.id}/approve`, {}],
      ['POST', `${AP}/payables/${made.id}/reject`, { comment: 'no' }],
      ['POST', `${AP}/payables/${made.id}/pay`, {}],
      [
        'POST',
        `${AP}/approval-policies`,
        {
          payable_conditions: [{ type: 'amount', comparator: '>=', value: 1 }],
          approval_conditions: [{ approver_list: [1], num_approvals_required: 1 }],
        },
      ],
      ['PATCH', `${AP}/approval-policies/${policies[0]?.id}`, { priority: 2 }],
      ['DELETE', `${AP}/approval-policies/${policies[0]?.id}`],
    ];
    const send = (who: typeof viewer, [method, path, body]: [string, string, unknown?]) =>
      method === 'POST'
        ? who.post(path, body)
        : method === 'PATCH'
          ? who.patch(path, body)
          : who.delete(path);
    for (const who of [viewer, support]) {
      for (const write of writes) {
        const answer = await send(who, write);
        expect(answer.status, `${write[0]} ${write[1]}`).toBe(403);
      }
      expect((await who.get(`${AP}/payables/${made.id}`)).status).toBe(200);
      expect((await who.get(`${AP}/vendors`)).status).toBe(200);
      expect((await who.get(`${AP}/approval-policies`)).status).toBe(200);
    }
    // Finance may not change the policies; the admin may.
    for (const write of writes.slice(-3)) expect((await send(finance, write)).status).toBe(403);
    expect((await admin.patch(`${AP}/approval-policies/${policies[0]?.id}`, { priority: 2 })).status).toBe(
      200,
    );
    expect((await finance.get(`${AP}/payables/${made.id}`)).body.status).toBe('submitted_for_approval');
  });

  it("counts a paid bill against the payer's daily limit", async () => {
    const { finance, bill } = await organization({ member_daily_limit_cents: 100_000 });
    const first = await bill(60_000);
    await finance.post(`${AP}/payables/${first.id}/submit-for-approval`, {});
    expect((await finance.post(`${AP}/payables/${first.id}/pay`, {})).status).toBe(200);
    const second = await bill(60_000);
    await finance.post(`${AP}/payables/${second.id}/submit-for-approval`, {});
    const refused = await finance.post(`${AP}/payables/${second.id}/pay`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('approval-required');
    // A bill has no approval to ask for here: the words say what the payer can do instead.
    expect(refused.body.message).not.toContain('submit it for approval');
    expect(refused.body.message).toContain('another member with room in their daily limit pays it');
  });

  it('counts bills split below the approval limit against the same daily limit', async () => {
    const { finance, bill } = await organization({ member_daily_limit_cents: 100_000 });
    // Three bills of $400.00, each below the $1,000.00 approval limit and matching no approval tier.
    const parts = [await bill(40_000), await bill(40_000), await bill(40_000)];
    for (const part of parts) await finance.post(`${AP}/payables/${part.id}/submit-for-approval`, {});
    expect((await finance.post(`${AP}/payables/${parts[0]?.id}/pay`, {})).status).toBe(200);
    expect((await finance.post(`${AP}/payables/${parts[1]?.id}/pay`, {})).status).toBe(200);
    const third = await finance.post(`${AP}/payables/${parts[2]?.id}/pay`, {});
    expect(third.status).toBe(403);
    expect(third.body.error_code).toBe('approval-required');
    expect((await finance.get(`${AP}/payables/${parts[2]?.id}`)).body.status).toBe('approved');
  });
});
