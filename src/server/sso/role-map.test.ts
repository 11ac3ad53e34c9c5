import { describe, expect, it, vi } from 'vitest';
import { BACKENDS } from '../test/databases';
import { must, ssoWorld } from '../test/sso/sso-world';
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
  /** The console started again with this `OIDC_ROLE_MAP`. */
  const restartWith = async (map: string) => {
    const settings = must(
      ssoSettingsFromEnv(
        {
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.client.id,
          OIDC_CLIENT_SECRET: idp.client.secret,
          OIDC_PROVIDER_NAME: 'Acme SSO',
          OIDC_ROLE_MAP: map,
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

  it('applies the raise once an admin confirms it on the Team page', async () => {
    const [waiting] = await waitingRaises();
    const listed = await admin.get('/api/team/team-requests');
    expect(JSON.stringify(listed.body)).toContain('payouts-ops: Admin (was none)');
    const confirmed = await admin.post(`/api/team/team-requests/${must(waiting).id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    const olga = await signIn('olga');
    expect(olga.status).toBe(201);
    // The person's own first raise to admin still waits for an admin, as every grant of power does.
    expect(olga.session?.member.role).not.toBe('admin');
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
