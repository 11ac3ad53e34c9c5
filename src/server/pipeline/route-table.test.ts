import { afterAll, describe, expect, it } from 'vitest';
import { isAuditAction } from '../../lib/audit-actions';
import { ACCESS_LEVELS, can, ROLES } from '../../lib/roles';
import { ensureOrganization, insertMember } from '../members/members';
import { caller, teamConsole } from '../test/console';
import { teamRouteTable } from './route-tables';
import { describeRequest, V2_ROWS } from './v2-table';

/**
 * Every route the console server answers has a permission: the team's API from its tables (pipeline/route-tables.ts), `/v2` from
 * its rows (pipeline/v2-table.ts). A route added outside them fails the first test; each role against each route of the table, the
 * second.
 */

/** What the server answers outside the team's table, each with why it needs no permission of its own. */
const OUTSIDE_THE_TABLE: Record<string, { count: number; why: string }> = {
  'ALL /*': { count: 3, why: 'middleware (the request log and metrics; security headers; static files)' },
  'GET /healthz': { count: 1, why: 'public: the process serves (ops/routes.ts), saying nothing more' },
  'GET /readyz': { count: 1, why: 'public: which readiness check failed, in general words (ops/routes.ts)' },
  'ALL /metrics': { count: 1, why: 'its bearer token when METRICS_TOKEN is set; else a 404 (ops/routes.ts)' },
  'ALL /v2/*': {
    count: 3,
    why: 'the exposure guard, the NUL check of the URL and the /v2 gate (v2-table.ts)',
  },
  'POST /v2/*': { count: 1, why: 'the body limit (a method with a body)' },
  'PUT /v2/*': { count: 1, why: 'the body limit (a method with a body)' },
  'PATCH /v2/*': { count: 1, why: 'the body limit (a method with a body)' },
  'DELETE /v2/*': { count: 1, why: 'the body limit (a method with a body)' },
  'ALL /v2': { count: 3, why: 'the exposure guard, the NUL check of the URL and the /v2 gate' },
  'ALL /api/team/*': {
    count: 4,
    why: 'the exposure guard, the NUL check of the URL, no-store on every answer, and the 404 of a route the table does not have',
  },
  'ALL /sandbox/*': {
    count: 2,
    why: 'the exposure guard, then the sandbox helpers (sandbox mode, loopback only)',
  },
  'POST /sandbox/tenants': { count: 1, why: 'a sandbox helper: a test tenant with its team' },
  'POST /sandbox/transfers/:id/advance': {
    count: 1,
    why: "a sandbox helper: a transfer moved, told to its tenant's open pages (live/sandbox-advance.ts)",
  },
  'GET /config.json': { count: 1, why: 'public: where requests go, before sign-in' },
  'POST /events/:client_id': {
    count: 1,
    why: "the service's events: the Standard Webhooks signature is the credential (events/verify.ts)",
  },
  'ALL /assets/*': { count: 2, why: 'public: the built console’s files' },
  'GET /*': { count: 1, why: 'public: the console’s page' },
  'GET /flow/*': {
    count: 1,
    why: "public: a hosted flow's page, for its payee (the link's token is the key)",
  },
  'POST /flow/*': { count: 1, why: "public: a hosted flow's form, CSRF-bound to the link" },
};

/** The stream of changes never ends by itself: its status (and a refusal's body) is the answer. */
async function streamOpened(
  app: { request: (path: string, init?: RequestInit) => Promise<Response> | Response },
  path: string,
  authorization: string,
) {
  const answer = await app.request(path, { headers: { Authorization: authorization } });
  if (answer.status === 200) {
    await answer.body?.cancel();
    return { status: 200, body: {}, text: '' };
  }
  const text = await answer.text();
  return { status: answer.status, body: JSON.parse(text), text };
}

