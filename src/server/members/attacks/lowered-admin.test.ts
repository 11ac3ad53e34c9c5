import { describe, expect, it, vi } from 'vitest';
import { recheckSessions } from '../../sso/sessions';
import { basic, caller } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { must, ssoWorld } from '../../test/sso/sso-world';

/**
 * One of two admins edits the company's directory (or the environment's mapping) to lower the other admin's group:
 * applied at once, it would leave them the one admin, holding every grant of power alone. The lowering of one of two
 * admins waits for two admins instead (the lowered one may be either), and the lowered admin stays admin meanwhile;
 * a lowering of anyone else still takes effect at once.
 */
describe.each(BACKENDS)('an admin lowered by the directory, on $name', async (backend) => {
  const { idp, server, signIn, sessionAlive, admin, trail } = await ssoWorld({
    database: await backend.open(),
  });
  const db = server.team.database.db;
  const ada = { email: 'ada@acme.example', name: 'Ada Admin' };
  idp.directory.set('ada', { ...ada, groups: ['payouts-admins'] });
  const roleOf = async (email: string) =>
    (await db.selectFrom('members').select('role').where('email', '=', email).executeTakeFirstOrThrow()).role;

  it('keeps one of two admins lowered in the directory admin until two admins confirm it', async () => {
    // Ada becomes the second admin the way a directory admin does: her first raise confirmed by the admin.
    await signIn('ada');
    const [raise] = (await admin.get('/api/team/team-requests')).body.data as { id: string }[];
    expect((await admin.post(`/api/team/team-requests/${must(raise).id}/confirm`, {})).status).toBe(200);
    const first = await signIn('ada');
    expect(first.session?.member.role).toBe('admin');

    // The other admin's directory account lowers Ada to viewer.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    idp.directory.set('ada', { ...ada, groups: ['payouts-viewers'] });
    const lowered = await signIn('ada');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await recheckSessions(server.team, must(server.team.sso));
    error.mockRestore();
    expect(lowered.status).toBe(201);
    expect(await roleOf(ada.email)).toBe('admin');
    expect(await sessionAlive(must(first.session))).toBe(true);
    const waiting = await db
      .selectFrom('team_requests')
      .selectAll()
      .where('kind', '=', 'role')
      .where('status', '=', 'pending')
      .execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.proposer_id).toBeNull();
    expect((await trail('team-request.propose')).at(-1)?.detail).toContain('one admin would be left');

    // The admin who lowered her cannot apply it alone: their confirmation adopts it; Ada's own applies it.
    const id = must(waiting[0]).id;
    expect((await admin.post(`/api/team/team-requests/${id}/confirm`, {})).status).toBe(202);
    expect(await roleOf(ada.email)).toBe('admin');
    const asAda = caller(server.app, basic(must(lowered.session).member_id, must(lowered.session).secret));
    expect((await asAda.post(`/api/team/team-requests/${id}/confirm`, {})).status).toBe(200);
    expect(await roleOf(ada.email)).toBe('viewer');
  });

  it('lowers a member who is not one of two admins at once, as ever', async () => {
    idp.directory.set('fiona', {
      email: 'fiona@acme.example',
      name: 'Fiona Finance',
      groups: ['payouts-support'],
    });
    const before = await signIn('fiona');
    expect(before.session?.member.role).toBe('support');
    idp.directory.set('fiona', {
      email: 'fiona@acme.example',
      name: 'Fiona Finance',
      groups: ['payouts-viewers'],
    });
    expect((await signIn('fiona')).session?.member.role).toBe('viewer');
  });
});
