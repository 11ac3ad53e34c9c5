import { describe, expect, it, vi } from 'vitest';
import { insertIdentity } from '../db/repositories/sso/sso';
import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import { INVITATION_TTL_MS, insertLink } from '../identity/links';
import { totpCode } from '../identity/totp';
import { insertMember } from '../members/members';
import { basic, caller } from '../test/console';
import { BACKENDS } from '../test/databases';
import { must, ssoWorld } from '../test/sso/sso-world';
import { TEST_TOTP } from '../test/two-consoles';

/**
 * Passwords off for everyone but one break-glass admin: asked by one admin, applied only once another confirms; then
 * a password opens nothing for anyone else (sign-in, an open session, a reset link), the break-glass admin still gives
 * their code, and everyone signs in through the provider.
 */
describe.each(BACKENDS)('passwords off but for the break-glass admin, on $name', async (backend) => {
  const world = await ssoWorld({ database: await backend.open() });
  const { idp, server, tenant, admin, signIn, sessionAlive, trail } = world;
  const db = server.team.database.db;
  const org = must(await findOrganizationByClientId(db, tenant.client_id));
  const ada = must(tenant.members.find((m) => m.role === 'admin'));
  const finance = must(tenant.members.find((m) => m.role === 'finance'));
  const bea = {
    email: 'bea@acme.example',
    password: 'the break-glass password, long',
    role: 'admin' as const,
  };
  const beaRow = await insertMember(db, {
    orgId: org.id,
    email: bea.email,
    name: 'Bea Breakglass',
    role: 'admin',
    password: bea.password,
    totpSecret: TEST_TOTP,
  });
  // Each code of the authenticator is taken once: the steps given go forward (one behind now, now, one ahead).
  const beaAdmin = caller(
    server.app,
    await server.signIn({ ...bea, totp: totpCode(TEST_TOTP, Date.now() - 30_000) }),
  );
  // Ada signs in through the provider too: linked by an admin to her person in the admins' group.
  await insertIdentity(db, {
    issuer: idp.issuer,
    subject: 'ada',
    member_id: ada.id,
    org_id: org.id,
    linked_at: new Date().toISOString(),
  });
  idp.directory.set('ada', { email: ada.email, name: 'Ada Admin', groups: ['payouts-admins'] });

  const passwordSignIn = (who: { email: string; password: string }, totp?: string) =>
    server.app.request('/api/team/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: who.email, password: who.password, ...(totp ? { totp } : {}) }),
    });
  // The break-glass admin's password session outlives the change: the rule is read through it.
  const rule = async () => (await beaAdmin.get('/api/team/password-rule')).body as { passwords: string };
  const financeSession = await (await passwordSignIn(finance)).json();

  it('is refused where the console signs in through no provider, said at the field', async () => {
    const sso = server.team.sso;
    server.team.sso = null;
    try {
      const refused = await admin.put('/api/team/password-rule', {
        passwords: 'off',
        break_glass_member_id: beaRow.id,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error_code).toBe('sso-required');
      expect(refused.body.errors).toEqual([
        { path: 'passwords', message: expect.stringContaining('single sign-on') },
      ]);
    } finally {
      server.team.sso = sso;
    }
  });

  it('names only an admin with an authenticator as the break-glass admin', async () => {
    const refused = await admin.put('/api/team/password-rule', {
      passwords: 'off',
      break_glass_member_id: ada.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('break-glass-without-totp');
    expect(refused.body.errors[0].path).toBe('break_glass_member_id');
  });

  it('waits for a second admin: the admin who named themself cannot confirm it', async () => {
    const asked = await beaAdmin.put('/api/team/password-rule', {
      passwords: 'off',
      break_glass_member_id: beaRow.id,
    });
    expect(asked.status).toBe(202);
    expect(asked.body.request.kind).toBe('passwords');
    expect(asked.body.request.description).toContain('Bea Breakglass');
    expect((await rule()).passwords).toBe('on');
    const own = await beaAdmin.post(`/api/team/team-requests/${asked.body.request.id}/confirm`, {});
    expect(own.status).toBe(403);
    expect((await rule()).passwords).toBe('on');
    expect(await sessionAlive(financeSession)).toBe(true);
    const confirmed = await admin.post(`/api/team/team-requests/${asked.body.request.id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(await rule()).toMatchObject({ passwords: 'off', break_glass: { id: beaRow.id } });
  });

  it('ends other members’ password sessions at their next request, the confirming admin’s too', async () => {
    expect(await sessionAlive(financeSession)).toBe(false);
    expect((await admin.get('/api/team/password-rule')).status).toBe(401);
  });

  it('refuses any other member’s password, saying to use single sign-on, with a line in the trail', async () => {
    for (const who of [finance, ada]) {
      const refused = await passwordSignIn(who);
      expect(refused.status).toBe(403);
      const body = (await refused.json()) as { error_code: string; message: string };
      expect(body.error_code).toBe('passwords-off');
      expect(body.message).toContain('sign in with single sign-on (Acme SSO)');
      const lines = await trail('sign-in');
      expect(lines.some((l) => l.member_id === who.id && l.outcome !== 'ok' && l.status === 403)).toBe(true);
    }
  });

  it('sets no password through an invitation link made before passwords went off', async () => {
    // Invited (and mailed the link) before passwords went off.
    const invited = await insertMember(db, {
      orgId: org.id,
      email: 'ivy@acme.example',
      name: 'Ivy Invited',
      role: 'viewer',
    });
    const { token } = await insertLink(db, {
      orgId: org.id,
      member: invited,
      purpose: 'invite',
      ttlMs: INVITATION_TTL_MS,
    });
    const refused = await server.app.request(`/api/team/invitations/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'a new password, long enough' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error_code: string }).error_code).toBe('passwords-off');
    expect((await trail('member.join')).some((l) => l.status === 403)).toBe(true);
  });

  it('admits the break-glass admin with their password and code, never the password alone', async () => {
    const asked = await passwordSignIn(bea);
    expect(asked.status).toBe(401);
    expect(((await asked.json()) as { error_code: string }).error_code).toBe('totp-required');
    const admitted = await passwordSignIn(bea, totpCode(TEST_TOTP));
    expect(admitted.status).toBe(201);
  });

  let adaAdmin: ReturnType<typeof caller> | null = null;
  it('still signs everyone in through the provider', async () => {
    const viewer = await signIn('victor');
    expect(viewer.status).toBe(201);
    expect(await sessionAlive(must(viewer.session))).toBe(true);
    const adaThrough = await signIn('ada');
    expect(adaThrough.status).toBe(201);
    expect(adaThrough.session?.member_id).toBe(ada.id);
    adaAdmin = caller(server.app, basic(must(adaThrough.session).member_id, must(adaThrough.session).secret));
    expect((await adaAdmin.get('/api/team/password-rule')).status).toBe(200);
  });

  it('turns passwords back on only once a second admin confirms it', async () => {
    const asked = await must(adaAdmin).put('/api/team/password-rule', { passwords: 'on' });
    expect(asked.status).toBe(202);
    expect((await passwordSignIn(finance)).status).toBe(403);
    const confirmed = await beaAdmin.post(`/api/team/team-requests/${asked.body.request.id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect((await rule()).passwords).toBe('on');
    expect((await passwordSignIn(finance)).status).toBe(201);
  });

  it('reads the rule deleted, or put back as the version before, in the database as passwords off for everyone, loudly', async () => {
    const onRow = must(
      await db.selectFrom('password_rules').selectAll().where('org_id', '=', org.id).executeTakeFirst(),
    );
    const asked = await must(adaAdmin).put('/api/team/password-rule', {
      passwords: 'off',
      break_glass_member_id: beaRow.id,
    });
    expect((await beaAdmin.post(`/api/team/team-requests/${asked.body.request.id}/confirm`, {})).status).toBe(
      200,
    );
    expect((await passwordSignIn(finance)).status).toBe(403);
    const lines = async () =>
      (await trail('integrity.violation')).filter((line) => line.detail?.includes('password_rules')).length;
    const before = await lines();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The version before (passwords on), sealed as it was, put back: older than the trail's last write.
    await db.updateTable('password_rules').set(onRow).where('org_id', '=', org.id).execute();
    const rolledBack = await passwordSignIn(finance);
    // No row at all would read as passwords on, were the trail not there to say one was written.
    await db.deleteFrom('password_rules').where('org_id', '=', org.id).execute();
    const deleted = await passwordSignIn(finance);
    const breakGlass = await passwordSignIn(bea, totpCode(TEST_TOTP, Date.now() + 30_000));
    await server.team.settled();
    error.mockRestore();
    for (const refused of [rolledBack, deleted, breakGlass]) {
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error_code: string }).error_code).toBe('passwords-off');
    }
    expect(await lines()).toBeGreaterThan(before);
  });
});
