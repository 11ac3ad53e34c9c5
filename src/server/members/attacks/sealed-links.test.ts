import { describe, expect, it } from 'vitest';
import { apUserLinkOf, setApUserLink } from '../../db/repositories/accounts-payable/ap-user-links';
import {
  emailSetByMemberSince,
  noteFlowEmailByMember,
  noteMemberSetEmail,
} from '../../db/repositories/onboarding/flow-links';
import { emailSetByMember } from '../../onboarding/flow-links';
import { BACKENDS } from '../../test/databases';
import { writerOn } from '../../test/forge';
import { tenantOf } from '../../test/tenants';

/**
 * A database writer against the rows that decide money without being requests (db/seals.ts): an onboarding link's
 * reach, a user's email noted as set by a member, a bill's edit (which voids approvals) and the AP user a member acts
 * as. Each is sealed as written; one edited in the database is refused where it is used, and said in the trail.
 */
const AP = '/v2/accounts-payable';

describe.each(BACKENDS)('sealed links and notes against a database writer on $name', async (backend) => {
  const { server, sql, quietly, orgIdOf, ...writer } = await writerOn(backend);
  const violations = async (table: string) =>
    (await writer.violations()).filter((line) => line.detail?.includes(table));

  it("an onboarding link made the payee's alone in the database is used for nothing, and a line", async () => {
    const o = await tenantOf(server, { approval_limit_cents: 100_000 });
    const support = await o.as('support');
    const copied = await support.post('/v2/flows', { user_id: o.user, steps: ['compliance'] });
    expect(copied.status, copied.text).toBe(200);
    await sql
      .updateTable('flow_links')
      .set({ payee_only: 1 })
      .where('flow_id', '=', copied.body.id)
      .execute();
    const path = new URL(copied.body.link).pathname;
    const page = await (await server.app.request(path)).text();
    const error = quietly();
    const posted = await server.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        csrf: /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '',
        step: /name="step" value="([^"]+)"/.exec(page)?.[1] ?? '',
      }).toString(),
    });
    error.mockRestore();
    expect(posted.status).toBe(403);
    expect(await posted.text()).toContain('This link cannot be used');
    expect(await violations('flow_links')).not.toHaveLength(0);
  });

  it("a member's email note moved back in time counts as set by a member still, and a line", async () => {
    const o = await tenantOf(server);
    const orgId = await orgIdOf(o.tenant.client_id);
    const member = o.member('support').id;
    await noteMemberSetEmail(sql, {
      org_id: orgId,
      user_id: o.user,
      member_id: member,
      set_at: new Date().toISOString(),
    });
    const since = new Date(Date.now() - 60_000).toISOString();
    expect(await emailSetByMemberSince(sql, orgId, o.user, since)).toBe(true);
    await sql
      .updateTable('member_set_emails')
      .set({ set_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', o.user)
      .execute();
    const error = quietly();
    expect(await emailSetByMemberSince(sql, orgId, o.user, since)).toBe(true);
    error.mockRestore();
    expect(await violations('member_set_emails')).not.toHaveLength(0);
  });

  it("a maker's note kept by its flow, moved back in time, counts against every user still, and a line", async () => {
    const o = await tenantOf(server);
    const orgId = await orgIdOf(o.tenant.client_id);
    const note = {
      org_id: orgId,
      flow_id: '00000000-0000-4000-8000-000000000001',
      member_id: o.member('support').id,
      set_at: '2000-01-01T00:00:00.000Z',
    };
    await noteFlowEmailByMember(sql, note);
    const since = new Date(Date.now() - 60_000).toISOString();
    const asked = { orgId, userId: o.user, since };
    // As written, a note from long ago is out of the window: no read of its flow, and not set by a member.
    expect(await emailSetByMember(server.team, null, null, asked)).toBe(false);
    await sql
      .updateTable('member_set_flow_emails')
      .set({ flow_id: '00000000-0000-4000-8000-000000000002' })
      .where('org_id', '=', orgId)
      .execute();
    const error = quietly();
    expect(await emailSetByMember(server.team, null, null, asked)).toBe(true);
    error.mockRestore();
    expect(await violations('member_set_flow_emails')).not.toHaveLength(0);
  });

  it('an AP user link moved in the database is taken as absent, and a line', async () => {
    const o = await tenantOf(server);
    const orgId = await orgIdOf(o.tenant.client_id);
    const memberId = o.member('finance').id;
    const link = {
      org_id: orgId,
      member_id: memberId,
      ap_user_id: 7,
      ap_user_label: 'Fiona',
      linked_by: o.member('admin').id,
      confirmed_by: null,
      at: new Date().toISOString(),
    };
    await setApUserLink(sql, link);
    expect((await apUserLinkOf(sql, orgId, memberId))?.ap_user_id).toBe(7);
    await sql.updateTable('ap_user_links').set({ ap_user_id: 1 }).where('member_id', '=', memberId).execute();
    const error = quietly();
    expect(await apUserLinkOf(sql, orgId, memberId)).toBeUndefined();
    error.mockRestore();
    expect(await violations('ap_user_links')).not.toHaveLength(0);
  });

  it("a bill's edit rewritten in the database: the bill is neither approved nor paid, and a line", async () => {
    const o = await tenantOf(server, { approval_limit_cents: 100_000 });
    const finance = await o.as('finance');
    const admin = await o.as('admin');
    const vendors = (await finance.get(`${AP}/vendors?limit=100`)).body.data as {
      id: string;
      name: string;
    }[];
    const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
    const method = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as {
      id: string;
    };
    const made = await finance.post(`${AP}/payables`, {
      number: `E-${crypto.randomUUID().slice(0, 6)}`,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: method.id,
      amount: 500_000,
      funding_source: 'dots_balance',
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    expect((await finance.patch(`${AP}/payables/${id}`, { amount: 600_000 })).status).toBe(200);
    expect((await finance.post(`${AP}/payables/${id}/submit-for-approval`, {})).status).toBe(200);
    // The edit is made someone else's: the last editor would then approve their own change.
    await sql
      .updateTable('ap_bill_edits')
      .set({ member_id: o.member('support').id, ap_user_id: 999 })
      .where('bill_id', '=', id)
      .execute();
    const error = quietly();
    const approved = await admin.post(`${AP}/payables/${id}/approve`, {});
    error.mockRestore();
    expect(approved.status).toBe(409);
    expect(approved.body.error_code).toBe('bill-edit-changed');
    expect((await finance.get(`${AP}/payables/${id}`)).body.status).not.toBe('approved');
    expect(await violations('ap_bill_edits')).not.toHaveLength(0);
  });

  it("a bill's edit deleted in the database: the bill is neither approved nor paid, and a line", async () => {
    const o = await tenantOf(server, { approval_limit_cents: 100_000 });
    const finance = await o.as('finance');
    const admin = await o.as('admin');
    const vendors = (await finance.get(`${AP}/vendors?limit=100`)).body.data as {
      id: string;
      name: string;
    }[];
    const vendor = vendors.find((v) => v.name === 'Northwind Hosting') as { id: string };
    const method = (await finance.get(`${AP}/vendors/${vendor.id}/payment-methods`)).body[0] as {
      id: string;
    };
    const made = await finance.post(`${AP}/payables`, {
      number: `D-${crypto.randomUUID().slice(0, 6)}`,
      ap_vendor_id: vendor.id,
      ap_payment_method_id: method.id,
      amount: 500_000,
      funding_source: 'dots_balance',
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    expect((await finance.patch(`${AP}/payables/${id}`, { amount: 600_000 })).status).toBe(200);
    expect((await finance.post(`${AP}/payables/${id}/submit-for-approval`, {})).status).toBe(200);
    await sql.deleteFrom('ap_bill_edits').where('bill_id', '=', id).execute();
    const error = quietly();
    const approved = await admin.post(`${AP}/payables/${id}/approve`, {});
    error.mockRestore();
    expect(approved.status).toBe(409);
    expect(approved.body.error_code).toBe('bill-record-missing');
    expect((await finance.get(`${AP}/payables/${id}`)).body.status).not.toBe('approved');
    expect(await violations('ap_bill_edits')).not.toHaveLength(0);
  });
});
