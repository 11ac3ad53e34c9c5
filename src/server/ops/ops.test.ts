import { afterAll, describe, expect, it } from 'vitest';
import { logMoneyEvents } from '../pipeline/request-log';
import { caller, teamConsole } from '../test/console';
import { captureLog } from '../test/quiet-log';
import { achPayment } from '../test/tenants';

const TOKEN = 'a-scraper-token-of-enough-length-0123';

describe('health, readiness and metrics of the console server', async () => {
  const server = await teamConsole({ server: { metricsToken: TOKEN } });
  afterAll(() => server.close());

  it('answers /healthz and /readyz without credentials, saying nothing but which checks passed', async () => {
    const health = await server.app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await server.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', audit_trail: 'ok', upstream: 'ok' },
    });
  });

  it('keeps /metrics from the public listener without its token', async () => {
    expect((await server.app.request('/metrics')).status).toBe(401);
    const wrong = await server.app.request('/metrics', {
      headers: { Authorization: 'Bearer not-the-token' },
    });
    expect(wrong.status).toBe(401);
    const noToken = await teamConsole();
    try {
      const answer = await noToken.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('console_');
    } finally {
      await noToken.close();
    }
  });

  it('counts a payment by kind, outcome and cents, and the request by its route', async () => {
    const scrape = async () => {
      const answer = await server.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const read = (text: string, series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : 0;
    };
    const before = await scrape();
    const tenant = await server.tenant();
    const finance = tenant.members.find((m) => m.role === 'finance');
    if (!finance) throw new Error('a test tenant has a finance member');
    const member = caller(server.app, await server.signIn(finance));
    const paid = await member.post('/v2/payments', achPayment(tenant.users[0]?.id ?? '', 12_345));
    expect(paid.status).toBe(201);
    const after = await scrape();
    const sends = 'console_money_sends_total{kind="payment",outcome="ok"}';
    const cents = 'console_money_cents_total{kind="payment",outcome="ok"}';
    expect(read(after, sends) - read(before, sends)).toBe(1);
    expect(read(after, cents) - read(before, cents)).toBe(12_345);
    expect(
      read(after, 'console_http_requests_total{route="POST /v2/payments",status="201"}'),
    ).toBeGreaterThan(0);
    expect(after).toContain('console_audit_lines_total{outcome="ok"}');
    expect(after).toContain('console_approvals_waiting ');
  });

  it('is not ready when its database does not answer', async () => {
    const other = await teamConsole();
    await other.team.database.close();
    const ready = await other.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'not ready',
      checks: { database: 'the console database does not answer' },
    });
    // The process still serves.
    expect((await other.app.request('/healthz')).status).toBe(200);
    other.sandbox?.close();
  });
});

describe('the log of a member’s day', async () => {
  const server = await teamConsole();
  afterAll(() => server.close());

  it('is one JSON line per request with its id, member, route, status and time, and holds no secret', async () => {
    const captured = captureLog();
    const stopMoneyLines = logMoneyEvents();
    try {
      const tenant = await server.tenant({ approval_limit_cents: 100_000 });
      const finance = tenant.members.find((m) => m.role === 'finance');
      if (!finance) throw new Error('a test tenant has a finance member');
      const authorization = await server.signIn(finance);
      const member = caller(server.app, authorization);
      const payment = achPayment(tenant.users[0]?.id ?? '', 4_200);
      const paid = await server.app.request('/v2/payments', {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify(payment),
      });
      expect(paid.status).toBe(201);
      // The id a support ticket quotes: the one the answer carries (no client sent one).
      const quoted = paid.headers.get('x-request-id');
      // A request the console answers itself (a payment above the limit, sent for approval): its trail line carries
      // the id its answer and its log line carry, though no client sent one and the service made none.
      const submitted = await server.app.request('/api/team/approvals', {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ payment: achPayment(tenant.users[0]?.id ?? '', 125_000) }),
      });
      expect(submitted.status, await submitted.clone().text()).toBe(201);
      const submittedId = submitted.headers.get('x-request-id') ?? '';
      const trailed = await server.team.database.db
        .selectFrom('audit_events')
        .select(['action', 'request_id'])
        .where('request_id', '=', submittedId)
        .execute();
      expect(trailed.map((row) => row.action)).toEqual(['approval.submit']);
      const flow = await member.post('/v2/flows', { user_id: tenant.users[0]?.id, steps: ['compliance'] });
      expect(flow.status).toBe(200);
      // The payee opens their one-time link: its token is in the path, and must not reach the log.
      const flowPath = new URL(flow.body.link).pathname;
      expect((await server.app.request(flowPath)).status).toBe(200);
      const secrets = [
        finance.password,
        authorization.slice('Basic '.length),
        Buffer.from(authorization.slice('Basic '.length), 'base64').toString().split(':')[1] ?? '',
        tenant.api_key,
        payment.ach_info.account_number,
        flowPath.split('/').pop() ?? '',
      ].filter((s) => s.length >= 6);
      const text = captured.lines.join('\n');
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).toContain('GET /flow/:token');
      const requests = captured.parsed().filter((l) => l.kind === 'request');
      const paymentLine = requests.find((l) => l.route === 'POST /v2/payments');
      expect(paymentLine).toMatchObject({
        status: 201,
        member_id: expect.stringMatching(/^mem_/),
        request_id: quoted,
        duration_ms: expect.any(Number),
      });
      const money = captured.parsed().find((l) => l.kind === 'money');
      expect(money).toMatchObject({
        action: 'payment.create',
        outcome: 'ok',
        amount_cents: 4_200,
        request_id: quoted,
        member_id: paymentLine?.member_id,
      });
    } finally {
      stopMoneyLines();
      captured.restore();
    }
  });
});
