import { afterAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../identity/totp';
import { ensureOrganization, insertMember } from '../../members/members';
import { caller, type MemberCredentials, teamConsole } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { sandboxUpstream } from '../../test/upstream';

/**
 * Who approves what in accounts payable is the team's rule: on SQLite and PostgreSQL, an approval policy of bills made,
 * moved or deleted waits for a second admin while there are two; upstream a member acts as the AP user an admin linked
 * them to, a grant of power under the same rule, and acts on nothing until then.
 */
const AP = '/v2/accounts-payable';

type Policy = { id: string; priority: number; payable_conditions: unknown[] };

describe.each(BACKENDS)(
  'approval policies of bills under the second-admin rule on $name',
  async (backend) => {
    const database = await backend.open();
    const server = await teamConsole({ database });
    afterAll(async () => {
      await server.close();
      await database.close();
    });

    async function twoAdmins() {
      const tenant = await server.tenant({ approval_limit_cents: 100_000 });
      const member = (role: MemberCredentials['role']) =>
        tenant.members.find((m: MemberCredentials) => m.role === role) as MemberCredentials;
      const first = caller(server.app, await server.signIn(member('admin')));
      const approvers = (await first.get(`${AP}/approvers`)).body as {
        id: number;
        email: string;
        role: string;
      }[];
      const policies = async () => (await first.get(`${AP}/approval-policies`)).body as Policy[];
      const before = await policies();
      const org = await server.team.database.db
        .selectFrom('organizations')
        .selectAll()
        .where('client_id', '=', tenant.client_id)
        .executeTakeFirstOrThrow();
      const email = `second@${tenant.client_id}.example`;
      await insertMember(server.team.database.db, {
        orgId: org.id,
        email,
        name: 'Second',
        role: 'admin',
        password: 'second-admin-pw',
      });
      const second = caller(server.app, await server.signIn({ email, password: 'second-admin-pw' }));
      return { first, second, approvers, policies, before };
    }

    it('a policy made by one admin applies only when the other confirms it, and never by its proposer', async () => {
      const { first, second, approvers, policies, before } = await twoAdmins();
      // Each step names someone who may approve bills (the tenant's admin), or it is refused as one no bill gets through.
      const admin = approvers.find((a) => a.role === 'admin') as { id: number };
      const other = approvers.find((a) => a.id !== admin.id) as { id: number };
      const proposed = await first.post(`${AP}/approval-policies`, {
        payable_conditions: [{ type: 'amount', comparator: '>=', value: 2_500_000 }],
        approval_conditions: [
          { approver_list: [admin.id, other.id], num_approvals_required: 1 },
          { approver_list: [admin.id], num_approvals_required: 1 },
        ],
      });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
      expect(proposed.body.request).toMatchObject({ kind: 'ap-policy', status: 'pending' });
      expect(proposed.body.request.description).toBe(
        'Add an approval policy of bills: amount ≥ $25,000.00; approved by 1 of 2, then 1 of 1',
      );
      expect(await policies()).toEqual(before);
      const confirm = (by: typeof first) =>
        by.post(`/api/team/team-requests/${proposed.body.request.id}/confirm`, {});
      expect((await confirm(first)).status).toBe(403);
      expect(await policies()).toEqual(before);
      const confirmed = await confirm(second);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const after = await policies();
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)?.payable_conditions).toEqual([
        { type: 'amount', comparator: '>=', value: 2_500_000 },
      ]);
      // The trail names what waited and what was confirmed.
      const trail = await second.get('/api/team/audit?action=ap-policy.create');
      expect(trail.body.data[0]).toMatchObject({ status: 202 });
    });

    it('a policy moved or deleted waits too, and a rejected change leaves the policies as they were', async () => {
      const { first, second, policies, before } = await twoAdmins();
      const last = before.at(-1) as Policy;
      const moved = await first.patch(`${AP}/approval-policies/${last.id}`, { priority: 1 });
      expect(moved.status).toBe(202);
      expect(moved.body.request.description).toBe(
        `Move the approval policy of bills for amount ≥ $10,000.01 from priority ${last.priority} to 1`,
      );
      expect(await policies()).toEqual(before);
      const rejected = await second.post(`/api/team/team-requests/${moved.body.request.id}/reject`, {
        reason: 'Not now',
      });
      expect(rejected.status).toBe(200);
      expect(await policies()).toEqual(before);
      const deleted = await second.delete(`${AP}/approval-policies/${last.id}`);
      expect(deleted.status).toBe(202);
      expect(deleted.body.request.description).toBe(
        `Delete the approval policy of bills for amount ≥ $10,000.01 (priority ${last.priority})`,
      );
      expect(
        (await first.post(`/api/team/team-requests/${deleted.body.request.id}/confirm`, {})).status,
      ).toBe(200);
      expect((await policies()).map((p) => p.id)).toEqual(before.slice(0, -1).map((p) => p.id));
    });

    it('a policy the service would refuse is answered by the service at once, nothing waiting', async () => {
      const { first } = await twoAdmins();
      const refused = await first.post(`${AP}/approval-policies`, {
        payable_conditions: [],
        approval_conditions: [],
      });
      expect(refused.status).toBe(400);
      expect((await first.get('/api/team/team-requests?status=pending')).body.data).toEqual([]);
    });

    it('a policy whose step names only people who can never approve is refused, nothing waiting', async () => {
      const { first, approvers } = await twoAdmins();
      const roles = approvers;
      const maker = roles.find((a) => a.role === 'ap_creator') as { id: number };
      const viewer = roles.find((a) => a.role === 'viewer') as { id: number };
      const refused = await first.post(`${AP}/approval-policies`, {
        payable_conditions: [{ type: 'amount', comparator: '>=', value: 100 }],
        approval_conditions: [{ approver_list: [maker.id, viewer.id], num_approvals_required: 1 }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error_code: 'approvers-cannot-approve',
        errors: [{ path: 'approval_conditions.0.approver_list' }],
      });
      expect(refused.body.message).toContain('No approver of step 1 may approve bills');
      expect((await first.get('/api/team/team-requests?status=pending')).body.data).toEqual([]);
    });

    it('in the sandbox a member acts as the AP user of their email: there is nothing to link', async () => {
      const tenant = await server.tenant();
      const admin = caller(
        server.app,
        await server.signIn(
          tenant.members.find((m: MemberCredentials) => m.role === 'admin') as MemberCredentials,
        ),
      );
      const support = caller(
        server.app,
        await server.signIn(
          tenant.members.find((m: MemberCredentials) => m.role === 'support') as MemberCredentials,
        ),
      );
      const me = await support.get('/api/team/ap-users/me');
      expect(me.body).toMatchObject({
        match: 'email',
        why_not: expect.stringContaining('may only read bills'),
      });
      const finance = tenant.members.find(
        (m: MemberCredentials) => m.role === 'finance',
      ) as MemberCredentials;
      const linked = await admin.put(`/api/team/ap-users/${finance.id}`, { ap_user_id: 1 });
      expect(linked.status).toBe(409);
      expect(linked.body.error_code).toBe('ap-users-by-email');
      expect((await support.get('/api/team/ap-users')).status).toBe(403);
    });
  },
);

