import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ROLES } from '../../../lib/roles';
import { createSandbox } from '../../../sandbox/app';
import { listen } from '../../../sandbox/test/harness';
import { createConsoleApp } from '../../app';
import { executeRequest } from '../../approvals/execution/executor';
import { consoleEntry, legacyRowHash } from '../../audit/chain';
import { AuditHeadFile, auditHeadFileFrom } from '../../audit/head-file';
import { AuditChainBroken } from '../../audit/witness';
import { openConsoleDatabase } from '../../db/database';
import { recordDecision } from '../../db/repositories/team/approval-decisions';
import { updateMember } from '../../db/repositories/team/members';
import { insertTeamRequest } from '../../db/repositories/team/team-requests';
import { totpCode } from '../../identity/totp';
import { mailerFrom } from '../../mail/mail';
import { startTeam } from '../../start';
import { config } from '../../test/config';
import { basic, caller, type MemberCredentials, teamConsole } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { rewriteTrail, trailCommand } from '../../test/forge';
import { linkIn, mailFor, smtpServer } from '../../test/smtp';
import { tempDir } from '../../test/temp-dir';
import { ensureOrganization, findMemberByEmail, insertMember } from '../members';

/**
 * The attacks of a member who is not honest, run as they would run them, on each database the console runs on: each
 * would pay money without a second member, or hide who did, before the team's rules held against an insider.
 */

const ACCOUNT = '000123456789';
const payment = (userId: string, cents: number, extra: Record<string, unknown> = {}) => ({
  amount: cents,
  platform: 'ach',
  user_id: userId,
  ach_info: { account_number: ACCOUNT, routing_number: '021000021' },
  idempotency_key: crypto.randomUUID(),
  ...extra,
});

