import { describe, expect, it, vi } from 'vitest';
import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import { insertMember } from '../members/members';
import { caller } from '../test/console';
import { BACKENDS } from '../test/databases';
import { must, ssoWorld } from '../test/sso/sso-world';
import { roleMapInForce, settleRoleMap } from './role-map';
import { ssoSettingsFromEnv } from './settings';
import { startSso } from './start';

/**
 * The mapping of the provider's groups to roles is a grant of power: the one in force is stored and sealed; a start
 * with another `OIDC_ROLE_MAP` lowers at once but raises nothing on its own, and a mapping edited in the database gives
 * no group more than both mappings agree on.
 */
describe.each(BACKENDS)('the mapping of groups to roles, on $name', async (backend) => {
  const { idp, server, tenant, trail, signIn, origin, admin } = await ssoWorld({
    database: await backend.open(),
  });
  const db = server.team.database.db;
  const org = must(await findOrganizationByClientId(db, tenant.client_id));
  // A second admin: a raise the environment proposed applies only when two admins confirm it.
  const secondAdmin = {
    email: `second-admin@${tenant.client_id.slice(0, 8)}.example`,
    password: 'second-admin-pw',
  };
  await insertMember(db, { orgId: org.id, name: 'Second Admin', role: 'admin', ...secondAdmin });
  const second = caller(server.app, await server.signIn(secondAdmin));
  /** The console started again with this `OIDC_ROLE_MAP` (and, when given, another groups claim). */
  const restartWith = async (map: string, more: Record<string, string> = {}) => {
    const settings = must(
      ssoSettingsFromEnv(
        {
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.client.id,
          OIDC_CLIENT_SECRET: idp.client.secret,
          OIDC_PROVIDER_NAME: 'Acme SSO',
          OIDC_ROLE_MAP: map,
          ...more,
        },
        origin,
      ),
    );
    server.team.sso = await startSso(server.team, settings, tenant.client_id);
    await server.team.settled();
  };
  const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const waitingRaises = () =>
    db
      .selectFrom('team_requests')
      .selectAll()
      .where('kind', '=', 'role-map')
      .where('status', '=', 'pending')
      .execute();
  idp.directory.set('olga', { email: 'olga@acme.example', name: 'Olga Ops', groups: ['payouts-ops'] });

  it('takes the first mapping as the environment gives it, and the same one again changes nothing', async () => {
    expect(await trail('sso.role-map.first')).toHaveLength(1);
    await restartWith(
      'payouts-viewers=viewer,payouts-finance=finance,payouts-admins=admin,payouts-support=support',
    );
    expect(await trail('sso.role-map.first')).toHaveLength(1);
    expect(await trail('sso.role-map.lower')).toHaveLength(0);
    expect(await trail('sso.role-map.raise-held')).toHaveLength(0);
    expect((await signIn('victor')).status).toBe(201);
  });

  it('keeps a new group at admin from the environment waiting for an admin: the stored mapping stays in force, loudly', async () => {
    const error = quietly();
    await restartWith(
      'payouts-admins=admin,payouts-finance=finance,payouts-support=support,payouts-viewers=viewer,payouts-ops=admin',
    );
    const said = error.mock.calls.some((call) => String(call[0]).includes('payouts-ops: Admin (was none)'));
    error.mockRestore();
    expect(said).toBe(true);
    const olga = await signIn('olga');
    expect(olga.refused?.status).toBe(403);
    const held = await trail('sso.role-map.raise-held');
    expect(held.at(-1)?.detail).toContain('payouts-ops: Admin (was none)');
    const waiting = await waitingRaises();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.proposer_id).toBeNull();
    // The same start again asks nothing twice.
    const quiet = quietly();
    await restartWith(
      'payouts-admins=admin,payouts-finance=finance,payouts-support=support,payouts-viewers=viewer,payouts-ops=admin',
    );
    quiet.mockRestore();
    expect(await waitingRaises()).toHaveLength(1);
  });

  it('applies a lowering at once, with a line, and keeps holding the raise beside it', async () => {
    const error = quietly();
    await restartWith(
      'payouts-admins=admin,payouts-finance=finance,payouts-support=support,payouts-ops=admin',
    );
    error.mockRestore();
    expect((await trail('sso.role-map.lower')).at(-1)?.detail).not.toContain('payouts-viewers');
    const victor = await signIn('victor');
    expect(victor.refused?.status).toBe(403);
    expect((await signIn('olga')).refused?.status).toBe(403);
  });

  it('applies the raise only once two admins confirm it: the first adopts it, a second applies it', async () => {
    const [waiting] = await waitingRaises();
    const listed = await admin.get('/api/team/team-requests');
    expect(JSON.stringify(listed.body)).toContain('payouts-ops: Admin (was none)');
    // One admin's confirmation would be that admin's grant alone: it adopts the request, which still waits.
    const adopted = await admin.post(`/api/team/team-requests/${must(waiting).id}/confirm`, {});
    expect(adopted.status).toBe(202);
    expect((await signIn('olga')).refused?.status).toBe(403);
    expect((await trail('team-request.adopt')).at(-1)?.targets).toContain(must(waiting).id);
    // The adopting admin is now its proposer: confirming it again is refused; another admin applies it.
    const again = await admin.post(`/api/team/team-requests/${must(waiting).id}/confirm`, {});
    expect(again.status).toBe(403);
    const confirmed = await second.post(`/api/team/team-requests/${must(waiting).id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    const olga = await signIn('olga');
    expect(olga.status).toBe(201);
    // The person's own first raise to admin still waits for an admin, as every grant of power does.
    expect(olga.session?.member.role).not.toBe('admin');
  });

  it('holds a new group at support as a raise: support makes users and onboarding links', async () => {
    idp.directory.set('sam', {
      email: 'sam@acme.example',
      name: 'Sam Support',
      groups: ['payouts-helpdesk'],
    });
    const error = quietly();
    await restartWith(
      'payouts-admins=admin,payouts-finance=finance,payouts-support=support,payouts-ops=admin,payouts-helpdesk=support',
    );
    error.mockRestore();
    expect((await trail('sso.role-map.raise-held')).at(-1)?.detail).toContain(
      'payouts-helpdesk: Support (was none)',
    );
    expect((await signIn('sam')).refused?.status).toBe(403);
  });

  it('refuses a raise proposed before a later lowering: confirming it would undo the lowering', async () => {
    const [stale] = await waitingRaises();
    // Another start lowers finance to viewer and drops the new group: it asks for nothing, and the request made over
    // the mapping before still waits.
    const error = quietly();
    await restartWith(
      'payouts-admins=admin,payouts-finance=viewer,payouts-support=support,payouts-ops=admin',
    );
    error.mockRestore();
    expect((await waitingRaises()).map((row) => row.id)).toEqual([must(stale).id]);
    expect((await admin.post(`/api/team/team-requests/${must(stale).id}/confirm`, {})).status).toBe(202);
    const refused = await second.post(`/api/team/team-requests/${must(stale).id}/confirm`, {});
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(
      'The mapping changed since this was proposed; propose again',
    );
    expect((await server.team.sso?.roleMap())?.get('payouts-finance')).toBe('viewer');
    expect((await signIn('fiona')).session?.member.role).toBe('viewer');
  });

  it('empties the mapping in force when the groups claim or the issuer changes, until two admins confirm one', async () => {
    const current = 'payouts-admins=admin,payouts-finance=viewer,payouts-support=support,payouts-ops=admin';
    const error = quietly();
    await restartWith(current, { OIDC_GROUPS_CLAIM: 'roles' });
    // Only the environment's groups at viewer apply at once, as over no mapping.
    expect(await server.team.sso?.roleMap()).toEqual(new Map([['payouts-finance', 'viewer']]));
    expect((await trail('sso.role-map.reset')).at(-1)?.detail).toContain('groups claim "roles"');
    // Back to the claim before is a change too: nothing signs in by its groups until two admins confirm the mapping.
    await restartWith(current);
    error.mockRestore();
    expect(await server.team.sso?.roleMap()).toEqual(new Map([['payouts-finance', 'viewer']]));
    expect((await signIn('olga')).refused?.status).toBe(403);
    const [waiting] = await waitingRaises();
    expect((await admin.post(`/api/team/team-requests/${must(waiting).id}/confirm`, {})).status).toBe(202);
    expect((await second.post(`/api/team/team-requests/${must(waiting).id}/confirm`, {})).status).toBe(200);
    expect((await server.team.sso?.roleMap())?.get('payouts-ops')).toBe('admin');
    // Another issuer: the same names are other people's, and the mapping read under either issuer is empty.
    const other = {
      roleOfGroup: new Map([['payouts-ops', 'admin' as const]]),
      issuer: 'https://other.example/',
      groupsClaim: 'groups',
    };
    const quiet = quietly();
    await settleRoleMap(server.team, org, other);
    quiet.mockRestore();
    expect(await roleMapInForce(server.team, org.id, other)).toEqual(new Map());
    expect(await server.team.sso?.roleMap()).toEqual(new Map());
    await restartWith(current);
  });

  it('reads a mapping deleted, or put back as an older version, in the database as no mapping, loudly', async () => {
    const error = quietly();
    const [waiting] = await waitingRaises();
    expect((await admin.post(`/api/team/team-requests/${must(waiting).id}/confirm`, {})).status).toBe(202);
    const older = must(
      await db.selectFrom('sso_role_maps').selectAll().where('org_id', '=', org.id).executeTakeFirst(),
    );
    expect((await second.post(`/api/team/team-requests/${must(waiting).id}/confirm`, {})).status).toBe(200);
    expect((await server.team.sso?.roleMap())?.get('payouts-admins')).toBe('admin');
    const violations = async () =>
      (await trail('integrity.violation')).filter((line) => line.detail?.includes('sso_role_maps')).length;
    const before = await violations();
    // Put back as it was before the last confirmation: sealed, but older than the trail's last write.
    await db.updateTable('sso_role_maps').set(older).where('org_id', '=', org.id).execute();
    expect(await server.team.sso?.roleMap()).toEqual(new Map());
    await db.deleteFrom('sso_role_maps').where('org_id', '=', org.id).execute();
    expect(await server.team.sso?.roleMap()).toEqual(new Map());
    await server.team.settled();
    expect(await violations()).toBeGreaterThan(before);
    // A start finds it gone: it takes the environment's as over no mapping, its viewers at once, the rest held.
    await restartWith('payouts-admins=admin,payouts-viewers=viewer');
    error.mockRestore();
    expect(await server.team.sso?.roleMap()).toEqual(new Map([['payouts-viewers', 'viewer']]));
    expect((await signIn('victor')).session?.member.role).toBe('viewer');
    expect((await waitingRaises()).map((row) => JSON.parse(row.payload).raises)).toEqual([
      'payouts-admins: Admin (was none)',
    ]);
  });

  it('gives a group raised in the database no more than the environment gives it, and says so', async () => {
    await db
      .updateTable('sso_role_maps')
      .set({
        groups: JSON.stringify([
          ['payouts-ops', 'admin'],
          ['payouts-viewers', 'admin'],
        ]),
      })
      .execute();
    const error = quietly();
    await restartWith('payouts-admins=admin,payouts-viewers=viewer');
    const victor = await signIn('victor');
    const olga = await signIn('olga');
    await server.team.settled();
    error.mockRestore();
    // Both mappings name payouts-viewers: the lower role, viewer; payouts-ops is in one only: no role.
    expect(victor.status).toBe(201);
    expect(victor.session?.member.role).toBe('viewer');
    expect(olga.refused?.status).toBe(403);
    const lines = await db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'integrity.violation')
      .execute();
    expect(lines.some((line) => line.detail?.includes('sso_role_maps'))).toBe(true);
  });
});

describe('a console started for the first time with single sign-on', () => {
  it('starts on a fresh database (the organization is made before its mapping is stored) and signs its members in', async () => {
    const { startTeam } = await import('../start');
    const { config } = await import('../test/config');
    const { testProvider } = await import('../test/sso/oidc-provider');
    const origin = 'http://127.0.0.1:9';
    const idp = await testProvider({
      redirectUri: `${origin}/api/team/sso/callback`,
      backchannelUri: `${origin}/api/team/sso/backchannel-logout`,
    });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const { team } = await startTeam(config({ publicUrl: origin }), {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.client.id,
        OIDC_CLIENT_SECRET: idp.client.secret,
        OIDC_ROLE_MAP: 'payouts-support=support',
      });
      expect(team.sso).not.toBeNull();
      expect(await team.sso?.roleMap()).toEqual(new Map([['payouts-support', 'support']]));
      await team.settled();
      await team.database.close();
    } finally {
      log.mockRestore();
      await idp.close();
    }
  });
});