describe('the route table', async () => {
  const server = await teamConsole();
  afterAll(() => server.close());
  const table = teamRouteTable(null);

  it('lists every route of the server, each with a permission and an action of the trail', () => {
    const tableKeys = new Set(table.map((route) => `${route.method} /api/team${route.path}`));
    const outside = new Map<string, number>();
    for (const { method, path } of server.app.routes) {
      const key = `${method} ${path}`;
      if (!tableKeys.has(key)) outside.set(key, (outside.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(outside)).toEqual(
      Object.fromEntries(Object.entries(OUTSIDE_THE_TABLE).map(([key, { count }]) => [key, count])),
    );
    for (const route of table) {
      expect(ACCESS_LEVELS, `${route.method} ${route.path}`).toContain(route.access);
      expect(isAuditAction(route.action), route.action).toBe(true);
    }
    for (const row of V2_ROWS) {
      expect(describeRequest(row.method, row.path.replaceAll('*', 'x'))).toMatchObject({
        permission: row.permission,
      });
      expect(isAuditAction(row.action)).toBe(true);
    }
    // A write of the service the console does not use is closed to all but admins (and refused all the same).
    expect(describeRequest('POST', '/v2/users/8a1c7c52-5cde-4bd5-9b68-2d0c1a5a2f11').permission).toBe(
      'admin',
    );
  });

  const tenant = await server.tenant({ approval_limit_cents: 100_000 });
  const org = await ensureOrganization(server.team.database.db, {
    clientId: tenant.client_id,
    name: 'O',
    sandboxApiKey: null,
  });
  /** A member for the member routes to act on, so that no case changes another's member. */
  const target = await insertMember(server.team.database.db, {
    orgId: org.id,
    email: `target@${tenant.client_id}.example`,
    name: 'Target',
    role: 'viewer',
    password: 'target-password',
  });
  const bodies: Record<string, unknown> = {
    'POST /sessions': { email: 'nobody@example.com', password: 'wrong' },
    'POST /invitations/:token': { password: 'a long enough password' },
    'POST /totp': {},
    'POST /totp/confirm': { code: '123456' },
    'POST /members': { email: `new-${Date.now()}@example.com`, name: 'New', role: 'viewer' },
    'PATCH /members/:id': { status: 'disabled' },
    'POST /team-requests/:id/reject': { reason: 'No' },
    'PUT /policy': { enabled: true, limit_cents: 100_000, approvals_needed: 1 },
    'POST /approvals': {
      payment: {
        amount: 100,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '99887766554', routing_number: '021000021' },
        idempotency_key: 'route-table',
      },
    },
    'POST /approvals/:id/reject': { reason: 'No' },
  };
  const cases = table.flatMap((route) =>
    ROLES.map((role) => ({ route, role, label: `${role} ${route.method} ${route.path}` })),
  );

  it.each(cases)('$label', async ({ route, role }) => {
    const member = tenant.members.find((m) => m.role === role);
    if (!member) throw new Error(role);
    const authorization = await server.signIn(member);
    const as = caller(server.app, authorization);
    const path = `/api/team${route.path}`
      .replace(':id', route.path.startsWith('/members') ? target.id : crypto.randomUUID())
      .replace(':token', 'no-such-token');
    const key = `${route.method} ${route.path}`;
    const answer =
      key === 'GET /events'
        ? await streamOpened(server.app, path, authorization)
        : route.method === 'GET'
          ? await as.get(path)
          : route.method === 'DELETE'
            ? await as.delete(path)
            : route.method === 'PUT'
              ? await as.put(path, bodies[key] ?? {})
              : route.method === 'PATCH'
                ? await as.patch(path, bodies[key] ?? {})
                : await as.post(path, bodies[key] ?? {});
    const allowed = route.access === 'public' || route.access === 'session' || can(role, route.access);
    if (allowed) {
      expect(answer.status, answer.text).not.toBe(403);
      expect(answer.status, answer.text).toBeLessThan(500);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.body.error_code).toBe('forbidden-for-role');
    }
  });
});
