import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../../sandbox/test/harness';
import { totpCode } from '../identity/totp';
import { ensureOrganization, insertMember } from '../members/members';
import { caller, teamConsole } from '../test/console';
import { BACKENDS } from '../test/databases';

/** Bad input gets a 4xx in the error shape, at the field at fault: never a 5xx, never a guess. */

const payment = (userId: string, cents: number, extra: Record<string, unknown> = {}) => ({
  amount: cents,
  platform: 'ach',
  user_id: userId,
  ach_info: { account_number: '99887766554', routing_number: '021000021' },
  idempotency_key: crypto.randomUUID(),
  ...extra,
});

describe('bad input to the console server', async () => {
  const server = await teamConsole();
  const tenant = await server.tenant({ approval_limit_cents: 100_000 });
  const member = (role: string) =>
    tenant.members.find((m) => m.role === role) ?? { email: '', password: '', id: '' };
  const admin = caller(server.app, await server.signIn(member('admin')));
  const finance = caller(server.app, await server.signIn(member('finance')));
  const userId = tenant.users[0]?.id ?? '';
  afterAll(() => server.close());

  it('refuses a date that is not on the calendar, and an action the trail cannot hold', async () => {
    for (const query of ['from=2020-13-45', 'to=2021-02-30', 'action=payment.delete']) {
      const answer = await admin.get(`/api/team/audit?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error_code: 'invalid-request',
        errors: [{ path: query.split('=')[0] }],
      });
    }
    expect((await admin.get('/api/team/audit?from=2024-02-29&action=')).status).toBe(200);
  });

  it('makes the TOTP secret itself: a secret sent by the client is refused, at its field', async () => {
    const answer = await finance.post('/api/team/totp/confirm', {
      secret: 'not base32 at all!',
      code: '123456',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: '(body)', message: 'Unknown field(s): secret' }]);
  });

  it('asks for the current code or the password before an authenticator is replaced', async () => {
    const org = await ensureOrganization(server.team.database.db, {
      clientId: tenant.client_id,
      name: 'O',
      sandboxApiKey: null,
    });
    const old = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const given = { email: `totp@${tenant.client_id}.example`, password: 'totp-member-password' };
    await insertMember(server.team.database.db, {
      orgId: org.id,
      name: 'T',
      role: 'viewer',
      ...given,
      totpSecret: old,
    });
    const me = caller(server.app, await server.signIn({ ...given, totp: totpCode(old) }));
    expect((await me.post('/api/team/totp', {})).status).toBe(403);
    expect((await me.post('/api/team/totp', { password: 'a wrong password' })).status).toBe(403);
    const started = await me.post('/api/team/totp', { password: given.password });
    expect(started.status).toBe(200);
    expect(started.body.secret).not.toBe(old);
    expect((await me.post('/api/team/totp/confirm', { code: totpCode(started.body.secret) })).status).toBe(
      200,
    );
    // The old authenticator no longer signs in; the new one does.
    await expect(server.signIn({ ...given, totp: totpCode(old, Date.now() + 120_000) })).rejects.toThrow(
      /401/,
    );
    await server.signIn({ ...given, totp: totpCode(started.body.secret) });
    // With the current code instead of the password.
    expect((await me.post('/api/team/totp', { code: totpCode(started.body.secret) })).status).toBe(200);
  });

  it('checks a payment waiting for approval as the service would: no payer or source is a 400, not a request', async () => {
    const { user_id: _payer, ach_info: _source, ...bare } = payment(userId, 150_000);
    const answer = await finance.post('/api/team/approvals', { payment: bare });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'payment.user_id', message: 'Give exactly one of user_id or customer_id' },
        { path: 'payment.ach_info', message: 'Give exactly one of ach_info or account_id' },
      ]),
    );
    const file = await finance.post('/api/team/approvals', {
      rows: [payment(userId, 90_000), { ...payment(userId, 90_000), amount: -5 }],
      file_sha256: 'f'.repeat(64),
    });
    expect(file.status).toBe(400);
    expect(file.body.errors[0].path).toBe('rows.1.amount');
    expect((await finance.get('/api/team/approvals?status=pending')).body.data).toEqual([]);
  });

  it('computes a file’s warnings itself, by the maker’s row numbers, and refuses warnings from the client', async () => {
    const sent = await finance.post('/api/team/approvals', {
      rows: [payment(userId, 90_000)],
      file_sha256: 'f'.repeat(64),
      warnings: ['All fine, nothing to see'],
    });
    expect(sent.status).toBe(400);
    const twice = { ...payment(userId, 60_000) };
    const made = await finance.post('/api/team/approvals', {
      rows: [twice, { ...twice, idempotency_key: crypto.randomUUID() }],
      row_numbers: [3, 7],
      file_sha256: 'f'.repeat(64),
    });
    expect(made.status).toBe(201);
    expect(made.body.warnings).toEqual(['Row 7 repeats row 3: the same payer, amount and account']);
  });

  it('answers a body that is not JSON with one code, on its own routes and on /v2, as the service does', async () => {
    const authorization = await server.signIn(member('finance'));
    for (const path of ['/api/team/approvals', '/v2/payments']) {
      const answer = await server.app.request(path, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: '{"amount": 100,',
      });
      expect(answer.status, path).toBe(400);
      expect((await answer.json()).error_code, path).toBe('malformed-json');
    }
  });

  it('answers a /v2 write sent as text/plain with 415, as the service does, and moves nothing', async () => {
    const authorization = await server.signIn(member('finance'));
    const body = JSON.stringify(payment(userId, 4_444));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await server.app.request('/v2/payments', {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': type },
        body,
      });
      expect(answer.status, type).toBe(415);
      expect(await answer.json()).toMatchObject({ success: false, error_code: 'unsupported-media-type' });
    }
    const listed = await finance.get('/v2/transfers?limit=100');
    expect(listed.body.data.filter((t: { amount: number }) => t.amount === 4_444)).toEqual([]);
    expect(
      (
        await server.app.request('/v2/payments', {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/json; charset=utf-8' },
          body,
        })
      ).status,
    ).toBe(201);
  });

  it('answers an unknown route of its API with a 404 in the error shape, not the console’s page', async () => {
    for (const path of ['/api/team/nowhere', '/api/team/members/x/y/z', '/api/team']) {
      const answer = await admin.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toContain('application/json');
      expect(answer.body, path).toMatchObject({ success: false, error_code: 'route-not-found' });
    }
  });

  it('refuses a body above the limit from its declared length, before reading it', async () => {
    const served = await listen(server.app);
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${served.url}/v2/payments`, {
          method: 'POST',
          headers: {
            Authorization: 'Basic eDp5',
            'Content-Type': 'application/json',
            'Content-Length': String(30 * 1024 * 1024),
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
        // One kilobyte of the 30 MiB declared, and no more: an answer can only come if nothing waits for the rest.
        req.write('x'.repeat(1024));
      });
      expect(status).toBe(413);
    } finally {
      await served.close();
    }
  });
});

describe.each(BACKENDS)('the red team’s bad input on $name', async (backend) => {
  const database = await backend.open();
  const server = await teamConsole({ database });
  const tenant = await server.tenant();
  const member = (role: string) =>
    tenant.members.find((m) => m.role === role) ?? { email: '', password: '', id: '' };
  const admin = caller(server.app, await server.signIn(member('admin')));
  const finance = caller(server.app, await server.signIn(member('finance')));
  const viewer = caller(server.app, await server.signIn(member('viewer')));
  const anyone = caller(server.app, '');
  const userId = tenant.users[0]?.id ?? '';
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const refusedLines = () =>
    database.db.selectFrom('audit_events').selectAll().where('status', '=', 400).execute();

  it('refuses a NUL in a path, a query or a body with a 400 in the error shape and a line, never a 5xx', async () => {
    const before = (await refusedLines()).length;
    const id = crypto.randomUUID();
    const answers = [
      await viewer.post('/v2/foo%00bar', {}),
      await viewer.get('/v2/transfers?starting_after=%00'),
      await anyone.post('/api/team/sessions', { email: 'a\u0000@b.c', password: 'x' }),
      await anyone.post('/api/team/sessions', { email: `${member('viewer').email}\u0000`, password: 'x' }),
      await finance.post(`/api/team/approvals/${id}/reject`, { reason: 'no\u0000' }),
      await finance.post('/api/team/approvals/a%00b/approve'),
      await admin.patch('/api/team/members/a%00b', { role: 'viewer' }),
      await admin.post('/api/team/members', { email: 'n@x.example', name: 'a\u0000b', role: 'viewer' }),
      await anyone.get('/api/team/invitations/a%00b'),
      await admin.get('/api/team/audit?member=%00'),
      await admin.post('/api/team/team-requests/%00/confirm'),
      await admin.post('/api/team/members/%00/password-reset'),
      await finance.post('/v2/payments', payment(userId, 100, { metadata: { note: 'x\u0000' } })),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.success, answer.text).toBe(false);
      expect(answer.body.errors?.[0]?.message ?? '', answer.text).toContain('NUL');
    }
    expect((await refusedLines()).length - before).toBe(answers.length);
  });

  it('refuses a body nested deeper than it needs with a 400 and a line, on /v2, its own routes and the sandbox, never a 5xx', async () => {
    const before = (await refusedLines()).length;
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const send = (path: string, method: string, authorization: string) =>
      server.app.request(path, {
        method,
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: deep,
      });
    const finance = await server.signIn(member('finance'));
    const admin = await server.signIn(member('admin'));
    const answers = [
      await send(`/v2/users/${userId}`, 'PATCH', finance),
      await send('/v2/flows', 'POST', admin),
      await send(`/v2/users/${userId}/payout-methods`, 'PUT', finance),
      await send('/v2/payments', 'POST', finance),
      await send('/api/team/approvals', 'POST', finance),
      await send('/sandbox/faults', 'POST', ''),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, error_code: 'body-too-deep' });
    }
    // Each /v2 write refused is a line of the trail, as a body too large is.
    expect((await refusedLines()).length - before).toBeGreaterThanOrEqual(4);
    // A body as deep as the limit is read as before: the service answers it in its own words.
    const atLimit = await server.app.request(`/v2/users/${userId}`, {
      method: 'PATCH',
      headers: { Authorization: finance, 'Content-Type': 'application/json' },
      body: `{"first_name":${'['.repeat(63)}${']'.repeat(63)}}`,
    });
    expect(atLimit.status).toBeLessThan(500);
    expect(((await atLimit.json()) as { error_code?: string }).error_code).not.toBe('body-too-deep');
  });

  it('keeps amounts above 2^31 cents: a policy, a daily limit, a file that waits and a batch held with a line', async () => {
    const policy = await admin.put('/api/team/policy', {
      enabled: true,
      limit_cents: 3_000_000_000,
      approvals_needed: 1,
      member_daily_limit_cents: 3_000_000_000,
    });
    expect(policy.status, policy.text).toBeLessThan(300);
    await admin.put('/api/team/policy', { enabled: true, limit_cents: 1_000_000, approvals_needed: 1 });
    const items = Array.from({ length: 30 }, () => ({
      user_id: userId,
      amount: 100_000_000,
      platform: 'default',
      fund: true,
      idempotency_key: crypto.randomUUID(),
    }));
    const batch = await finance.post('/v2/payout-batches', { items });
    expect(batch.status, batch.text).toBe(403);
    expect(batch.body.error_code).toBe('approval-required');
    const line = await database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'payout-batch.create')
      .where('status', '=', 403)
      .executeTakeFirstOrThrow();
    expect(Number(line.amount_cents)).toBe(3_000_000_000);
    const file = await finance.post('/api/team/approvals', {
      payouts: items,
      file_sha256: 'a'.repeat(64),
    });
    expect(file.status, file.text).toBe(201);
    expect(file.body.amount).toBe(3_000_000_000);
    const audit = await admin.get('/api/team/audit?before=99999999999');
    expect(audit.status).toBe(400);
    expect(audit.body.errors[0].path).toBe('before');
  });
});
