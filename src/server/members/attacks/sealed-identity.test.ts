import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { caller, teamConsole } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { writerOn } from '../../test/forge';
import { tenantOf } from '../../test/tenants';

/**
 * A database writer against the rows that stand for a person or grant power: one-time links (a first admin's, an
 * invitation, a reset). A link they insert for a token of their choosing opens nothing, now and after a restart, and
 * each use of one is a line of the trail.
 */
describe.each(BACKENDS)('one-time links against a database writer on $name', async (backend) => {
  const { database, server, sql, quietly, orgIdOf, ...writer } = await writerOn(backend);
  /** The lines about links, once `of` (this server or one started after it) has written them. */
  const violations = async (of: Awaited<ReturnType<typeof teamConsole>>) => {
    await of.team.settled();
    return (await writer.violations()).filter((line) => line.detail?.includes('invitations'));
  };
  /** A link row as the writer inserts it: the SHA-256 of a token they chose, open for a day. */
  const forgeLink = async (
    token: string,
    link: { orgId: string; purpose: string; member?: { id: string; role: string; email: string } },
  ) =>
    sql
      .insertInto('invitations')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        org_id: link.orgId,
        member_id: link.member?.id ?? null,
        purpose: link.purpose,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        used_at: null,
        role: link.member?.role ?? null,
        email: link.member?.email ?? null,
        shown_to: null,
      })
      .execute();

  it("a first admin's link inserted into an organization that has its team makes no member, after a restart too", async () => {
    const o = await tenantOf(server);
    const orgId = await orgIdOf(o.tenant.client_id);
    const token = `writer-chosen-${crypto.randomUUID()}`;
    await forgeLink(token, { orgId, purpose: 'first-admin' });
    const link = `/api/team/invitations/${token}`;
    const error = quietly();
    const read = await caller(server.app, '').get(link);
    const used = await caller(server.app, '').post(link, {
      password: 'the writer password',
      email: `writer@${o.tenant.client_id}.example`,
      name: 'Writer',
    });
    // A server started afresh on the same database reads the same row the same way.
    const restarted = await teamConsole({ database });
    const again = await caller(restarted.app, '').post(link, {
      password: 'the writer password',
      email: `writer@${o.tenant.client_id}.example`,
      name: 'Writer',
    });
    await restarted.team.settled();
    await restarted.close();
    error.mockRestore();
    expect(read.status).toBe(404);
    expect(used.status).toBe(404);
    expect(again.status).toBe(404);
    const writer = await sql
      .selectFrom('members')
      .select('id')
      .where('email', '=', `writer@${o.tenant.client_id}.example`)
      .execute();
    expect(writer).toEqual([]);
    const signIn = await caller(server.app, '').post('/api/team/sessions', {
      email: `writer@${o.tenant.client_id}.example`,
      password: 'the writer password',
    });
    expect(signIn.status).toBe(401);
    const lines = await violations(server);
    expect(lines.filter((line) => line.targets.includes('first-admin-link')).length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it("a reset inserted for a finance member sets no password of the writer's choosing", async () => {
    const o = await tenantOf(server);
    const orgId = await orgIdOf(o.tenant.client_id);
    const finance = o.member('finance');
    const row = await sql
      .selectFrom('members')
      .select(['id', 'role', 'email'])
      .where('id', '=', finance.id)
      .executeTakeFirstOrThrow();
    const token = `writer-chosen-${crypto.randomUUID()}`;
    await forgeLink(token, { orgId, purpose: 'reset', member: row });
    const error = quietly();
    const used = await caller(server.app, '').post(`/api/team/invitations/${token}`, {
      password: 'the writer password',
    });
    error.mockRestore();
    expect(used.status).toBe(404);
    const asWriter = await caller(server.app, '').post('/api/team/sessions', {
      email: finance.email,
      password: 'the writer password',
    });
    expect(asWriter.status).toBe(401);
    // The member's own password still signs them in.
    expect((await o.as('finance')) && true).toBe(true);
    expect((await violations(server)).map((line) => line.targets)).toContainEqual(
      expect.stringContaining(finance.id),
    );
  });

  it("a link the console made opens as before, and one whose role was raised in the database doesn't", async () => {
    const o = await tenantOf(server);
    const admin = await o.as('admin');
    const invited = await admin.post('/api/team/members', {
      email: `sealed-${crypto.randomUUID()}@${o.tenant.client_id}.example`,
      name: 'Invited',
      role: 'viewer',
    });
    expect(invited.status).toBe(201);
    const path = new URL(invited.body.link.url).pathname.replace('/invitation/', '/api/team/invitations/');
    const raised = await admin.post('/api/team/members', {
      email: `raised-${crypto.randomUUID()}@${o.tenant.client_id}.example`,
      name: 'Raised',
      role: 'viewer',
    });
    const raisedPath = new URL(raised.body.link.url).pathname.replace(
      '/invitation/',
      '/api/team/invitations/',
    );
    // The writer raises both the link and its member to admin, so that the link still matches its member.
    await sql
      .updateTable('invitations')
      .set({ role: 'admin' })
      .where('member_id', '=', raised.body.member.id)
      .execute();
    await sql.updateTable('members').set({ role: 'admin' }).where('id', '=', raised.body.member.id).execute();
    const error = quietly();
    const usedRaised = await caller(server.app, '').post(raisedPath, { password: 'a password of theirs' });
    error.mockRestore();
    expect(usedRaised.status).toBe(404);
    expect((await caller(server.app, '').post(path, { password: 'a password of theirs' })).status).toBe(200);
  });
});