describe.each(BACKENDS)('upstream, AP users linked by an admin, on $name', (backend) => {
  it('a member acts on no bill until linked, and with two admins the link waits for the other', async () => {
    // The organization's AP users have emails of their own: upstream nobody is matched by email.
    const service = await sandboxUpstream([
      { email: 'payables@books.example', name: 'Pat Payables', role: 'ap_creator' },
      { email: 'controller@books.example', name: 'Cy Controller', role: 'admin' },
    ]);
    const { made } = service;
    const database = await backend.open();
    const console_ = await teamConsole({
      upstream: service.url,
      orgCredentials: service.orgCredentials,
      database,
    });
    try {
      const db = database.db;
      const org = await ensureOrganization(db, { clientId: made.client_id, name: 'O', sandboxApiKey: null });
      const totp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const ids: Record<string, string> = {};
      const add = async (name: string) => {
        const row = await insertMember(db, {
          orgId: org.id,
          email: `${name}@team.example`,
          name,
          role: name === 'finance' ? 'finance' : 'admin',
          password: `${name}-password`,
          totpSecret: totp,
        });
        ids[name] = row.id;
      };
      await add('finance');
      await add('admin');
      const as = async (name: string) =>
        caller(
          console_.app,
          await console_.signIn({
            email: `${name}@team.example`,
            password: `${name}-password`,
            totp: totpCode(totp),
          }),
        );
      const finance = await as('finance');
      const admin = await as('admin');
      const approvers = (await admin.get(`${AP}/approvers`)).body as { id: number; email: string }[];
      const payables = approvers.find((a) => a.email === 'payables@books.example') as { id: number };
      const controller = approvers.find((a) => a.email === 'controller@books.example') as { id: number };
      const vendor = await finance.post(`${AP}/vendors`, {
        name: 'Linked Vendor',
        address: { line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '78701', country: 'US' },
      });
      expect(vendor.status).toBe(201);

      // Not linked: reads, but cannot act, and is told why.
      const unlinked = await finance.post(`${AP}/payables`, {
        acting_user_id: payables.id,
        number: 'U-1',
        amount: 500,
      });
      expect(unlinked.status).toBe(403);
      expect(unlinked.body.error_code).toBe('no-ap-user');
      expect((await finance.get('/api/team/ap-users/me')).body).toMatchObject({
        match: 'link',
        ap_user: null,
        why_not: expect.stringContaining('until an admin links you'),
      });
      expect((await finance.get(`${AP}/payables`)).status).toBe(200);

      // A link to an AP user the organization does not have is refused at the field.
      const unknown = await admin.put(`/api/team/ap-users/${ids.finance}`, { ap_user_id: 999_999 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors[0].path).toBe('ap_user_id');
      // One admin links at once; finance now acts as that AP user, whatever it sends.
      expect((await admin.put(`/api/team/ap-users/${ids.finance}`, { ap_user_id: payables.id })).status).toBe(
        200,
      );
      const bill = await finance.post(`${AP}/payables`, {
        acting_user_id: controller.id,
        number: 'L-1',
        amount: 500,
      });
      expect(bill.status, JSON.stringify(bill.body)).toBe(201);
      expect(bill.body.created_by).toBe(payables.id);

      // A link changed in the database (to the controller's AP user) does not verify: taken as absent, and said.
      await db
        .updateTable('ap_user_links')
        .set({ ap_user_id: controller.id })
        .where('member_id', '=', ids.finance as string)
        .execute();
      const forged = await finance.post(`${AP}/payables`, { acting_user_id: 1, number: 'F-1', amount: 500 });
      expect(forged.status).toBe(403);
      expect(forged.body.error_code).toBe('no-ap-user');
      expect(
        (await admin.get('/api/team/audit?action=integrity.violation')).body.data.length,
      ).toBeGreaterThan(0);
      expect((await admin.put(`/api/team/ap-users/${ids.finance}`, { ap_user_id: payables.id })).status).toBe(
        200,
      );

      // With two admins, a link waits for the other one; until then the member acts as nobody.
      await add('admin2');
      const admin2 = await as('admin2');
      const waiting = await admin.put(`/api/team/ap-users/${ids.admin2}`, { ap_user_id: controller.id });
      expect(waiting.status).toBe(202);
      expect(waiting.body.request).toMatchObject({ kind: 'ap-user-link', status: 'pending' });
      expect(waiting.body.request.description).toBe(
        'Link admin2 (admin2@team.example) to the AP user Cy Controller (controller@books.example)',
      );
      expect((await admin2.get('/api/team/ap-users/me')).body.ap_user).toBeNull();
      expect(
        (await admin.post(`/api/team/team-requests/${waiting.body.request.id}/confirm`, {})).status,
      ).toBe(403);
      expect(
        (await admin2.post(`/api/team/team-requests/${waiting.body.request.id}/confirm`, {})).status,
      ).toBe(200);
      expect((await admin2.get('/api/team/ap-users/me')).body.ap_user).toMatchObject({ id: controller.id });
      const team = (await admin.get('/api/team/ap-users')).body as {
        match: string;
        members: { id: string; ap_user: { id: number } | null }[];
      };
      expect(team.match).toBe('link');
      expect(team.members.find((m) => m.id === ids.admin)?.ap_user).toBeNull();
      expect(team.members.find((m) => m.id === ids.finance)?.ap_user?.id).toBe(payables.id);
      // Unlinking is a change of power too: it waits, and then the member acts on nothing again.
      const unlink = await admin2.put(`/api/team/ap-users/${ids.finance}`, { ap_user_id: null });
      expect(unlink.status).toBe(202);
      await admin.post(`/api/team/team-requests/${unlink.body.request.id}/confirm`, {});
      expect(
        (await finance.post(`${AP}/payables`, { acting_user_id: 1, number: 'L-2', amount: 500 })).status,
      ).toBe(403);
    } finally {
      await console_.close();
      await database.close();
      await service.close();
    }
  });
});
