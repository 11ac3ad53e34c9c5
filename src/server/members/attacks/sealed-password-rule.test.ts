import { describe, expect, it } from 'vitest';
import { savePasswordRule } from '../../db/repositories/sso/sso';
import { teamConsole } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { writerOn } from '../../test/forge';
import { tenantOf } from '../../test/tenants';

/**
 * A database writer against the password rule: passwords off for all but a break-glass admin, turned on again (or
 * given to another admin) in the database. The row no longer verifies: it reads as the strictest rule (no password
 * signs anyone in), never as "passwords on for everyone", and it is said in the trail and on stderr.
 */
describe.each(BACKENDS)('the password rule against a database writer on $name', async (backend) => {
  const { database, server, sql, quietly, violations, orgIdOf } = await writerOn(backend);
  const passwordSignIn = (app: typeof server.app, who: { email: string; password: string }) =>
    app.request('/api/team/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: who.email, password: who.password }),
    });
  const ruleLines = async () =>
    (await violations()).filter((line) => line.detail?.includes('password_rules'));

  it('turned on again in the database, still refuses passwords, after a restart too, loudly', async () => {
    const o = await tenantOf(server);
    const orgId = await orgIdOf(o.tenant.client_id);
    const admin = o.member('admin');
    const finance = o.member('finance');
    // The rule as two admins set it through the console (sso/password-rule.test.ts drives that journey).
    await savePasswordRule(server.team.database.db, {
      org_id: orgId,
      passwords: 'off',
      break_glass_member_id: admin.id,
      proposed_by: admin.id,
      confirmed_by: admin.id,
      changed_at: new Date().toISOString(),
    });
    expect((await passwordSignIn(server.app, finance)).status).toBe(403);
    const before = (await ruleLines()).length;

    await sql
      .updateTable('password_rules')
      .set({ passwords: 'on', break_glass_member_id: null })
      .where('org_id', '=', orgId)
      .execute();
    const error = quietly();
    const refused = await passwordSignIn(server.app, finance);
    const restarted = await teamConsole({ database });
    const again = await passwordSignIn(restarted.app, finance);
    await restarted.team.settled();
    await restarted.close();
    const said = error.mock.calls.some((call) => String(call[0]).includes('password_rules'));
    error.mockRestore();

    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error_code: string }).error_code).toBe('passwords-off');
    expect(again.status).toBe(403);
    expect(said).toBe(true);
    const lines = await ruleLines();
    expect(lines.length).toBeGreaterThan(before);
    expect(lines.map((line) => line.targets)).toContainEqual(expect.stringContaining(orgId));
  });

  it('a rule the console wrote reads as written: passwords on again once confirmed, without a complaint', async () => {
    const o = await tenantOf(server);
    const orgId = await orgIdOf(o.tenant.client_id);
    const admin = o.member('admin');
    const rule = (passwords: 'on' | 'off') => ({
      org_id: orgId,
      passwords,
      break_glass_member_id: passwords === 'off' ? admin.id : null,
      proposed_by: admin.id,
      confirmed_by: admin.id,
      changed_at: new Date().toISOString(),
    });
    await savePasswordRule(server.team.database.db, rule('off'));
    expect((await passwordSignIn(server.app, o.member('finance'))).status).toBe(403);
    await savePasswordRule(server.team.database.db, rule('on'));
    expect((await passwordSignIn(server.app, o.member('finance'))).status).toBe(201);
    expect((await ruleLines()).filter((line) => line.targets.includes(orgId))).toEqual([]);
  });
});
