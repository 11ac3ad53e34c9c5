import { afterAll, describe, expect, it } from 'vitest';
import { mailerFrom } from '../mail/mail';
import { caller, type MemberCredentials, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';
import { smtpServer } from '../test/smtp';
import { ensureOrganization, insertMember } from './members';

/**
 * A team request is one per change: the same change asked for again answers the request waiting, and another change
 * of the same kind for the same member is refused naming it. An invitation never accepted is not made an active
 * account by disabling and enabling it.
 */

describe.each(BACKENDS)('team requests that are requests, on $name', async (backend) => {
  // With two admins, invitations and resets are made only with mail set up.
  const mail = await smtpServer();
  const database = await backend.open();
  const server = await teamConsole({ database, mailer: mailerFrom({ SMTP_URL: mail.url }) });
  afterAll(async () => {
    await server.close();
    await database.close();
    await mail.close();
  });
  const db = server.team.database.db;

  async function organization() {
    const tenant = await server.tenant({ approval_limit_cents: 100_000 });
    const org = await ensureOrganization(db, { clientId: tenant.client_id, name: 'O', sandboxApiKey: null });
    const member = (role: MemberCredentials['role']) =>
      tenant.members.find((m) => m.role === role) as MemberCredentials;
    const as = async (who: { email: string; password: string }) =>
      caller(server.app, await server.signIn(who));
    const add = async (role: MemberCredentials['role'], name: string, password: string | null) => {
      const email = `${name}@${tenant.client_id.slice(0, 8)}.example`;
      const row = await insertMember(db, {
        orgId: org.id,
        name,
        role,
        email,
        ...(password ? { password } : {}),
      });
      return { id: row.id, email, password: password ?? '' };
    };
    const waiting = async () =>
      (
        await db
          .selectFrom('team_requests')
          .select(['id', 'kind'])
          .where('org_id', '=', org.id)
          .where('status', '=', 'pending')
          .execute()
      ).map((r) => r.kind);
    return { tenant, org, member, as, add, waiting };
  }

  it('each kind of team request waits once per change, whichever admin asks again', async () => {
    const o = await organization();
    const other = await o.add('admin', 'second-admin', 'second-admin-password');
    const admin = await o.as(o.member('admin'));
    const second = await o.as(other);
    const viewer = o.member('viewer');
    const finance = o.member('finance');
    const asks: [string, () => Promise<{ status: number; body: { request?: { id: string } } }>][] = [
      [
        'invite',
        () =>
          admin.post('/api/team/members', {
            email: `new.finance@${o.tenant.client_id.slice(0, 8)}.example`,
            name: 'New Finance',
            role: 'finance',
          }),
      ],
      ['role', () => admin.patch(`/api/team/members/${viewer.id}`, { role: 'finance' })],
      ['password-reset', () => admin.post(`/api/team/members/${finance.id}/password-reset`)],
      ['totp-reset', () => admin.post(`/api/team/members/${finance.id}/totp-reset`)],
      ['disable', () => admin.patch(`/api/team/members/${other.id}`, { status: 'disabled' })],
      [
        'policy',
        () => admin.put('/api/team/policy', { enabled: true, limit_cents: 50_000, approvals_needed: 1 }),
      ],
    ];
    for (const [kind, ask] of asks) {
      const first = await ask();
      expect(first.status, `${kind}: ${JSON.stringify(first.body)}`).toBe(202);
      for (let i = 0; i < 3; i++) {
        const again = await ask();
        expect(again.status, kind).toBe(202);
        expect(again.body.request?.id, kind).toBe(first.body.request?.id);
      }
      expect(
        (await o.waiting()).filter((k) => k === kind),
        kind,
      ).toEqual([kind]);
    }
    // Both admins asking for the same change at once: one request.
    const support = o.member('support');
    const atOnce = await Promise.all(
      [admin, second, admin, second].map((who) =>
        who.patch(`/api/team/members/${support.id}`, { role: 'finance' }),
      ),
    );
    expect(atOnce.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(atOnce.map((a) => a.body.request.id)).size).toBe(1);
    // Another admin asking for the same change is answered with the request that waits, which they may confirm.
    const same = await second.patch(`/api/team/members/${viewer.id}`, { role: 'finance' });
    expect(same.status).toBe(202);
    // Another role for the same member while one waits: refused, naming the waiting request.
    const conflicting = await admin.patch(`/api/team/members/${viewer.id}`, { role: 'admin' });
    expect(conflicting.status).toBe(409);
    expect(conflicting.body.error_code).toBe('team-request-waiting');
    expect(conflicting.body.request_id).toBe(same.body.request.id);
    expect((await o.waiting()).filter((k) => k === 'role')).toEqual(['role', 'role']);
    // The same email invited with another role while one invitation waits: refused, naming it.
    const invitedAgain = await admin.post('/api/team/members', {
      email: `New.Finance@${o.tenant.client_id.slice(0, 8)}.example`,
      name: 'New Finance',
      role: 'admin',
    });
    expect(invitedAgain.status).toBe(409);
    expect(invitedAgain.body.error_code).toBe('team-request-waiting');
    // Decided, the change may be asked for again.
    const confirmed = await second.post(`/api/team/team-requests/${same.body.request.id}/confirm`, {});
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const raise = await admin.patch(`/api/team/members/${viewer.id}`, { role: 'admin' });
    expect(raise.status).toBe(202);
    expect(raise.body.request.id).not.toBe(same.body.request.id);
  });

  it('an enable of a paying member waits once, and an enabled invitee stays invited', async () => {
    const o = await organization();
    const admin = await o.as(o.member('admin'));
    // Invited (no password), then disabled, then enabled again: still invited, and no role is raised behind a link.
    const invitee = await o.add('viewer', 'never-joined', null);
    expect((await admin.patch(`/api/team/members/${invitee.id}`, { status: 'disabled' })).status).toBe(200);
    const enabled = await admin.patch(`/api/team/members/${invitee.id}`, { status: 'active' });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const members = (await admin.get('/api/team/members')).body.data as { id: string; status: string }[];
    expect(members.find((m) => m.id === invitee.id)?.status).toBe('invited');
    const raised = await admin.patch(`/api/team/members/${invitee.id}`, { role: 'finance' });
    expect(raised.status).toBe(409);
    expect(raised.body.error_code).toBe('invitation-pending');
    const row = await db
      .selectFrom('members')
      .select(['status', 'password_hash'])
      .where('id', '=', invitee.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'invited', password_hash: null });
    // A member who had joined is enabled back to active; with two admins, a paying one's enable waits, once.
    const joined = await o.add('finance', 'joined', 'joined-password-long');
    expect((await admin.patch(`/api/team/members/${joined.id}`, { status: 'disabled' })).status).toBe(200);
    await o.add('admin', 'second-admin', 'second-admin-password');
    const first = await admin.patch(`/api/team/members/${joined.id}`, { status: 'active' });
    const again = await admin.patch(`/api/team/members/${joined.id}`, { status: 'active' });
    expect(first.status).toBe(202);
    expect(again.body.request.id).toBe(first.body.request.id);
    expect(await o.waiting()).toEqual(['enable']);
  });
});
