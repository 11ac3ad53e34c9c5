import { afterAll, describe, expect, it, vi } from 'vitest';
import { firstAdminLink } from '../identity/links';
import { caller, teamConsole } from '../test/console';
import { tenantOf } from '../test/tenants';

/**
 * A database writer without the audit key gives a spent one-time link back its use (`used_at` set to null: spending
 * is not sealed, so the row verifies again). The link must still open nothing: a reset only while its member has no
 * password since the reset, a first admin's only while its organization has no member.
 */
describe('a spent one-time link revived in the database', async () => {
  const server = await teamConsole();
  afterAll(() => server.close());
  const sql = server.team.database.db;
  const apiPath = (url: string) => new URL(url).pathname.replace('/invitation/', '/api/team/invitations/');

  it("a reset link used once sets no second password, the finance member's account stays theirs", async () => {
    const o = await tenantOf(server);
    const admin = await o.as('admin');
    const finance = o.member('finance');
    const reset = await admin.post(`/api/team/members/${finance.id}/password-reset`);
    expect(reset.status, reset.text).toBe(201);
    const link = apiPath(reset.body.link.url);
    const used = await caller(server.app, '').post(link, { password: 'the member own password 1' });
    expect(used.status, used.text).toBe(200);
    // The writer (who saw the link: it was shown to the admin) gives it back its use.
    await sql.updateTable('invitations').set({ used_at: null }).where('member_id', '=', finance.id).execute();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const again = await caller(server.app, '').post(link, { password: 'the writer chosen password' });
    const read = await caller(server.app, '').get(link);
    error.mockRestore();
    expect(read.status).toBe(404);
    expect(again.status).toBe(404);
    const asWriter = await caller(server.app, '').post('/api/team/sessions', {
      email: finance.email,
      password: 'the writer chosen password',
    });
    expect(asWriter.status).toBe(401);
  });

  it("a first admin's link, spent, then revived after the team exists, makes no admin", async () => {
    const o = await tenantOf(server);
    const org = await sql
      .selectFrom('organizations')
      .select('id')
      .where('client_id', '=', o.tenant.client_id)
      .executeTakeFirstOrThrow();
    const made = await firstAdminLink(server.team, org.id);
    if (!made || !('path' in made)) throw new Error('a first admin link');
    const token = made.path.replace('/invitation/', '');
    // Spent (its first admin named themself), then given back its use by the writer.
    await sql
      .updateTable('invitations')
      .set({ used_at: new Date().toISOString() })
      .where('org_id', '=', org.id)
      .execute();
    await sql
      .updateTable('invitations')
      .set({ used_at: null })
      .where('org_id', '=', org.id)
      .where('purpose', '=', 'first-admin')
      .execute();
    const email = `second-admin@${o.tenant.client_id}.example`;
    const used = await caller(server.app, '').post(`/api/team/invitations/${token}`, {
      password: 'the writer chosen password',
      email,
      name: 'Second Admin',
    });
    expect(used.status).toBe(404);
    const made2 = await sql.selectFrom('members').select('id').where('email', '=', email).execute();
    expect(made2).toEqual([]);
  });
});
