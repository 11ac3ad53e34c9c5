import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ensureOrganization, insertMember } from '../members/members';
import { basic, caller, type MemberCredentials, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';

/**
 * Onboarding through the console server, on each database it runs on: who may call each new /v2 route; where a
 * payee's money goes changes under four eyes (an insider's tries included); a payee's own change through a hosted
 * flow waits for no one; a ticket reaches the trail; a TIN reaches no line, log or row of the console's.
 */

type Role = MemberCredentials['role'];
const ACCOUNT = '000123456789';
const TIN = '521874963';
const W9 = {
  w9: {
    entity_type: 'individual',
    first_name: 'Rae',
    last_name: 'Payee',
    date_of_birth: '1990-04-01',
    tin: TIN,
    address: {
      line_1: '1 Market Street',
      city: 'San Francisco',
      state: 'CA',
      country: 'US',
      postcode: '94105',
    },
  },
};

let seq = 0;
const newUser = () => {
  seq += 1;
  const n = `${Date.now() % 100_000}${seq}`.padStart(7, '0').slice(-7);
  return {
    first_name: 'Rae',
    last_name: `P${seq}`,
    email: `rae${n}@example.com`,
    country_code: '1',
    phone_number: `415${n}`,
  };
};

describe.each(BACKENDS)('onboarding through the console server on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const db = server.team.database.db;

  async function organization(settings: Record<string, unknown> = {}) {
    const tenant = await server.tenant({ approval_limit_cents: 100_000, ...settings });
    const org = await ensureOrganization(db, { clientId: tenant.client_id, name: 'O', sandboxApiKey: null });
    const member = (role: Role) => tenant.members.find((m) => m.role === role) as MemberCredentials;
    const as = async (who: { email: string; password: string }) =>
      caller(server.app, await server.signIn(who));
    const add = async (role: Role, name: string) => {
      const credentials = {
        email: `${name}@${tenant.client_id.slice(0, 8)}.example`,
        password: `${name}-password-long`,
      };
      await insertMember(db, { orgId: org.id, name, role, ...credentials });
      return credentials;
    };
    const orgKey = caller(server.app, basic(tenant.client_id, tenant.api_key));
    return { tenant, org, member, as, add, orgKey, userId: tenant.users[0]?.id ?? '' };
  }

  it('roles: support onboards users and flows; finance also customers and apps; admin deletes and copies between apps', async () => {
    const o = await organization();
    const viewer = await o.as(o.member('viewer'));
    const support = await o.as(o.member('support'));
    const finance = await o.as(o.member('finance'));
    const admin = await o.as(o.member('admin'));
    const forbidden = (answer: { status: number; body: { error_code?: string } }) =>
      answer.status === 403 && answer.body.error_code === 'forbidden-for-role';
    const made = await support.post('/v2/users', newUser());
    expect(made.status, made.text).toBe(201);
    const user = made.body.id as string;
    const cases: [
      Role[],
      (who: ReturnType<typeof caller>) => Promise<{ status: number; body: { error_code?: string } }>,
    ][] = [
      [['support', 'finance', 'admin'], (w) => w.post('/v2/users', newUser())],
      [['support', 'finance', 'admin'], (w) => w.patch(`/v2/users/${user}`, { metadata: { note: 'x' } })],
      [['support', 'finance', 'admin'], (w) => w.put(`/v2/users/${user}/compliance`, W9)],
      [['support', 'finance', 'admin'], (w) => w.post(`/v2/users/${user}/send-verification-token`, {})],
      [['support', 'finance', 'admin'], (w) => w.post(`/v2/users/${user}/verify`, { token: '000000' })],
      [['support', 'finance', 'admin'], (w) => w.post('/v2/flows', { user_id: user, steps: ['compliance'] })],
      [
        ['finance', 'admin'],
        (w) => w.post('/v2/payment-customers', { business_name: 'Acme', email: 'a@acme.example' }),
      ],
      [['finance', 'admin'], (w) => w.post('/v2/apps', { name: 'Another app' })],
      [['finance', 'admin'], (w) => w.post(`/v2/apps/${o.tenant.apps[0]?.id}/kyb-flow`)],
      [['finance', 'admin'], (w) => w.put(`/v2/apps/${o.tenant.apps[0]?.id}/compliance`, {})],
      [
        ['admin'],
        (w) =>
          w.put('/v2/organizations/copy-compliance-information-between-apps', {
            source_app_id: o.tenant.apps[0]?.id,
            destination_app_id: o.tenant.apps[1]?.id,
          }),
      ],
    ];
    const whom: Record<Role, ReturnType<typeof caller>> = { viewer, support, finance, admin };
    for (const [allowed, send] of cases) {
      for (const role of ['viewer', 'support', 'finance', 'admin'] as Role[]) {
        const answer = await send(whom[role]);
        expect(forbidden(answer), `${role}: ${JSON.stringify(answer.body)}`).toBe(!allowed.includes(role));
      }
    }
    // A user's delete is admin's; the last, as it goes.
    for (const role of ['viewer', 'support', 'finance'] as Role[]) {
      expect(forbidden(await whom[role].delete(`/v2/users/${user}`))).toBe(true);
    }
    expect((await admin.delete(`/v2/users/${user}`)).status).toBe(200);
  });

  it("a flow's link, a bearer credential for the payee, leaves once: copied by its maker when it moves no money, and without mail no link that does", async () => {
    const o = await organization();
    const support = await o.as(o.member('support'));
    const made = await support.post('/v2/flows', { user_id: o.userId, steps: ['compliance'] });
    expect(made.body.link).toMatch(/\/flow\//);
    for (const role of ['viewer', 'support', 'finance', 'admin'] as const) {
      const reader = await o.as(o.member(role));
      expect(JSON.stringify((await reader.get('/v2/flows')).body)).not.toContain('/flow/');
      expect((await reader.get(`/v2/flows/${made.body.id}`)).body.link).toBeUndefined();
    }
    // This server sends no mail: a link that can change where the payee's money goes has no way to reach only them.
    const mailed = await support.post(
      '/v2/flows',
      { user_id: o.userId, steps: ['manage-payouts'] },
      { 'X-Console-Delivery': 'email' },
    );
    expect(mailed.status).toBe(409);
    expect(mailed.body.error_code).toBe('mail-not-configured');
  });

  it('a payout method added to a user by a member waits for a second member, who sees it whole but for an account number', async () => {
    const o = await organization();
    const finance = await o.as(o.member('finance'));
    const methods = async () =>
      (await o.orgKey.get(`/v2/users/${o.userId}/payout-methods`)).body as {
        platform: string;
        email?: string;
        mask?: string;
      }[];
    const before = await methods();
    const mine = { platform: 'paypal', email: 'fiona.own@evil.example' };
    const held = await finance.put(`/v2/users/${o.userId}/payout-methods`, mine);
    expect(held.status, held.text).toBe(202);
    expect(held.body.request).toMatchObject({
      operation: 'add-payout-method',
      status: 'pending',
      after: 'PayPal fiona.own@evil.example',
    });
    expect(await methods()).toEqual(before);
    // The maker cannot confirm it; support cannot; a viewer cannot.
    expect(
      (await finance.post(`/api/team/payee-requests/${held.body.request.id}/confirm`)).body.error_code,
    ).toBe('self-approval');
    for (const role of ['support', 'viewer'] as Role[]) {
      const other = await o.as(o.member(role));
      expect((await other.post(`/api/team/payee-requests/${held.body.request.id}/confirm`)).status).toBe(403);
    }
    // A bank account: whole only in the kept body while it may be applied; never answered.
    const bank = {
      platform: 'ach',
      account_number: ACCOUNT,
      routing_number: '021000021',
      account_type: 'checking',
    };
    const heldBank = await finance.put(`/v2/users/${o.userId}/payout-methods`, bank);
    expect(heldBank.status).toBe(202);
    const admin = await o.as(o.member('admin'));
    const listed = await admin.get('/api/team/payee-requests?status=pending');
    expect(listed.text).not.toContain(ACCOUNT);
    // A PayPal address is not a secret: its approver reads it whole, to tell it from a look-alike; the kept body
    // stays masked.
    const paypal = listed.body.data.find((r: { id: string }) => r.id === held.body.request.id);
    expect(paypal.after).toBe('PayPal fiona.own@evil.example');
    expect(paypal.body).toMatchObject({ email: 'f•••@evil.example' });
    const support = await o.as(o.member('support'));
    expect((await support.get('/api/team/payee-requests?status=pending')).text).not.toContain(ACCOUNT);
    const shown = listed.body.data.find((r: { id: string }) => r.id === heldBank.body.request.id);
    expect(shown.after).toBe('Checking •••• 6789 at JPMorgan Chase Bank');
    expect(shown.before.length).toBe(before.length);
    expect(shown.before.join(' ')).toMatch(/•••• \d{4}/);
    expect(shown.body).toMatchObject({ account_number_last4: '6789' });
    // A second finance member confirms: applied by the server from the stored body.
    const second = await o.as(await o.add('finance', 'frank'));
    const confirmed = await second.post(`/api/team/payee-requests/${held.body.request.id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.status).toBe('applied');
    expect((await methods()).some((m) => m.email === 'fiona.own@evil.example')).toBe(true);
    // Twice: once only.
    expect(
      (await admin.post(`/api/team/payee-requests/${held.body.request.id}/confirm`)).body.error_code,
    ).toBe('payee-request-decided');
    // The bank account is rejected; its number is gone from the store.
    expect(
      (
        await admin.post(`/api/team/payee-requests/${heldBank.body.request.id}/reject`, {
          reason: 'Not theirs',
        })
      ).status,
    ).toBe(200);
    const rows = await db
      .selectFrom('payee_requests')
      .select('body')
      .where('org_id', '=', o.org.id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(ACCOUNT);
    // The trail names the maker's proposal and the confirmation.
    const trail = (await admin.get('/api/team/audit?action=payee-request.propose')).body.data as {
      targets: string[];
    }[];
    expect(trail.length).toBeGreaterThanOrEqual(2);
  });

  it("an admin's change waits too; a default method is finance's and waits; approvals off, it is sent at once", async () => {
    const o = await organization();
    const admin = await o.as(o.member('admin'));
    const support = await o.as(o.member('support'));
    const finance = await o.as(o.member('finance'));
    const second = o.tenant.users[1]?.id;
    expect(
      (await admin.put(`/v2/users/${second}/payout-methods`, { platform: 'venmo', handle: 'adm' })).status,
    ).toBe(202);
    const bySupport = await support.patch(`/v2/users/${second}`, { default_payout_method: 'cash_app' });
    expect(bySupport.status).toBe(403);
    // Contact details and metadata are support's, and do not wait.
    expect((await support.patch(`/v2/users/${second}`, { metadata: { ticket: 'ZD-1' } })).status).toBe(200);
    const held = await finance.patch(`/v2/users/${second}`, { default_payout_method: 'cash_app' });
    expect(held.status).toBe(202);
    expect(held.body.request.description).toMatch(/^Make Cash App \$.*the default payout method of /);
    const read = async () => (await o.orgKey.get(`/v2/users/${second}`)).body.default_payout_method;
    expect(await read()).toBe('paypal');
    expect((await admin.post(`/api/team/payee-requests/${held.body.request.id}/confirm`)).status).toBe(200);
    expect(await read()).toBe('cash_app');

    // An email carried beside a default the payee has already: the approver reads it, and it is noted as the maker's
    // (a link mailed there is then not the payee's alone: onboarding/flow-links.ts).
    const email = `f.own.${o.tenant.client_id.slice(0, 6)}@evil.example`;
    const hidden = await finance.patch(`/v2/users/${second}`, { default_payout_method: 'cash_app', email });
    expect(hidden.status).toBe(202);
    expect(hidden.body.request.description).toContain(', and set their email to f•••@evil.example');
    expect((await admin.post(`/api/team/payee-requests/${hidden.body.request.id}/confirm`)).status).toBe(200);
    const notes = await server.team.database.db
      .selectFrom('member_set_emails')
      .select('member_id')
      .where('user_id', '=', second as string)
      .execute();
    expect(notes.length).toBeGreaterThan(0);
    expect([...new Set(notes.map((n) => n.member_id))]).toEqual([o.member('finance').id]);

    const off = await organization({ approval_limit_cents: null });
    const offFinance = await off.as(off.member('finance'));
    const direct = await offFinance.put(`/v2/users/${off.userId}/payout-methods`, {
      platform: 'paypal',
      email: 'direct@example.com',
    });
    expect(direct.status).toBe(200);
  });

  it("an email whose answer is a 5xx (the service may hold it) is noted as the member's all the same", async () => {
    const o = await organization();
    const support = await o.as(o.member('support'));
    const userId = o.userId;
    const armed = await server.app.request('/sandbox/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: o.tenant.client_id,
        method: 'PATCH',
        path_prefix: `/v2/users/${userId}`,
        status: 503,
      }),
    });
    expect(armed.status, await armed.text()).toBeLessThan(300);
    const answer = await support.patch(`/v2/users/${userId}`, {
      email: `late.${o.tenant.client_id.slice(0, 6)}@evil.example`,
    });
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const notes = await server.team.database.db
      .selectFrom('member_set_emails')
      .select('member_id')
      .where('user_id', '=', userId)
      .execute();
    expect(notes.map((n) => n.member_id)).toEqual([o.member('support').id]);
  });

  it('a ticket reaches the audit line and never the service; a TIN reaches no line, log or row', async () => {
    const o = await organization();
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi
        .spyOn(console, level)
        .mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))),
    );
    const session = await server.signIn(o.member('support'));
    const send = (method: string, path: string, body: unknown, ticket?: string) =>
      server.app.request(path, {
        method,
        headers: {
          Authorization: session,
          'Content-Type': 'application/json',
          ...(ticket ? { 'X-Console-Ticket': ticket } : {}),
        },
        body: JSON.stringify(body),
      });
    try {
      const answer = await send('PUT', `/v2/users/${o.userId}/compliance`, W9, 'ZD-4821');
      expect(answer.status).toBe(200);
      const refused = await send('PUT', `/v2/users/${o.userId}/compliance`, {
        w9: { ...W9.w9, tin: '666000000' },
      });
      expect(refused.status).toBe(400);
      expect(
        (await send('POST', `/v2/users/${o.userId}/send-verification-token`, {}, 'bad ticket!')).status,
      ).toBe(400);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const admin = await o.as(o.member('admin'));
    const trail = await admin.get('/api/team/audit?action=user.compliance.submit');
    const lines200 = trail.body.data.filter((l: { status: number }) => l.status === 200);
    expect(lines200.map((l: { detail: string }) => l.detail)).toEqual(['ticket ZD-4821']);
    expect(trail.text).not.toContain(TIN);
    expect(lines.join('\n')).not.toContain(TIN);
    const read = await o.orgKey.get(`/v2/users/${o.userId}`);
    expect(read.body.compliance.w9.tin_last4).toBe('4963');
    // Every row of every table of the console's database, as text.
    const tables = [
      'organizations',
      'members',
      'sessions',
      'audit_events',
      'approval_requests',
      'team_requests',
      'payee_requests',
      'flow_links',
      'member_set_emails',
    ];
    for (const table of tables) {
      const rows = await sql`select * from ${sql.table(table)}`.execute(db);
      expect(
        JSON.stringify(rows.rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
        table,
      ).not.toContain(TIN);
    }
  });
});
