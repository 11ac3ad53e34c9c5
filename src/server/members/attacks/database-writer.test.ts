import { createHash, createHmac } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { resumeOrphans } from '../../approvals/execution/executor';
import { appendAudit, consoleEntry, verifyAudit } from '../../audit/chain';
import { AuditHeadFile } from '../../audit/head-file';
import type { ConsoleDb } from '../../db/database';
import { basic, caller, type MemberCredentials, teamConsole, testAuditKey } from '../../test/console';
import { BACKENDS } from '../../test/databases';
import { tempDir } from '../../test/temp-dir';
import { insertMember } from '../members';

/**
 * Someone who can write the console's database but holds neither the server's environment nor a member's password:
 * what they try against a running server, on each database the console runs on.
 */

describe.each(BACKENDS)(
  'a database writer on $name',
  async (backend) => {
    /**
     * Closed when its test ends, in the reverse order of opening: a server waits for the lines it still writes and for
     * its head file before the directory of that file is removed, and the database closes after every server on it.
     */
    const own = <T extends { close(): Promise<void> }>(opened: T): T => {
      onTestFinished(() => opened.close());
      return opened;
    };

    /** A server of its own (its database, its head file), a tenant, and its members' sessions. */
    async function running(name: string) {
      const database = own(await backend.open());
      const headFile = new AuditHeadFile(join(tempDir('database-writer-'), `${name}.audit-head`));
      const server = own(await teamConsole({ database, auditHead: headFile }));
      const tenant = await server.tenant();
      const member = (role: MemberCredentials['role']) =>
        tenant.members.find((m) => m.role === role) as MemberCredentials;
      const as = async (role: MemberCredentials['role']) =>
        caller(server.app, await server.signIn(member(role)));
      const sql = database.db;
      const rows = async () =>
        Number(
          (
            await sql
              .selectFrom('audit_events')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return { database, headFile, server, tenant, member, as, sql, rows };
    }

    /** Lines anyone may cause, without an account: failed sign-ins. */
    const failedSignIns = async (app: Parameters<typeof caller>[0], n: number) => {
      const answers: { status: number; body: Record<string, unknown> }[] = [];
      for (let i = 0; i < n; i++) {
        const answer = await caller(app, '').post('/api/team/sessions', {
          email: 'nobody@nowhere.example',
          password: 'wrong-password',
        });
        answers.push({ status: answer.status, body: answer.body });
      }
      return answers;
    };

    it('the last lines deleted and the head row moved back: the server appends nothing, says so, and the head file stays', async () => {
      const s = await running('cut');
      const admin = await s.as('admin');
      const viewer = await s.as('viewer');
      // The insider's refused attempts, which the database writer then wants gone.
      expect(
        (await viewer.patch(`/api/team/members/${s.member('viewer').id}`, { role: 'admin' })).status,
      ).toBe(403);
      expect(
        (await viewer.put('/api/team/policy', { enabled: false, limit_cents: 1, approvals_needed: 1 }))
          .status,
      ).toBe(403);
      await s.headFile.flush();
      const noted = s.headFile.read();
      const last = await s.rows();
      expect(noted?.seq).toBe(last);

      const keep = last - 2;
      await s.sql.deleteFrom('audit_events').where('seq', '>', keep).execute();
      const kept = await s.sql
        .selectFrom('audit_events')
        .select('hash')
        .where('seq', '=', keep)
        .executeTakeFirstOrThrow();
      await s.sql.updateTable('audit_head').set({ seq: keep, hash: kept.hash }).where('id', '=', 1).execute();

      const errors: string[] = [];
      const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
      const answers = await failedSignIns(s.server.app, 3);
      // A refused payment is refused too: nothing moves that could not be written down.
      const finance = await s.as('finance').catch((e: Error) => e);
      error.mockRestore();
      expect(answers.map((a) => a.status)).toEqual([503, 503, 503]);
      expect(answers[0]?.body).toMatchObject({ success: false, error_code: 'audit-trail-broken' });
      expect(finance).toBeInstanceOf(Error);
      expect(errors.join('\n')).toContain('THE AUDIT TRAIL DOES NOT VERIFY');
      expect(errors.join('\n')).toContain(`behind row ${last}`);
      // Nothing was appended on the rewound head, and the head file still holds the head noted before.
      expect(await s.rows()).toBe(keep);
      await s.headFile.flush();
      expect(s.headFile.read()).toEqual(noted);
      // The Audit page says so (a read writes no line), and audit:verify fails against the head file.
      const health = await admin.get('/api/team/audit/health');
      expect(health.body).toMatchObject({ checked: true, ok: false });
      expect(health.body.why).toContain('while this server ran');
      const verified = await verifyAudit(s.sql, testAuditKey(), { expect: noted ?? undefined });
      expect(verified).toMatchObject({ ok: false, why: expect.stringContaining('tail was cut') });
      // A member's /v2 write is refused before it is sent.
      const pay = await admin.post('/v2/payouts', {
        user_id: s.tenant.users[0]?.id,
        amount: 100,
        platform: 'default',
      });
      expect(pay.status).toBe(503);
    });

    it('the whole trail wiped and grown again: refused while it runs, and never verifies against the head file', async () => {
      const s = await running('wipe');
      await s.as('admin');
      await s.headFile.flush();
      const noted = s.headFile.read();
      const n = await s.rows();
      await s.sql.deleteFrom('audit_events').execute();
      await s.sql
        .updateTable('audit_head')
        .set({ seq: 0, hash: '0'.repeat(64) })
        .where('id', '=', 1)
        .execute();
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const answers = await failedSignIns(s.server.app, n + 1);
      error.mockRestore();
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([503]));
      expect(await s.rows()).toBe(0);
      await s.headFile.flush();
      expect(s.headFile.read()).toEqual(noted);

      // Grown again past the noted head by a writer with the key but without that head (a server that knew nothing
      // of it): the chain does not pass through it, whatever its length.
      for (let i = 0; i <= n; i++) {
        await appendAudit(s.sql, testAuditKey(), consoleEntry('org', 'sign-out', [], { status: 200 }));
      }
      expect(await verifyAudit(s.sql, testAuditKey())).toMatchObject({ ok: true });
      expect(await verifyAudit(s.sql, testAuditKey(), { expect: noted ?? undefined })).toMatchObject({
        ok: false,
        why: 'it is not the row of the head you noted',
      });
      // A server started on it through the head file refuses to write too.
      const error2 = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const again = own(
        await teamConsole({
          database: s.database,
          auditHead: new AuditHeadFile(s.headFile.path),
        }),
      );
      const refused = await failedSignIns(again.app, 1);
      error2.mockRestore();
      expect(again.team.trail).toMatchObject({ ok: false });
      expect(refused[0]?.status).toBe(503);
    });

    it('a server on a trail that holds appends as before, with other servers appending between', async () => {
      const s = await running('holds');
      const other = own(await teamConsole({ database: s.database }));
      await s.as('viewer');
      await failedSignIns(other.app, 2);
      const answers = await failedSignIns(s.server.app, 2);
      expect(answers.map((a) => a.status)).toEqual([401, 401]);
      expect(await verifyAudit(s.sql, testAuditKey())).toMatchObject({ ok: true });
      await s.headFile.flush();
    });

    const ACCOUNT = '000123456789';
    const payment = (userId: string, cents: number) => ({
      amount: cents,
      platform: 'ach',
      user_id: userId,
      ach_info: { account_number: ACCOUNT, routing_number: '021000021' },
      idempotency_key: crypto.randomUUID(),
    });
    const HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString();

    /** The organization's transfers of this amount, as its key reads them. */
    const transfersOf = async (s: Awaited<ReturnType<typeof running>>, cents: number) => {
      const list = await caller(s.server.app, basic(s.tenant.client_id, s.tenant.api_key)).get(
        '/v2/transfers?limit=100',
      );
      return (list.body.data as { amount: number }[]).filter((t) => t.amount === cents);
    };
    /** The trail's violation lines, once the server has written those it was writing. */
    const violations = async (s: Awaited<ReturnType<typeof running>>) => {
      await s.server.team.settled();
      return s.sql
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'integrity.violation')
        .execute();
    };
    const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

    /** An approval by the admin written into the database an hour ago, the request set approved: as if decided. */
    const forgeApproval = async (s: Awaited<ReturnType<typeof running>>, id: string) => {
      await s.sql
        .updateTable('approval_requests')
        .set({ status: 'approved', updated_at: HOUR_AGO() })
        .where('id', '=', id)
        .execute();
      await s.sql
        .insertInto('approval_decisions')
        .values({
          request_id: id,
          member_id: s.member('admin').id,
          decision: 'approve',
          reason: null,
          at: HOUR_AGO(),
        })
        .execute();
    };
    /** What the executor of a server that starts does: requests approved and left unclaimed are run. */
    const resumeAs = async (s: Awaited<ReturnType<typeof running>>) => {
      const sandbox = s.server.sandbox;
      if (!sandbox) throw new Error('sandbox mode');
      const error = quietly();
      await resumeOrphans(s.server.team, (request) => Promise.resolve(sandbox.app.fetch(request, {})));
      error.mockRestore();
    };

    it('a session row for a secret of their choosing opens nothing, in the old format or any other key', async () => {
      const s = await running('session');
      const admin = s.member('admin');
      const secret = 'chosen-by-the-database-writer';
      const now = new Date().toISOString();
      for (const secretHash of [
        createHash('sha256').update(secret).digest('hex'),
        createHmac('sha256', 'another key').update(`session\u0000${admin.id}\u0000${secret}`).digest('hex'),
      ]) {
        await s.sql
          .insertInto('sessions')
          .values({ secret_hash: secretHash, member_id: admin.id, created_at: now, last_used_at: now })
          .execute();
      }
      const forged = caller(s.server.app, basic(admin.id, secret));
      expect((await forged.get('/api/team/session')).status).toBe(401);
      const policy = await forged.put('/api/team/policy', {
        enabled: false,
        limit_cents: 1,
        approvals_needed: 1,
      });
      expect(policy.status).toBe(401);
      // Another member's session row moved onto the admin opens nothing either: the hash binds its member.
      await s.as('viewer');
      await s.sql
        .updateTable('sessions')
        .set({ member_id: admin.id })
        .where('member_id', '=', s.member('viewer').id)
        .execute();
      const stolen = await s.server.signIn(s.member('viewer'));
      const [, viewerSecret] = Buffer.from(stolen.slice(6), 'base64').toString().split(':');
      expect(
        (await caller(s.server.app, basic(admin.id, viewerSecret ?? '')).get('/api/team/session')).status,
      ).toBe(401);
    });

    it('a waiting body raised, or its maker changed, in the database: the approval itself is refused, nothing is paid, and it is a line', async () => {
      const s = await running('forge');
      const finance = await s.as('finance');
      const admin = await s.as('admin');
      const user = s.tenant.users[0]?.id ?? '';
      const submitted = await finance.post('/api/team/approvals', { payment: payment(user, 1_500_000) });
      expect(submitted.status).toBe(201);
      const id = submitted.body.id as string;
      // The approver reads $15,000.00 (the row's amount); the body it pays now says $900,000.00.
      const row = await s.sql
        .selectFrom('approval_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const body = JSON.parse(row.body);
      body.payment.amount = 90_000_000;
      await s.sql
        .updateTable('approval_requests')
        .set({ body: JSON.stringify(body) })
        .where('id', '=', id)
        .execute();
      const error = quietly();
      const approved = await admin.post(`/api/team/approvals/${id}/approve`);
      expect(approved.status).toBe(409);
      expect(approved.body.error_code).toBe('request-changed');
      expect(await transfersOf(s, 90_000_000)).toEqual([]);
      expect(await transfersOf(s, 1_500_000)).toEqual([]);
      // Its maker named as another member (whose approval then counts): refused at the approval too, nothing paid.
      const another = await finance.post('/api/team/approvals', { payment: payment(user, 1_500_002) });
      await s.sql
        .updateTable('approval_requests')
        .set({ maker_id: s.member('support').id })
        .where('id', '=', another.body.id)
        .execute();
      const byMaker = await finance.post(`/api/team/approvals/${another.body.id}/approve`);
      error.mockRestore();
      expect(byMaker.status).toBe(409);
      expect(byMaker.body.error_code).toBe('request-changed');
      expect(await transfersOf(s, 1_500_002)).toEqual([]);
      const status = await s.sql
        .selectFrom('approval_requests')
        .select('status')
        .where('id', '=', another.body.id)
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('pending');
      expect((await violations(s)).map((v) => v.targets)).toContain(another.body.id);
    });

    it('an amount raised, the request set approved and an approval inserted: nothing is paid, and it is a line', async () => {
      const s = await running('forge-all');
      const finance = await s.as('finance');
      const user = s.tenant.users[0]?.id ?? '';
      const submitted = await finance.post('/api/team/approvals', { payment: payment(user, 1_500_000) });
      const id = submitted.body.id as string;
      const row = await s.sql
        .selectFrom('approval_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const body = JSON.parse(row.body);
      body.payment.amount = 90_000_000;
      await s.sql
        .updateTable('approval_requests')
        .set({ body: JSON.stringify(body), amount_cents: 90_000_000 })
        .where('id', '=', id)
        .execute();
      await forgeApproval(s, id);
      await resumeAs(s);
      expect(await transfersOf(s, 90_000_000)).toEqual([]);
      expect(await transfersOf(s, 1_500_000)).toEqual([]);
      expect((await violations(s)).map((v) => v.targets)).toContain(id);
    });

    it('an approval inserted alone does not count: the request waits again, nothing paid', async () => {
      const s = await running('decision');
      const finance = await s.as('finance');
      const user = s.tenant.users[0]?.id ?? '';
      const submitted = await finance.post('/api/team/approvals', { payment: payment(user, 1_500_001) });
      const id = submitted.body.id as string;
      await forgeApproval(s, id);
      await resumeAs(s);
      expect(await transfersOf(s, 1_500_001)).toEqual([]);
      const after = await s.sql
        .selectFrom('approval_requests')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('pending');
      expect((await violations(s)).length).toBeGreaterThan(0);
    });

    it('a paid request set approved again in the database: not run again, its end and result stay, and it is a line', async () => {
      const s = await running('reopen');
      const finance = await s.as('finance');
      const admin = await s.as('admin');
      const user = s.tenant.users[0]?.id ?? '';
      const submitted = await finance.post('/api/team/approvals', { payment: payment(user, 1_500_004) });
      expect((await admin.post(`/api/team/approvals/${submitted.body.id}/approve`)).status).toBe(200);
      await s.server.team.settled();
      const row = () =>
        s.sql
          .selectFrom('approval_requests')
          .select(['status', 'result'])
          .where('id', '=', submitted.body.id)
          .executeTakeFirstOrThrow();
      const paid = await row();
      expect(paid.status).toBe('executed');
      await s.sql
        .updateTable('approval_requests')
        .set({ status: 'approved', updated_at: HOUR_AGO() })
        .where('id', '=', submitted.body.id)
        .execute();
      await resumeAs(s);
      expect(await row()).toEqual({ status: 'approved', result: paid.result });
      expect(await transfersOf(s, 1_500_004)).toHaveLength(1);
      expect((await violations(s)).map((v) => v.targets)).toContain(submitted.body.id);
    });

    it('a member raised to admin, or given a password hash, in the database: no session, no sign-in, a line', async () => {
      const s = await running('member');
      const viewer = await s.as('viewer');
      await s.sql
        .updateTable('members')
        .set({ role: 'admin' })
        .where('id', '=', s.member('viewer').id)
        .execute();
      const error = quietly();
      expect((await viewer.get('/api/team/session')).status).toBe(401);
      expect(
        (await viewer.put('/api/team/policy', { enabled: false, limit_cents: 1, approvals_needed: 1 }))
          .status,
      ).toBe(401);
      const signIn = await caller(s.server.app, '').post('/api/team/sessions', {
        email: s.member('viewer').email,
        password: s.member('viewer').password,
      });
      expect(signIn.status).toBe(401);
      // The admin's password hash replaced by the viewer's, whose password the writer knows.
      const viewerHash = await s.sql
        .selectFrom('members')
        .select('password_hash')
        .where('id', '=', s.member('viewer').id)
        .executeTakeFirstOrThrow();
      await s.sql
        .updateTable('members')
        .set({ password_hash: viewerHash.password_hash })
        .where('id', '=', s.member('admin').id)
        .execute();
      const asAdmin = await caller(s.server.app, '').post('/api/team/sessions', {
        email: s.member('admin').email,
        password: s.member('viewer').password,
      });
      error.mockRestore();
      expect(asAdmin.status).toBe(401);
      expect((await violations(s)).map((v) => v.detail)).toContain(
        'A members row does not verify (changed in the database): taken as absent',
      );
    });

    it('the policy switched off in the database holds everything instead', async () => {
      const s = await running('policy');
      const finance = await s.as('finance');
      await s.sql.updateTable('approval_policies').set({ enabled: 0 }).execute();
      const error = quietly();
      const paid = await finance.post('/v2/payments', payment(s.tenant.users[0]?.id ?? '', 2_000_000));
      const small = await finance.post('/v2/payments', payment(s.tenant.users[0]?.id ?? '', 100));
      error.mockRestore();
      expect(paid.status).toBe(403);
      expect(paid.body.error_code).toBe('approval-required');
      expect(small.status).toBe(403);
    });

    it('a team request slipped into the database is not found when an admin confirms it', async () => {
      const s = await running('team-request');
      const admin = await s.as('admin');
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      const org = await s.sql
        .selectFrom('members')
        .select('org_id')
        .where('id', '=', s.member('admin').id)
        .executeTakeFirstOrThrow();
      await s.sql
        .insertInto('team_requests')
        .values({
          id,
          org_id: org.org_id,
          kind: 'role',
          proposer_id: s.member('admin').id,
          target_member_id: s.member('viewer').id,
          payload: JSON.stringify({ role: 'admin' }),
          status: 'pending',
          decided_by: null,
          reason: null,
          created_at: now,
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          decided_at: null,
        })
        .execute();
      const error = quietly();
      const confirmed = await admin.post(`/api/team/team-requests/${id}/confirm`);
      error.mockRestore();
      expect(confirmed.status).toBe(404);
      expect(await roleOf(s.sql, s.member('viewer').id)).toBe('viewer');
    });

    it('a team request rejected, then set waiting again in the database, is not found when an admin confirms it', async () => {
      const s = await running('revived-request');
      const admin = await s.as('admin');
      const org = await s.sql
        .selectFrom('members')
        .select('org_id')
        .where('id', '=', s.member('admin').id)
        .executeTakeFirstOrThrow();
      const other = await insertMember(s.sql, {
        orgId: org.org_id,
        name: 'Other Admin',
        role: 'admin',
        email: `other-admin-${crypto.randomUUID()}@acme.example`,
        password: 'other-admin-password',
      });
      const second = caller(
        s.server.app,
        await s.server.signIn({ email: other.email, password: 'other-admin-password' }),
      );
      const asked = await admin.patch(`/api/team/members/${s.member('viewer').id}`, { role: 'finance' });
      expect(asked.status).toBe(202);
      const id = asked.body.request.id as string;
      expect((await second.post(`/api/team/team-requests/${id}/reject`, { reason: 'not now' })).status).toBe(
        200,
      );
      await s.sql
        .updateTable('team_requests')
        .set({ status: 'pending', decided_by: null, decided_at: null, reason: null })
        .where('id', '=', id)
        .execute();
      const error = quietly();
      const confirmed = await second.post(`/api/team/team-requests/${id}/confirm`);
      error.mockRestore();
      expect(confirmed.status).toBe(404);
      expect(await roleOf(s.sql, s.member('viewer').id)).toBe('viewer');
    });

    it('rows are sealed once, at the first start: a seal emptied later is not made again by a restart', async () => {
      const s = await running('once');
      const seals = () =>
        s.sql.selectFrom('audit_events').select('seq').where('action', '=', 'integrity.seal').execute();
      expect(await seals()).toHaveLength(1);
      await s.sql
        .updateTable('members')
        .set({ seal: null })
        .where('id', '=', s.member('finance').id)
        .execute();
      const again = own(await teamConsole({ database: s.database }));
      expect(await seals()).toHaveLength(1);
      const error = quietly();
      const signIn = await caller(again.app, '').post('/api/team/sessions', {
        email: s.member('finance').email,
        password: s.member('finance').password,
      });
      error.mockRestore();
      expect(signIn.status).toBe(401);
    });
    // Each test starts a server of its own and signs members in (argon2): time on a busy machine, not a measure.
  },
  60_000,
);

/** A member's role as the database holds it. */
async function roleOf(sql: ConsoleDb, memberId: string): Promise<string> {
  const row = await sql
    .selectFrom('members')
    .select('role')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.role;
}
