import { describe, expect, it } from 'vitest';
import { noteMemberSetEmail } from '../../db/repositories/onboarding/flow-links';
import { emailSetByMember } from '../../onboarding/flow-links';
import { caller } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { writerOn } from '../../test/forge';
import { achPayment, tenantOf } from '../../test/tenants';

/**
 * What a database writer can do with the rows no seal guards (docs/security.md, "Who can write what", the "can"
 * column), each tried and its cost measured: a member's spend counters deleted or set below zero, the newest policy
 * version deleted, a one-time link spent or un-spent, sessions deleted.
 */
describe.each(BACKENDS)('rows no seal guards, against a database writer on $name', async (backend) => {
  const { server, sql, quietly, orgIdOf } = await writerOn(backend);

  it("a member's spend counters deleted give back one day's limit, never more than one approval limit a payment; set below zero, they give nothing", async () => {
    // Approvals above $1,000.00: a member's day alone is $1,000.00 too (no daily limit set).
    const o = await tenantOf(server, { approval_limit_cents: 100_000 });
    const finance = await o.as('finance');
    const member = o.member('finance').id;
    const pay = async (cents: number) =>
      (await finance.post('/v2/payments', achPayment(o.user, cents))).status;
    expect([await pay(60_000), await pay(60_000)]).toEqual([201, 403]);
    // Deleted: the day is read from the counters alone, so it starts again (the trail keeps every payment).
    await sql.deleteFrom('spend_hours').where('owner', '=', member).execute();
    expect([await pay(60_000), await pay(60_000)]).toEqual([201, 403]);
    // Still no single payment above the approval limit, whatever the counters say.
    await sql.deleteFrom('spend_hours').where('owner', '=', member).execute();
    expect(await pay(100_001)).toBe(403);
    expect(await pay(10_000)).toBe(201);
    // A counter set far below zero is room for nothing: it counts as nothing moved, and the next payment starts it at 0.
    await sql.updateTable('spend_hours').set({ cents: -100_000_000 }).where('owner', '=', member).execute();
    expect([await pay(60_000), await pay(60_000)]).toEqual([201, 403]);
    const paid = await sql
      .selectFrom('audit_events')
      .select('amount_cents')
      .where('member_id', '=', member)
      .where('action', '=', 'payment.create')
      .where('status', '=', 201)
      .execute();
    // Each payment let through is a line of the trail: the day the writer gave back is found by comparing.
    expect(paid.map((line) => Number(line.amount_cents))).toEqual([60_000, 60_000, 10_000, 60_000]);
  });

  it('the policy in force deleted or set aside in the database holds everything, and it is a line', async () => {
    const o = await tenantOf(server, { approval_limit_cents: 1_000_000 });
    const admin = await o.as('admin');
    const finance = await o.as('finance');
    // The admins lower the limit to $1,000.00 (a lowered limit applies at once).
    const lowered = await admin.put('/api/team/policy', {
      enabled: true,
      limit_cents: 100_000,
      approvals_needed: 1,
    });
    expect(lowered.body.kind).toBe('applied');
    expect((await finance.post('/v2/payments', achPayment(o.user, 500_000))).status).toBe(403);
    const orgId = await orgIdOf(o.tenant.client_id);
    const newest = await sql
      .selectFrom('approval_policies')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    await sql
      .deleteFrom('approval_policies')
      .where('org_id', '=', orgId)
      .where('version', '=', Number(newest.v))
      .execute();
    // No version in force is not "no approvals": everything waits, as with a forged policy, until an admin sets it.
    const error = quietly();
    const held = await finance.post('/v2/payments', achPayment(o.user, 500_000));
    const small = await finance.post('/v2/payments', achPayment(o.user, 100));
    // Every version deleted: the trail's change of the policy says one was in force.
    await sql.deleteFrom('approval_policies').where('org_id', '=', orgId).execute();
    const none = await finance.post('/v2/payments', achPayment(o.user, 100));
    error.mockRestore();
    expect([held.status, small.status, none.status]).toEqual([403, 403, 403]);
    await server.team.settled();
    const lines = await sql
      .selectFrom('audit_events')
      .select('targets')
      .where('action', '=', 'integrity.violation')
      .where('org_id', '=', orgId)
      .execute();
    expect(lines.length).toBeGreaterThan(0);
    // An admin setting the policy again is the remedy.
    const again = await admin.put('/api/team/policy', {
      enabled: true,
      limit_cents: 100_000,
      approvals_needed: 1,
    });
    expect(again.body.kind).toBe('applied');
    expect((await finance.post('/v2/payments', achPayment(o.user, 100))).status).toBe(201);
  });

  it('a link un-spent in the database opens nothing again; one spent opens nothing (a denial of service)', async () => {
    const o = await tenantOf(server);
    const admin = await o.as('admin');
    const email = `unspent-${crypto.randomUUID()}@${o.tenant.client_id}.example`;
    const invited = await admin.post('/api/team/members', { email, name: 'Invited', role: 'viewer' });
    expect(invited.status).toBe(201);
    const path = new URL(invited.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    const anyone = caller(server.app, '');
    expect((await anyone.post(path, { password: 'the invitee password' })).status).toBe(200);
    await sql
      .updateTable('invitations')
      .set({ used_at: null })
      .where('member_id', '=', invited.body.member.id)
      .execute();
    // An invitation opens only while its member waits for it: accepted once, it opens nothing again.
    expect((await anyone.post(path, { password: 'another password entirely' })).status).toBe(404);
    const signIn = async (password: string) =>
      (await anyone.post('/api/team/sessions', { email, password })).status;
    expect(await signIn('the invitee password')).toBe(201);
    expect(await signIn('another password entirely')).toBe(401);
    const member = await sql
      .selectFrom('members')
      .select('role')
      .where('id', '=', invited.body.member.id)
      .executeTakeFirstOrThrow();
    expect(member.role).toBe('viewer');
    // Spent in the database: a link not yet used opens nothing (a denial of service, seen as a link that failed).
    const second = await admin.post('/api/team/members', {
      email: `spent-${crypto.randomUUID()}@${o.tenant.client_id}.example`,
      name: 'Spent',
      role: 'viewer',
    });
    await sql
      .updateTable('invitations')
      .set({ used_at: new Date().toISOString() })
      .where('member_id', '=', second.body.member.id)
      .execute();
    const spentPath = new URL(second.body.link.url).pathname.replace(
      '/invitation/',
      '/api/team/invitations/',
    );
    expect((await anyone.post(spentPath, { password: 'a password of theirs' })).status).toBe(404);
  });

  it("a member's email note deleted: the user's email counts as the payee's own again (found by comparing with the trail)", async () => {
    const o = await tenantOf(server);
    const orgId = await orgIdOf(o.tenant.client_id);
    await noteMemberSetEmail(sql, {
      org_id: orgId,
      user_id: o.user,
      member_id: o.member('support').id,
      set_at: new Date().toISOString(),
    });
    const asked = { orgId, userId: o.user, since: new Date(Date.now() - 60_000).toISOString() };
    expect(await emailSetByMember(server.team, null, null, asked)).toBe(true);
    await sql.deleteFrom('member_set_emails').where('user_id', '=', o.user).execute();
    // What this costs: a link mailed to that address is judged the payee's alone (docs/security.md says so).
    expect(await emailSetByMember(server.team, null, null, asked)).toBe(false);
  });

  it('sessions deleted sign everyone out, and nothing else: each signs in again', async () => {
    const o = await tenantOf(server);
    const finance = await o.as('finance');
    expect((await finance.get('/api/team/session')).status).toBe(200);
    await sql.deleteFrom('sessions').where('member_id', '=', o.member('finance').id).execute();
    expect((await finance.get('/api/team/session')).status).toBe(401);
    expect((await finance.post('/v2/payments', achPayment(o.user, 100))).status).toBe(401);
    const again = await o.as('finance');
    expect((await again.get('/api/team/session')).status).toBe(200);
  });
});
