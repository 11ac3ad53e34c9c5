import { afterAll, describe, expect, it } from 'vitest';
import type { MailMessage } from './mail/mail';
import { ensureOrganization, insertMember } from './members/members';
import { sweep } from './sweep';
import { caller, teamConsole } from './test/console';
import { BACKENDS } from './test/databases';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * No read writes: a request whose deadline passed reads as expired at once, to every reader, while the database keeps
 * it as it was until the sweep writes the expiry down, once, with its line in the trail and the maker's mail.
 */
describe.each(BACKENDS)('requests past their deadline, on $name', async (backend) => {
  const database = await backend.open();
  const sent: MailMessage[] = [];
  let clock = new Date('2026-05-04T09:00:00.000Z');
  const server = await teamConsole({
    database,
    now: () => clock,
    mailer: { send: async (message) => void sent.push(message) },
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const db = server.team.database.db;
  const tenant = await server.tenant();
  const member = (role: string) => tenant.members.find((m) => m.role === role) as (typeof tenant.members)[0];
  const as = async (role: string) => caller(server.app, await server.signIn(member(role)));
  /** What a read could have written: every row of the trail, and the stored statuses of both kinds of request. */
  const stored = async () => ({
    trail: (await db.selectFrom('audit_events').select('seq').execute()).length,
    approvals: await db.selectFrom('approval_requests').select(['id', 'status']).orderBy('id').execute(),
    team: await db.selectFrom('team_requests').select(['id', 'status']).orderBy('id').execute(),
  });
  const trail = async (action: string) =>
    db.selectFrom('audit_events').select(['targets', 'role']).where('action', '=', action).execute();

  it('an approval request: expired to every reader the moment its deadline passes; the sweep writes it down once', async () => {
    const finance = await as('finance');
    const submitted = await finance.post('/api/team/approvals', {
      payment: {
        amount: 2_000_000,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '99887766554', routing_number: '021000021' },
        idempotency_key: crypto.randomUUID(),
      },
    });
    expect(submitted.status).toBe(201);
    const id = submitted.body.id as string;
    // The approvers heard of it when it was made; what follows is the expiry's own.
    sent.length = 0;
    clock = new Date(clock.getTime() + WEEK_MS);

    const reader = await as('admin');
    const maker = await as('finance');
    const before = await stored();
    const ids = async (status: string) =>
      ((await reader.get(`/api/team/approvals?status=${status}`)).body.data as { id: string }[]).map(
        (r) => r.id,
      );
    expect(await ids('pending')).not.toContain(id);
    expect(await ids('expired')).toContain(id);
    const all = (await reader.get('/api/team/approvals')).body.data as { id: string; status: string }[];
    expect(all.find((r) => r.id === id)?.status).toBe('expired');
    expect((await maker.get(`/api/team/approvals/${id}`)).body.status).toBe('expired');
    // The reads wrote nothing: no status, no line, no mail.
    expect(await stored()).toEqual(before);
    expect(await trail('approval.expire')).toEqual([]);
    expect(sent).toEqual([]);

    expect(await sweep(server.team, null)).toEqual({ expired: 1, resumed: 0 });
    expect((await stored()).approvals.find((r) => r.id === id)?.status).toBe('expired');
    expect(await trail('approval.expire')).toEqual([{ targets: id, role: 'console' }]);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [member('finance').email, expect.stringContaining('expired')],
    ]);
    // Its link goes where the maker submitted it.
    expect(sent[0]?.text).toContain(`http://localhost/approvals/${id}`);
    expect(await sweep(server.team, null)).toEqual({ expired: 0, resumed: 0 });
    expect(await trail('approval.expire')).toHaveLength(1);
  });

  it('a decision that meets a request past its deadline writes the expiry down once, refused; the sweep finds it done', async () => {
    const finance = await as('finance');
    const made = async () =>
      (
        await finance.post('/api/team/approvals', {
          payment: {
            amount: 2_500_000,
            platform: 'ach',
            user_id: tenant.users[0]?.id,
            ach_info: { account_number: '99887766554', routing_number: '021000021' },
            idempotency_key: crypto.randomUUID(),
          },
        })
      ).body.id as string;
    const approved = await made();
    const withdrawn = await made();
    clock = new Date(clock.getTime() + WEEK_MS);
    const admin = await as('admin');
    const maker = await as('finance');
    const late = await admin.post(`/api/team/approvals/${approved}/approve`, {});
    expect(late.status).toBe(409);
    expect(late.body.error_code).toBe('request-expired');
    const back = await maker.post(`/api/team/approvals/${withdrawn}/withdraw`, {});
    expect(back.status).toBe(409);
    expect(back.body.error_code).toBe('request-expired');
    const lines = (await trail('approval.expire')).map((line) => line.targets);
    expect(lines).toEqual(expect.arrayContaining([approved, withdrawn]));
    expect(await sweep(server.team, null)).toEqual({ expired: 0, resumed: 0 });
    expect((await trail('approval.expire')).length).toBe(lines.length);
  });

  it('a team request: expired to every reader at its deadline, refused to the confirming admin; the sweep writes it down once', async () => {
    const org = await ensureOrganization(db, { clientId: tenant.client_id, name: 'O', sandboxApiKey: null });
    const second = {
      email: `second@${tenant.client_id.slice(0, 8)}.example`,
      password: 'second-admin-password',
    };
    await insertMember(db, { orgId: org.id, name: 'Second', role: 'admin', ...second }, clock);
    const admin = await as('admin');
    const proposed = await admin.put('/api/team/policy', {
      enabled: true,
      limit_cents: 50_000,
      approvals_needed: 1,
    });
    expect(proposed.status).toBe(202);
    const id = proposed.body.request.id as string;
    clock = new Date(clock.getTime() + WEEK_MS);

    const reader = await as('admin');
    const other = caller(server.app, await server.signIn(second));
    const before = await stored();
    const ids = async (status: string) =>
      ((await reader.get(`/api/team/team-requests?status=${status}`)).body.data as { id: string }[]).map(
        (r) => r.id,
      );
    expect(await ids('pending')).not.toContain(id);
    expect(await ids('expired')).toContain(id);
    expect((await reader.get('/api/team/policy')).body.proposal).toBeNull();
    expect(await stored()).toEqual(before);
    expect(await trail('team-request.expire')).toEqual([]);

    const late = await other.post(`/api/team/team-requests/${id}/confirm`, {});
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      error_code: 'team-request-decided',
      message: 'This request is expired already',
    });

    expect((await sweep(server.team, null)).expired).toBe(1);
    expect((await stored()).team.find((r) => r.id === id)?.status).toBe('expired');
    expect(await trail('team-request.expire')).toEqual([{ targets: id, role: 'console' }]);
    expect((await sweep(server.team, null)).expired).toBe(0);
  });
});