describe.each(BACKENDS)('an insider on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const db = server.team.database.db;
  const orgKey = (tenant: { client_id: string; api_key: string }) =>
    caller(server.app, basic(tenant.client_id, tenant.api_key));

  /** A test tenant (one member per role) whose approvals start above $1,000.00, with the members' sessions. */
  async function organization(settings: Record<string, unknown> = {}) {
    const tenant = await server.tenant({ approval_limit_cents: 100_000, ...settings });
    const org = await ensureOrganization(db, { clientId: tenant.client_id, name: 'O', sandboxApiKey: null });
    const as = async (member: { email: string; password: string }) =>
      caller(server.app, await server.signIn(member));
    const member = (role: MemberCredentials['role']) =>
      tenant.members.find((m) => m.role === role) as MemberCredentials;
    /** Another member who has held the role since before anything below. */
    const add = async (role: MemberCredentials['role'], name: string) => {
      const credentials = {
        email: `${name}@${tenant.client_id.slice(0, 8)}.example`,
        password: `${name}-password-long`,
      };
      const row = await insertMember(db, { orgId: org.id, name, role, ...credentials });
      return { ...credentials, id: row.id, role };
    };
    const transfersOf = async (cents: number) => {
      const list = await orgKey(tenant).get('/v2/transfers?limit=100');
      return (list.body.data as { amount: number; metadata: Record<string, string> | null }[]).filter(
        (t) => t.amount === cents,
      );
    };
    const trail = async (action: string) => {
      const admin = await as(member('admin'));
      return (await admin.get(`/api/team/audit?action=${action}`)).body.data as Record<string, unknown>[];
    };
    return { tenant, org, as, member, add, transfersOf, trail, userId: tenant.users[0]?.id ?? '' };
  }

  it('a TOTP code seen over a shoulder: taken once, and neither it nor an earlier one signs in again', async () => {
    const o = await organization();
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const credentials = {
      email: `totp@${o.tenant.client_id.slice(0, 8)}.example`,
      password: 'totp-password-long',
    };
    await insertMember(db, {
      orgId: o.org.id,
      name: 'Tia',
      role: 'finance',
      ...credentials,
      totpSecret: secret,
    });
    const code = totpCode(secret);
    const signIn = (totp: string) =>
      caller(server.app, '').post('/api/team/sessions', { ...credentials, totp });
    expect((await signIn(code)).status).toBe(201);
    const again = await signIn(code);
    expect(again.status).toBe(401);
    expect((await signIn(totpCode(secret, Date.now() - 30_000))).status).toBe(401);
    // The next step's code (a phone a little ahead) is still taken, once.
    expect((await signIn(totpCode(secret, Date.now() + 30_000))).status).toBe(201);
  });

  it('a puppet approver: an admin invites an approver, takes the link, and approves what waited before: refused', async () => {
    const o = await organization();
    const finance = await o.as(o.member('finance'));
    const waiting = await finance.post('/api/team/approvals', { payment: payment(o.userId, 150_001) });
    expect(waiting.status).toBe(201);
    const admin = await o.as(o.member('admin'));
    // One admin: the invitation applies at once, and without mail the link comes back to the admin.
    const invited = await admin.post('/api/team/members', {
      email: `puppet@${o.tenant.client_id}.example`,
      name: 'Puppet',
      role: 'finance',
    });
    expect(invited.status).toBe(201);
    const link = new URL(invited.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    expect((await caller(server.app, '').post(link, { password: 'the puppet password' })).status).toBe(200);
    const puppet = await o.as({
      email: `puppet@${o.tenant.client_id}.example`,
      password: 'the puppet password',
    });
    const approved = await puppet.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(403);
    expect(approved.body.error_code).toBe('approver-too-recent');
    expect((await finance.get(`/api/team/approvals/${waiting.body.id}`)).body.status).toBe('pending');
    expect(await o.transfersOf(150_001)).toEqual([]);
  });

  it('a borrowed account, two admins and no mail: no reset or invitation makes a link for anyone; refused, with a line', async () => {
    const o = await organization();
    const second = await o.add('admin', 'second-admin');
    const admins = [await o.as(o.member('admin')), await o.as(second)];
    for (const [index, admin] of admins.entries()) {
      const reset = await admin.post(`/api/team/members/${o.member('finance').id}/password-reset`);
      expect(reset.status).toBe(409);
      expect(reset.body).toMatchObject({ error_code: 'mail-required' });
      expect(reset.body.message).toMatch(/Set up mail first/);
      // Any role: a viewer's link in an admin's hands becomes a paying account once the other admin raises it.
      for (const role of ROLES) {
        const invited = await admin.post('/api/team/members', {
          email: `${role}-${index}@${o.tenant.client_id}.example`,
          name: `Invited ${role}`,
          role,
        });
        expect(invited.status, invited.text).toBe(409);
        expect(invited.body.error_code).toBe('mail-required');
        expect(invited.text).not.toMatch(/invitation\//);
      }
    }
    // Nothing waits for the other admin either, so no confirmation can carry a link.
    expect((await admins[0]?.get('/api/team/team-requests?status=pending'))?.body.data).toEqual([]);
    // A reset proposed while mail was set up and confirmed after it went: refused when it would apply.
    const proposed = crypto.randomUUID();
    const now = new Date();
    await insertTeamRequest(db, {
      id: proposed,
      org_id: o.org.id,
      kind: 'password-reset',
      proposer_id: o.member('admin').id,
      target_member_id: o.member('finance').id,
      payload: '{}',
      status: 'pending',
      decided_by: null,
      reason: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      decided_at: null,
    });
    const confirmed = await admins[1]?.post(`/api/team/team-requests/${proposed}/confirm`);
    expect(confirmed?.status).toBe(409);
    expect(confirmed?.body.error_code).toBe('mail-required');
    expect(confirmed?.text).not.toMatch(/invitation\//);
    // The finance member's password still works, and no link of theirs exists.
    await o.as(o.member('finance'));
    const links = await db
      .selectFrom('invitations')
      .select('token_hash')
      .where('member_id', '=', o.member('finance').id)
      .execute();
    expect(links).toEqual([]);
    const refused = (await o.trail('member.password.reset')).filter((r) => r.outcome === 'refused');
    expect(refused.map((r) => [r.member_id, r.status])).toEqual([
      [second.id, 409],
      [o.member('admin').id, 409],
    ]);
    expect(await o.transfersOf(500_000)).toEqual([]);
  });

  it('no sequence of two admins’ actions without mail hands either of them a one-time link', async () => {
    const o = await organization();
    const second = await o.add('admin', 'sweep-admin');
    const first = await o.as(o.member('admin'));
    const other = await o.as(second);
    const answers: string[] = [];
    const targets = ['viewer', 'support', 'finance'] as const;
    for (const [admin, confirmer] of [
      [first, other],
      [other, first],
    ] as const) {
      for (const role of targets) {
        const target = o.member(role);
        for (const change of [
          () => admin.post(`/api/team/members/${target.id}/password-reset`),
          () => admin.post(`/api/team/members/${target.id}/totp-reset`),
          () => admin.patch(`/api/team/members/${target.id}`, { role: 'finance' }),
          () => admin.patch(`/api/team/members/${target.id}`, { status: 'disabled' }),
          () => admin.patch(`/api/team/members/${target.id}`, { status: 'active' }),
          () =>
            admin.post('/api/team/members', {
              email: `sweep-${role}-${answers.length}@${o.tenant.client_id}.example`,
              name: 'Sweep',
              role,
            }),
        ]) {
          const asked = await change();
          answers.push(asked.text);
          if (asked.status === 202) {
            const decided = await confirmer.post(`/api/team/team-requests/${asked.body.request.id}/confirm`, {
              acknowledge_caution: true,
            });
            answers.push(decided.text);
          }
        }
      }
    }
    expect(answers.join('\n')).not.toMatch(/invitation\//);
    expect(answers.join('\n')).not.toMatch(/"delivery":"shown"/);
  });

  it('a link outlives its grant: a viewer invited with one admin is not raised, and the link stops once there are two', async () => {
    const o = await organization();
    const admin = await o.as(o.member('admin'));
    const email = `puppet-viewer@${o.tenant.client_id}.example`;
    const invited = await admin.post('/api/team/members', { email, name: 'Puppet Viewer', role: 'viewer' });
    expect(invited.status).toBe(201);
    const link = new URL(invited.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    const second = await o.add('admin', 'raising-admin');
    // A pending invitation keeps the role it was made with: raising it would raise its link.
    const raise = await admin.patch(`/api/team/members/${invited.body.member.id}`, { role: 'finance' });
    expect(raise.status).toBe(409);
    expect(raise.body).toMatchObject({
      error_code: 'invitation-pending',
      errors: [{ path: 'role', message: expect.stringContaining('invite them again') }],
    });
    // The link shown to the first admin no longer opens now that the team has a second one.
    const opened = await caller(server.app, '').post(link, { password: 'the admin chose this one' });
    expect(opened.status).toBe(409);
    expect(opened.body.error_code).toBe('link-handed-over');
    expect((await caller(server.app, '').get(link)).body.error_code).toBe('link-handed-over');
    // Nor does the second admin confirm anything that would hand one over.
    expect((await (await o.as(second)).get('/api/team/team-requests?status=pending')).body.data).toEqual([]);
    const member = await db
      .selectFrom('members')
      .select(['status', 'role', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ status: 'invited', role: 'viewer', password_hash: null });
    expect((await o.trail('member.role')).map((r) => [r.outcome, r.status])).toEqual([['refused', 409]]);
  });

  it('an old link after a role, status or invitation change fails; a raise of a member who set their password applies', async () => {
    const o = await organization();
    const admin = await o.as(o.member('admin'));
    const open = (answer: { body: { link: { url: string } } }) => {
      const path = new URL(answer.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
      return (password: string) => caller(server.app, '').post(path, { password });
    };
    const email = `changing@${o.tenant.client_id}.example`;
    const first = await admin.post('/api/team/members', { email, name: 'Changing', role: 'viewer' });
    // Invited again, as support: the first link is spent.
    const again = await admin.post('/api/team/members', { email, name: 'Changing', role: 'support' });
    expect(again.status).toBe(201);
    expect(again.body.member).toMatchObject({ id: first.body.member.id, role: 'support', status: 'invited' });
    expect((await open(first)('a long first password')).status).toBe(404);
    expect((await open(again)('a long second password')).status).toBe(200);
    // Raised once their own password is set: it applies, and they sign in with the new role.
    const raised = await admin.patch(`/api/team/members/${first.body.member.id}`, { role: 'finance' });
    expect(raised.status).toBe(200);
    expect(raised.body.member.role).toBe('finance');
    const session = await caller(server.app, '').post('/api/team/sessions', {
      email,
      password: 'a long second password',
    });
    expect(session.body.member.role).toBe('finance');
    // A reset link made for a finance member stops when they are demoted before it is used.
    const reset = await admin.post(`/api/team/members/${o.member('finance').id}/password-reset`);
    expect(reset.status).toBe(201);
    expect(
      (await admin.patch(`/api/team/members/${o.member('finance').id}`, { role: 'viewer' })).status,
    ).toBe(200);
    expect((await open(reset)('the admin chose this one')).status).toBe(404);
    // An invitation whose member is disabled, then enabled: the link made before stays spent.
    const invited = await admin.post('/api/team/members', {
      email: `leaving@${o.tenant.client_id}.example`,
      name: 'Leaving',
      role: 'finance',
    });
    for (const status of ['disabled', 'active']) {
      await admin.patch(`/api/team/members/${invited.body.member.id}`, { status });
    }
    expect((await open(invited)('a long enough password')).status).toBe(404);
    // A new link spends the one before; a link, once used, with it any other.
    const one = await admin.post(`/api/team/members/${o.member('support').id}/password-reset`);
    const two = await admin.post(`/api/team/members/${o.member('support').id}/password-reset`);
    expect((await open(one)('a long enough password')).status).toBe(404);
    expect((await open(two)('a long enough password')).status).toBe(200);
    expect((await open(two)('a long enough password')).status).toBe(404);
  });

  it('an account whose password an admin saw, raised once there are two admins: the confirming admin is told first', async () => {
    const o = await organization();
    const admin = await o.as(o.member('admin'));
    const email = `seen@${o.tenant.client_id}.example`;
    const invited = await admin.post('/api/team/members', { email, name: 'Seen Password', role: 'viewer' });
    const link = new URL(invited.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    // The only admin opens the link they were shown: they know the password of a viewer.
    expect((await caller(server.app, '').post(link, { password: 'the admin chose this one' })).status).toBe(
      200,
    );
    const second = await o.add('admin', 'told-admin');
    const raise = await admin.patch(`/api/team/members/${invited.body.member.id}`, { role: 'finance' });
    expect(raise.status).toBe(202);
    expect(raise.body.request.caution).toContain('shown to Ada Admin');
    const other = await o.as(second);
    const listed = (await other.get('/api/team/team-requests?status=pending')).body.data;
    expect(listed[0].caution).toMatch(
      /The password of Seen Password was set on .* through a one-time link shown to Ada Admin/,
    );
    // Not without saying so: the server refuses a confirmation that did not acknowledge it.
    const blind = await other.post(`/api/team/team-requests/${raise.body.request.id}/confirm`);
    expect(blind.status).toBe(409);
    expect(blind.body).toMatchObject({ error_code: 'caution-unacknowledged' });
    expect(
      (await db.selectFrom('members').select('role').where('email', '=', email).executeTakeFirstOrThrow())
        .role,
    ).toBe('viewer');
    const told = await other.post(`/api/team/team-requests/${raise.body.request.id}/confirm`, {
      acknowledge_caution: true,
    });
    expect(told.status).toBe(200);
    const [line] = await o.trail('team-request.confirm');
    expect(line).toMatchObject({ outcome: 'ok', member_id: second.id });
    expect(line?.detail).toContain('Confirmed after being told: The password of Seen Password');
  });

  it('a borrowed account, with one admin: whatever it pays waits, and not for the admin who reset it', async () => {
    const o = await organization();
    const admin = await o.as(o.member('admin'));
    const reset = await admin.post(`/api/team/members/${o.member('finance').id}/password-reset`);
    const link = new URL(reset.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    await caller(server.app, '').post(link, { password: 'the admin chose this one' });
    const borrowed = await o.as({ email: o.member('finance').email, password: 'the admin chose this one' });
    // Even far below the limit, and even with approvals off, money waits for another member.
    const small = await borrowed.post('/v2/payments', payment(o.userId, 500));
    expect(small.status).toBe(403);
    expect(small.body).toMatchObject({ error_code: 'approval-required', limit: 'hold' });
    expect((await borrowed.get('/api/team/policy')).body.held_until).toEqual(expect.any(String));
    const waiting = await borrowed.post('/api/team/approvals', { payment: payment(o.userId, 500_000) });
    expect(waiting.status).toBe(201);
    const approved = await admin.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(403);
    expect(approved.body.error_code).toBe('approver-excluded');
    expect(await o.transfersOf(500)).toEqual([]);
    expect(await o.transfersOf(500_000)).toEqual([]);
    expect((await o.trail('payment.create'))[0]).toMatchObject({
      member_id: o.member('finance').id,
      outcome: 'refused',
      status: 403,
    });
    expect((await o.trail('approval.approve'))[0]).toMatchObject({
      member_id: o.member('admin').id,
      outcome: 'refused',
      status: 403,
    });
  });

  it('a borrowed account, with one admin: the reset applies, but the account it makes approves nothing that waited before', async () => {
    const o = await organization();
    const maker = await o.add('finance', 'maker');
    const waiting = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_002),
    });
    const admin = await o.as(o.member('admin'));
    const reset = await admin.post(`/api/team/members/${o.member('finance').id}/password-reset`);
    expect(reset.status).toBe(201);
    const link = new URL(reset.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    await caller(server.app, '').post(link, { password: 'the admin chose this one' });
    const borrowed = await o.as({ email: o.member('finance').email, password: 'the admin chose this one' });
    const approved = await borrowed.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(403);
    expect(approved.body.error_code).toBe('approver-held');
    expect(await o.transfersOf(150_002)).toEqual([]);
    // Nor what is made after the reset, while the hold lasts: the hold stops approving as well as making.
    const later = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_012),
    });
    expect(later.status).toBe(201);
    const again = await borrowed.post(`/api/team/approvals/${later.body.id}/approve`);
    expect(again.status).toBe(403);
    expect(again.body.error_code).toBe('approver-held');
    expect(await o.transfersOf(150_012)).toEqual([]);
  });

  it('a borrowed authenticator, with one admin: the account whose authenticator was reset approves nothing that waited before', async () => {
    const o = await organization();
    const maker = await o.add('finance', 'totp-maker');
    const waiting = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_004),
    });
    const admin = await o.as(o.member('admin'));
    // An admin who knows the member's password has the authenticator reset, to set up one of their own.
    const reset = await admin.post(`/api/team/members/${o.member('finance').id}/totp-reset`);
    expect(reset.status).toBe(201);
    const borrowed = await o.as(o.member('finance'));
    const approved = await borrowed.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(403);
    expect(approved.body.error_code).toBe('approver-held');
    expect(await o.transfersOf(150_004)).toEqual([]);
    // Nor what is made from now on, while the hold lasts (src/lib/approval-rules.test.ts: it counts after the hold).
    const later = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_005),
    });
    const approvedLater = await borrowed.post(`/api/team/approvals/${later.body.id}/approve`);
    expect(approvedLater.status).toBe(403);
    expect(approvedLater.body.error_code).toBe('approver-held');
    expect(await o.transfersOf(150_005)).toEqual([]);
  });

  it('the other admin removed: disabling the second admin and then the policy both wait for that admin', async () => {
    const o = await organization();
    const second = await o.add('admin', 'other-admin');
    const admin = await o.as(o.member('admin'));
    const disable = await admin.patch(`/api/team/members/${second.id}`, { status: 'disabled' });
    expect(disable.status).toBe(202);
    const demote = await admin.patch(`/api/team/members/${second.id}`, { role: 'viewer' });
    expect(demote.status).toBe(202);
    // Still an active admin, so a change of the policy waits for them too.
    const off = await admin.put('/api/team/policy', {
      enabled: false,
      limit_cents: 100_000,
      approvals_needed: 1,
    });
    expect(off.status).toBe(202);
    expect((await admin.get('/api/team/policy')).body.policy).toMatchObject({
      enabled: true,
      limitCents: 100_000,
    });
    const members = (await admin.get('/api/team/members')).body.data as {
      id: string;
      status: string;
      role: string;
    }[];
    expect(members.find((m) => m.id === second.id)).toMatchObject({ status: 'active', role: 'admin' });
    // The proposer cannot confirm their own change.
    expect((await admin.post(`/api/team/team-requests/${off.body.request.id}/confirm`)).status).toBe(403);
  });

  it('a forged author: the server writes who initiated a payment, whatever the client says', async () => {
    const o = await organization();
    const finance = await o.as(o.member('finance'));
    const forged = payment(o.userId, 4_321, {
      metadata: { initiated_by: o.member('admin').email, note: 'kept' },
    });
    const paid = await finance.post('/v2/payments', forged);
    expect(paid.status).toBe(201);
    expect(paid.body.metadata).toEqual({
      initiated_by: o.member('finance').email,
      console_request_id: forged.idempotency_key,
      note: 'kept',
    });
    // An approval request's rows are stamped the same way, and paid as stamped.
    const big = payment(o.userId, 150_003, {
      metadata: { initiated_by: 'someone@else.example', console_request_id: 'another-payment' },
    });
    const waiting = await finance.post('/api/team/approvals', { payment: big });
    expect(waiting.body.body.payment.metadata).toEqual({
      initiated_by: o.member('finance').email,
      console_request_id: big.idempotency_key,
    });
    await (await o.as(o.member('admin'))).post(`/api/team/approvals/${waiting.body.id}/approve`);
    const [transfer] = await o.transfersOf(150_003);
    expect(transfer?.metadata).toMatchObject({ initiated_by: o.member('finance').email });
  });

  it('a disabled maker: their waiting request is cancelled, with a line in the trail, and cannot be approved', async () => {
    const o = await organization();
    const maker = await o.add('finance', 'leaver');
    const waiting = await (await o.as(maker)).post('/api/team/approvals', {
      payment: payment(o.userId, 150_004),
    });
    const admin = await o.as(o.member('admin'));
    expect((await admin.patch(`/api/team/members/${maker.id}`, { status: 'disabled' })).status).toBe(200);
    const finance = await o.as(o.member('finance'));
    expect((await finance.get(`/api/team/approvals/${waiting.body.id}`)).body.status).toBe('cancelled');
    const approved = await finance.post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(approved.status).toBe(409);
    expect(await o.transfersOf(150_004)).toEqual([]);
    expect((await o.trail('approval.cancel')).map((r) => r.targets)).toEqual([
      `${waiting.body.id} ${maker.id}`,
    ]);
  });

  it('a demoted approver: their approval stops counting, and the request waits for one that does', async () => {
    const o = await organization({ approval_limit_cents: 100_000 });
    const admin = await o.as(o.member('admin'));
    const [x, y] = [await o.add('finance', 'approver-x'), await o.add('finance', 'approver-y')];
    expect(
      (await admin.put('/api/team/policy', { enabled: true, limit_cents: 100_000, approvals_needed: 2 }))
        .status,
    ).toBe(200);
    const waiting = await (await o.as(o.member('finance'))).post('/api/team/approvals', {
      payment: payment(o.userId, 150_005),
    });
    expect((await (await o.as(x)).post(`/api/team/approvals/${waiting.body.id}/approve`)).status).toBe(200);
    expect((await admin.patch(`/api/team/members/${x.id}`, { role: 'viewer' })).status).toBe(200);
    const second = await (await o.as(y)).post(`/api/team/approvals/${waiting.body.id}/approve`);
    expect(second.body.status).toBe('pending');
    expect(await o.transfersOf(150_005)).toEqual([]);
    // A member who could approve then, and still can, makes it two.
    expect((await admin.post(`/api/team/approvals/${waiting.body.id}/approve`)).body.status).toBe('executed');
    expect(await o.transfersOf(150_005)).toHaveLength(1);
  });

  it('a demoted approver, between the last approval and the payment: the executor drops it and the request waits again', async () => {
    const o = await organization();
    const x = await o.add('finance', 'approver-late');
    const waiting = await (await o.as(o.member('finance'))).post('/api/team/approvals', {
      payment: payment(o.userId, 150_006),
    });
    const now = new Date().toISOString();
    await recordDecision(db, waiting.body.id, x.id, { approve: true }, now);
    await db
      .updateTable('approval_requests')
      .set({ status: 'approved' })
      .where('id', '=', waiting.body.id)
      .execute();
    // Demoted behind the route's back: only the executor's own check stands between this and the money.
    await updateMember(db, x.id, { role: 'viewer' });
    const row = await db
      .selectFrom('approval_requests')
      .selectAll()
      .where('id', '=', waiting.body.id)
      .executeTakeFirstOrThrow();
    const sandbox = server.sandbox;
    if (!sandbox) throw new Error('sandbox mode');
    const result = await executeRequest(
      server.team,
      (request) => Promise.resolve(sandbox.app.fetch(request, {})),
      row,
      {
        clientId: o.tenant.client_id,
        apiKey: o.tenant.api_key,
      },
    );
    expect(result.ended).toBe('requeued');
    const after = await db
      .selectFrom('approval_requests')
      .select('status')
      .where('id', '=', waiting.body.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('pending');
    expect(
      await db
        .selectFrom('approval_decisions')
        .selectAll()
        .where('request_id', '=', waiting.body.id)
        .execute(),
    ).toEqual([]);
    expect(await o.transfersOf(150_006)).toEqual([]);
    expect(await o.trail('approval.requeue')).toHaveLength(1);
  });

  it('the account number: answered as its last four digits only, and gone from the store once the request ends', async () => {
    const o = await organization();
    const finance = await o.as(o.member('finance'));
    const submitted = await finance.post('/api/team/approvals', { payment: payment(o.userId, 150_007) });
    const file = await finance.post('/api/team/approvals', {
      rows: [payment(o.userId, 90_000), payment(o.userId, 90_001)],
      file_sha256: 'c'.repeat(64),
    });
    const admin = await o.as(o.member('admin'));
    for (const answer of [
      submitted,
      file,
      await admin.get('/api/team/approvals'),
      await admin.get(`/api/team/approvals/${submitted.body.id}`),
    ]) {
      expect(answer.text).not.toContain('123456789');
    }
    expect(submitted.body.body.payment.ach_info).toEqual({
      account_number_last4: '6789',
      routing_number: '021000021',
    });
    const stored = async (id: string) =>
      (await db.selectFrom('approval_requests').select('body').where('id', '=', id).executeTakeFirstOrThrow())
        .body;
    // Kept whole only while it may still be paid.
    expect(await stored(submitted.body.id)).toContain(ACCOUNT);
    expect((await admin.post(`/api/team/approvals/${submitted.body.id}/approve`)).body.status).toBe(
      'executed',
    );
    expect(
      (await admin.post(`/api/team/approvals/${file.body.id}/reject`, { reason: 'Not this week' })).status,
    ).toBe(200);
    for (const id of [submitted.body.id, file.body.id]) {
      const body = await stored(id);
      expect(body).not.toContain('123456789');
      expect(body).toContain('"account_number_last4":"6789"');
    }
  });

  it('a payout link’s URL is a token of its own: a viewer who reads the link’s id cannot claim its money', async () => {
    const o = await organization();
    const made = await (await o.as(o.member('finance'))).post('/v2/payout-links', {
      amount: 900,
      payee: { email: 'payee@example.com' },
      delivery: { method: 'link' },
    });
    expect(made.status).toBe(201);
    const url = new URL(made.body.link);
    expect(made.body.link).not.toContain(made.body.id);
    expect(url.pathname.slice(1)).toMatch(/^[\w-]{32}$/);
    // What a viewer reads is the id; claiming by it finds nothing, and the link stays open with its money.
    const listed = await (await o.as(o.member('viewer'))).get('/v2/payout-links?limit=100');
    expect(listed.body.data.map((l: { id: string }) => l.id)).toContain(made.body.id);
    const choice = { platform: 'paypal', email: 'viewer.own@example.com' };
    const byId = await caller(server.app, '').post(`/sandbox/payout-links/claim/${made.body.id}`, choice);
    expect(byId.status).toBe(404);
    expect(byId.body.error_code).toBe('link-not-found');
    expect(
      (await caller(server.app, '').post(`/sandbox/payout-links/${made.body.id}/claim`, choice)).status,
    ).toBe(404);
    expect((await orgKey(o.tenant).get(`/v2/payout-links/${made.body.id}`)).body.status).toBe('created');
    const byToken = await caller(server.app, '').post(`/sandbox/payout-links/claim${url.pathname}`, choice);
    expect(byToken.body.status).toBe('claimed');
  });

  it('refusals before any route are lines: a body too large, a foreign origin, a wrong host, with the member', async () => {
    const o = await organization();
    const finance = await o.as(o.member('finance'));
    const big = await finance.post('/v2/payments', { ...payment(o.userId, 100), memo: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    const foreign = await finance.post('/v2/payments', payment(o.userId, 101), {
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error_code).toBe('foreign-origin');
    const rebound = await finance.post('/v2/payments', payment(o.userId, 102), {
      Host: 'rebind.evil.example',
    });
    expect(rebound.status).toBe(421);
    const teamApi = await finance.post('/api/team/approvals', {}, { Origin: 'https://evil.example' });
    expect(teamApi.status).toBe(403);
    const unknown = await finance.get('/api/team/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error_code: 'route-not-found' });
    const lines = (await o.trail('payment.create')).map((r) => [r.member_id, r.outcome, r.status]);
    expect(lines).toEqual([
      [o.member('finance').id, 'refused', 421],
      [o.member('finance').id, 'refused', 403],
      [o.member('finance').id, 'refused', 413],
    ]);
    expect((await o.trail('approval.submit'))[0]).toMatchObject({
      member_id: o.member('finance').id,
      outcome: 'refused',
      status: 403,
    });
    expect((await o.trail('request.refused'))[0]).toMatchObject({
      member_id: o.member('finance').id,
      status: 404,
      detail: 'GET /api/team/no-such-route',
    });
    expect(await o.transfersOf(100)).toEqual([]);
  });

  it('refusals leave a line: a viewer making themself admin, and a failed sign-in on the member’s organization’s page', async () => {
    const o = await organization();
    const viewer = await o.as(o.member('viewer'));
    expect((await viewer.patch(`/api/team/members/${o.member('viewer').id}`, { role: 'admin' })).status).toBe(
      403,
    );
    const wrong = await caller(server.app, '').post('/api/team/sessions', {
      email: o.member('finance').email,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    const changes = await o.trail('member.change');
    expect(changes[0]).toMatchObject({
      member_id: o.member('viewer').id,
      role: 'viewer',
      outcome: 'refused',
      status: 403,
    });
    const signIns = (await o.trail('sign-in')).filter((r) => r.outcome === 'refused');
    expect(signIns[0]).toMatchObject({
      email: o.member('finance').email,
      member_id: o.member('finance').id,
      status: 401,
    });
  });
});

describe.each(BACKENDS)('an insider with mail set up, on $name', async (backend) => {
  const mail = await smtpServer();
  const database = await backend.open();
  // The hold after a reset is a minute here, on a clock the test moves.
  let ahead = 0;
  const server = await teamConsole({
    database,
    mailer: mailerFrom({ SMTP_URL: mail.url }),
    resetHoldMs: 60_000,
    now: () => new Date(Date.now() + ahead),
  });
  afterAll(async () => {
    await server.close();
    await database.close();
    await mail.close();
  });
  const db = server.team.database.db;

  it('the borrowed account: the confirming admin gets no link, and whoever sets the password cannot move money alone', async () => {
    const tenant = await server.tenant({ approval_limit_cents: 100_000 });
    const org = await ensureOrganization(db, { clientId: tenant.client_id, name: 'O', sandboxApiKey: null });
    const member = (role: string) => tenant.members.find((m) => m.role === role) as MemberCredentials;
    const as = async (m: { email: string; password: string }) => caller(server.app, await server.signIn(m));
    const b = { email: `b@${tenant.client_id}.example`, password: 'the second admin password' };
    const g = { email: `g@${tenant.client_id}.example`, password: 'an honest approver password' };
    const bRow = await insertMember(db, { orgId: org.id, name: 'Second Admin', role: 'admin', ...b });
    await insertMember(db, { orgId: org.id, name: 'Honest Approver', role: 'finance', ...g });
    const adminA = await as(member('admin'));
    const adminB = await as(b);
    const f = member('finance');
    const reset = await adminA.post(`/api/team/members/${f.id}/password-reset`);
    expect(reset.status).toBe(202);
    const confirmed = await adminB.post(`/api/team/team-requests/${reset.body.request.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.link).toMatchObject({ delivery: 'email', to: f.email });
    expect(confirmed.text).not.toMatch(/invitation\//);
    // Say B reads F's mail all the same: B sets F's password, and pays as F.
    const message = await mailFor(() => mail.received.find((m) => m.to.includes(f.email)));
    expect(
      (await caller(server.app, '').post(linkIn(message.text), { password: 'b chose this one' })).status,
    ).toBe(200);
    const borrowed = await as({ email: f.email, password: 'b chose this one' });
    const seller = tenant.users[1]?.id;
    const payout = (cents: number) => ({
      user_id: seller,
      amount: cents,
      platform: 'paypal',
      fund: true,
      idempotency_key: crypto.randomUUID(),
    });
    const direct = await borrowed.post('/v2/payouts', payout(500_000));
    expect(direct.status).toBe(403);
    expect(direct.body).toMatchObject({ error_code: 'approval-required', limit: 'hold' });
    const small = await borrowed.post('/v2/payouts', payout(700));
    expect(small.body).toMatchObject({ error_code: 'approval-required', limit: 'hold' });
    const waiting = await borrowed.post('/api/team/approvals', { payout: payout(500_000) });
    expect(waiting.status).toBe(201);
    // Neither the admin who asked for the reset nor the one who confirmed it approves what the account makes.
    for (const admin of [adminB, adminA]) {
      const approved = await admin.post(`/api/team/approvals/${waiting.body.id}/approve`);
      expect(approved.status).toBe(403);
      expect(approved.body.error_code).toBe('approver-excluded');
    }
    const byKey = caller(server.app, basic(tenant.client_id, tenant.api_key));
    const paid = async (cents: number) =>
      ((await byKey.get('/v2/transfers?limit=100')).body.data as { amount: number }[]).filter(
        (t) => t.amount === cents,
      );
    expect(await paid(500_000)).toEqual([]);
    expect(await paid(700)).toEqual([]);
    const trail = async (action: string) =>
      (await adminA.get(`/api/team/audit?action=${action}`)).body.data as Record<string, unknown>[];
    expect((await trail('approval.approve')).map((r) => [r.member_id, r.outcome, r.status])).toEqual([
      [member('admin').id, 'refused', 403],
      [bRow.id, 'refused', 403],
    ]);
    expect((await trail('payout.create')).map((r) => [r.member_id, r.outcome, r.status])).toEqual([
      [f.id, 'refused', 403],
      [f.id, 'refused', 403],
    ]);
    // A member who had nothing to do with the reset decides it; and once the hold is over, F pays alone again.
    expect((await (await as(g)).post(`/api/team/approvals/${waiting.body.id}/approve`)).body.status).toBe(
      'executed',
    );
    ahead = 61_000;
    expect((await borrowed.post('/v2/payouts', payout(701))).status).toBe(201);
    ahead = 0;
  });
});

describe.each(BACKENDS)('a trail re-sealed from the database, on $name', (backend) => {
  it('an approval line edited to name another member, every hash recomputed in the old format, the key check NULLed, and a restart: the server warns, seals nothing, and audit:verify fails', async () => {
    const dir = tempDir('forged-trail-');
    let env: Record<string, string>;
    let consoleDb: { url?: string; file: string };
    if (backend.name === 'sqlite') {
      consoleDb = { file: join(dir, 'console.db') };
      env = { CONSOLE_DB: consoleDb.file };
    } else {
      const made = await backend.open();
      await made.close();
      consoleDb = { url: made.url ?? '', file: ':memory:' };
      env = {
        DATABASE_URL: made.url ?? '',
        AUDIT_KEY: 'the key of the servers, which the database never holds',
        AUDIT_HEAD_FILE: join(dir, 'console.audit-head'),
      };
    }
    const settings = config({ consoleDb });
    const quiet = { log: vi.spyOn(console, 'log').mockImplementation(() => undefined) };
    // The server as it ran: an admin approves; the lines are sealed under the key and the head noted outside.
    const first = await startTeam(settings, env);
    const admin = await findMemberByEmail(first.team.database.db, 'admin@demo-marketplace.example');
    const finance = await findMemberByEmail(first.team.database.db, 'finance@demo-marketplace.example');
    if (!admin || !finance) throw new Error('the demo team');
    for (const action of ['approval.submit', 'approval.approve', 'approval.execute']) {
      await first.team.audit({
        orgId: admin.org_id,
        memberId: action === 'approval.submit' ? finance.id : admin.id,
        email: action === 'approval.submit' ? finance.email : admin.email,
        role: action === 'approval.submit' ? 'finance' : 'admin',
        action,
        targets: ['2b0c1a5a-5cde-4bd5-9b68-8a1c7c522f11'],
        outcome: 'ok',
        status: 200,
        requestId: null,
        clientAddress: '127.0.0.1',
        amountCents: 500_000,
      });
    }
    // An admin signed in while the trail held (once it does not, a sign-in is a line that cannot be written).
    const signedIn = await caller(createConsoleApp(settings, null, first.team), '').post(
      '/api/team/sessions',
      {
        email: admin.email,
        password: 'demo-admin-password',
      },
    );
    await first.team.auditHead?.flush();
    const headFile = auditHeadFileFrom(env, consoleDb) ?? '';
    const noted = new AuditHeadFile(headFile).read();
    expect(noted).toMatchObject({ seq: expect.any(Number) });
    await first.team.database.close();

    // Someone who can write the database, not the key: the approval now names the finance member, and the chain
    // is recomputed in the old unkeyed format, with nothing to say which key the trail is under.
    const attacker = await openConsoleDatabase(consoleDb);
    const approval = await attacker.db
      .selectFrom('audit_events')
      .select('seq')
      .where('action', '=', 'approval.approve')
      .executeTakeFirstOrThrow();
    await rewriteTrail(attacker.db, Number(approval.seq), legacyRowHash, {
      member_id: finance.id,
      email: finance.email,
      role: 'finance',
    });
    await attacker.db.updateTable('audit_head').set({ key_check: null }).where('id', '=', 1).execute();
    const forged = await attacker.db
      .selectFrom('audit_events')
      .select(['seq', 'hash'])
      .orderBy('seq')
      .execute();
    await attacker.db.destroy();

    // The restart.
    const errors: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    const second = await startTeam(settings, env);
    error.mockRestore();
    expect(second.team.trail).toMatchObject({ ok: false, brokenAt: 1 });
    expect(errors.join('\n')).toContain('THE AUDIT TRAIL DOES NOT VERIFY: row 1');
    expect(errors.join('\n')).toContain('old format without the key');
    expect(errors.join('\n')).toContain('npm run audit:reseal -- --i-understand-this-trusts-the-database');
    // Nothing was sealed: the key check is still empty, every forged hash as the attacker left it, the head noted
    // outside the database as it was.
    const db = second.team.database.db;
    expect(
      (await db.selectFrom('audit_head').select('key_check').where('id', '=', 1).executeTakeFirstOrThrow())
        .key_check,
    ).toBeNull();
    expect(
      (await db.selectFrom('audit_events').select(['seq', 'hash']).orderBy('seq').execute()).slice(
        0,
        forged.length,
      ),
    ).toEqual(forged);
    // The chain no longer passes through the head noted outside: nothing is appended on it, nor noted.
    await expect(
      second.team.audit(consoleEntry(admin.org_id, 'approval.expire', [], { status: 200 })),
    ).rejects.toThrow(AuditChainBroken);
    await second.team.auditHead?.flush();
    expect(new AuditHeadFile(headFile).read()).toEqual(noted);
    // Admins are told on the Audit page.
    const app = createConsoleApp(settings, null, second.team);
    const health = await caller(app, basic(signedIn.body.member_id, signedIn.body.secret)).get(
      '/api/team/audit/health',
    );
    expect(health.body).toMatchObject({ checked: true, ok: false, broken_at: 1 });
    await second.team.database.close();

    const verified = trailCommand('verify', env);
    expect(verified.status).toBe(1);
    expect(verified.stderr).toContain('Audit trail broken at row 1');

    // Only the operator's explicit command, with the key, seals it again: and says from which head.
    expect(trailCommand('reseal', env).status).toBe(2);
    const resealed = trailCommand('reseal', env, '--i-understand-this-trusts-the-database');
    expect(resealed.status, resealed.stderr).toBe(0);
    expect(resealed.stdout).toMatch(/Re-sealed the audit trail under the key from head \d+:[0-9a-f]{64}/);
    const newHead = /New head: (\d+:[0-9a-f]{64})/.exec(resealed.stdout)?.[1];
    expect(verifyAfter(env).stdout).toContain(`Head: ${newHead}`);
    const third = await startTeam(settings, env);
    expect(third.team.trail).toMatchObject({ ok: true });
    const [line] = await third.team.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'audit.reseal')
      .execute();
    expect(line).toMatchObject({ role: 'operator', org_id: admin.org_id });
    expect(line?.detail).toMatch(
      /^Re-sealed under the audit key from head \d+:[0-9a-f]{64}; the first row that did not verify was 1$/,
    );
    await third.team.auditHead?.flush();
    await third.team.database.close();
    quiet.log.mockRestore();
    // Three starts and four commands, each a process of its own: time on a busy machine, not a measure.
  }, 120_000);
});

/** audit:verify, which must pass. */
function verifyAfter(env: Record<string, string>) {
  const verified = trailCommand('verify', env);
  expect(verified.status, verified.stderr).toBe(0);
  return verified;
}

describe.each(BACKENDS)('the second factor, upstream, on $name', async (backend) => {
  it('a finance member who has not set up an authenticator cannot approve, which would pay', async () => {
    const sandbox = createSandbox({ config: { dbFile: ':memory:' } });
    const upstream = await listen(sandbox.app);
    const made = (await (await sandbox.app.request('/sandbox/tenants', { method: 'POST' })).json()) as {
      client_id: string;
      api_key: string;
      users: { id: string }[];
    };
    const database = await backend.open();
    const server = await teamConsole({
      upstream: new URL(upstream.url),
      orgCredentials: { clientId: made.client_id, apiKey: made.api_key },
      database,
    });
    try {
      const db = server.team.database.db;
      const org = await ensureOrganization(db, { clientId: made.client_id, name: 'O', sandboxApiKey: null });
      const members = [
        {
          email: 'maker@2fa.example',
          password: 'maker-password',
          role: 'finance' as const,
          totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
        { email: 'skipper@2fa.example', password: 'skipper-password', role: 'finance' as const },
      ];
      for (const m of members) await insertMember(db, { orgId: org.id, name: m.email, ...m });
      const now = new Date().toISOString();
      const id = crypto.randomUUID();
      const maker = await db
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'maker@2fa.example')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('approval_requests')
        .values({
          id,
          org_id: org.id,
          kind: 'payment',
          maker_id: maker.id,
          body: JSON.stringify({ payment: payment(made.users[0]?.id ?? '', 150_008) }),
          body_hash: 'h',
          file_sha256: null,
          amount_cents: 150_008,
          row_count: 1,
          policy_version: 1,
          approvals_needed: 1,
          status: 'pending',
          result: null,
          warnings: null,
          created_at: now,
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          updated_at: now,
          executor_id: null,
          lease_until: null,
        })
        .execute();
      const skipper = caller(
        server.app,
        await server.signIn({ email: 'skipper@2fa.example', password: 'skipper-password' }),
      );
      const approved = await skipper.post(`/api/team/approvals/${id}/approve`);
      expect(approved.status).toBe(403);
      expect(approved.body.error_code).toBe('totp-enrollment-required');
      const row = await db
        .selectFrom('approval_requests')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    } finally {
      await server.close();
      await database.close();
      await upstream.close();
      sandbox.close();
    }
  });
});
