import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Role } from '../lib/roles';
import { bodyLimitOf, limitBodySize } from '../node/body-limit';
import { guardLocalExposure } from '../node/local-exposure';
import { securityHeaders } from '../node/security-headers';
import type { Sandbox } from '../sandbox/app';
import { AuditChainBroken } from './audit/witness';
import { isProductionUpstream, type ServerConfig } from './config';
import { invalidFields, routeNotFound } from './errors';
import { eventRoutes } from './events/routes';
import { eventSecrets } from './events/secrets';
import { subscribeTestTenant } from './events/subscribe';
import { type Forward, teamGate, undeclared } from './gate/gate';
import { proxyTo } from './gate/proxy';
import { type CallService, RuleCheckUnavailable, ruleCheckUnavailable } from './gate/service-calls';
import type { ChangeSink } from './live/changes';
import { tellAdvancedTransfer } from './live/sandbox-advance';
import { MAILBOX_PATH, mailboxPage } from './mail/outbox';
import { DEMO_MEMBERS } from './members/demo';
import { teamForTenant } from './members/sandbox-team';
import { flowPagesRoute } from './onboarding/routes';
import { consoleMetrics } from './ops/metrics';
import { teamReadiness, type UpstreamProbe } from './ops/readiness';
import { healthRoutes, metricsRoute } from './ops/routes';
import { giveApUsers } from './payables/sandbox-ap-users';
import { answerRefusal, answerTrailBroken } from './pipeline/answer';
import { writeEarlyRefusal } from './pipeline/early-refusals';
import { nulInUrl, nulRefusal } from './pipeline/nul';
import { requestLog } from './pipeline/request-log';
import { teamRoutes, teamRouteTable } from './pipeline/route-tables';
import { rowOf } from './pipeline/v2-table';
import { mountSpa } from './spa';
import type { Team } from './team';

/** Until a stream to open pages is given, an applied event is recorded and told to no page. */
/** A test tenant's approval limit unless POST /sandbox/tenants says otherwise: $10,000.00, one approval. */
const TEST_TENANT_APPROVAL_LIMIT = 1_000_000;

/** What the console learns at start-up from GET /config.json: where its requests go and how operators sign in. */
export interface ConsoleRuntimeConfig {
  mode: 'sandbox' | 'upstream';
  upstream?: string;
  production: boolean;
  /** Members sign in with email and password; false: operators sign in with the organization's key. */
  team: boolean;
  /** Sandbox mode only: the demo organization's members and their published passwords, for the sign-in page. */
  demo?: { members: { email: string; password: string; role: Role; name: string }[] };
  /** The console server sends mail (SMTP_URL): onboarding links that move money can reach their payee. */
  mail: boolean;
  /** Sandbox mode without SMTP_URL: where the demo's payees' mail is read (the sandbox's own mailbox). */
  mailbox?: string;
  /** The console signs out after this long without interaction (IDLE_TIMEOUT_MS). */
  idle_timeout_ms: number;
  /** The console stops waiting for an answer after this long (REQUEST_TIMEOUT_MS): the outcome is then unknown. */
  request_timeout_ms: number;
  /** Members may sign in through the company's identity provider (OIDC_ISSUER), named so on the sign-in page. */
  sso?: { name: string };
}

export function runtimeConfig(config: ServerConfig, team: Team | null): ConsoleRuntimeConfig {
  const timeouts = {
    mail: Boolean(team?.mailer ?? team?.outbox),
    ...(team?.outbox ? { mailbox: MAILBOX_PATH } : {}),
    idle_timeout_ms: config.idleTimeoutMs,
    request_timeout_ms: config.requestTimeoutMs,
    ...(team?.sso ? { sso: { name: team.sso.rp.settings.providerName } } : {}),
  };
  if (!config.upstreamUrl) {
    return { mode: 'sandbox', production: false, team: true, demo: { members: DEMO_MEMBERS }, ...timeouts };
  }
  return {
    mode: 'upstream',
    upstream: config.upstreamUrl.host,
    production: isProductionUpstream(config.upstreamUrl),
    team: team?.teamMode ?? false,
    ...timeouts,
  };
}

/**
 * The request to send on: as it came, or with the body the gate already read (or the body check did: the bytes are
 * in Hono's cache then, and the request as it came has none left).
 */
async function withBody(c: Context, given: string | FormData | undefined): Promise<Request> {
  const body = given ?? (await c.req.bodyCache.arrayBuffer);
  if (body === undefined) return c.req.raw;
  if (!(body instanceof FormData))
    return new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body });
  // A form made again (a bill's invoice with the server's acting user): its own boundary and length.
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  return new Request(c.req.url, { method: c.req.method, headers, body });
}

/**
 * How the console server itself calls the payout service (to execute an approved request): the embedded sandbox
 * in-process, or upstream through the same proxy as the browser's requests.
 */
export function serviceCaller(config: ServerConfig, sandbox: Sandbox | null): CallService | null {
  if (sandbox) return (request) => Promise.resolve(sandbox.app.fetch(request, {}));
  if (!config.upstreamUrl) return null;
  const proxy = upstreamProxy(config, config.upstreamUrl);
  return (request) => proxy(request);
}

function upstreamProxy(config: ServerConfig, upstream: URL) {
  return proxyTo({
    upstream,
    timeoutMs: config.proxyTimeoutMs,
    maxResponseBytes: config.proxyMaxResponseBytes,
  });
}

/**
 * The console server: one origin for the SPA and its API, so the browser never talks to another host. `/v2` goes
 * through the team's gate (role check, the organization's credentials, the audit trail) to the embedded sandbox or
 * PAYOUT_API_URL; `/api/team` is the console server's own API (a prefix no page of the console uses, so that a reload of
 * /team or /approvals is always the page); `/sandbox` exists only in sandbox mode.
 */
export function createConsoleApp(
  config: ServerConfig,
  sandbox: Sandbox | null,
  team: Team | null = null,
  /** Upstream: the probe /readyz reads (main.ts starts it); null in sandbox mode or where nothing probes. */
  upstreamProbe: UpstreamProbe | null = null,
  /** Where applied events are told (the stream to open pages), and the environment of PAYOUT_EVENTS_SECRET. */
  events: { sink: ChangeSink; env?: NodeJS.ProcessEnv } | null = null,
): Hono {
  const app = new Hono();
  const metricsOn = config.metricsToken !== null || config.metrics !== null;
  app.use(requestLog({ metrics: metricsOn }));
  if (metricsOn && team) consoleMetrics().watchTeam(team);
  app.use(securityHeaders());
  // A line that could not be appended (the trail was cut under this server): the request is refused, never a success.
  app.onError((error, c) => {
    if (error instanceof AuditChainBroken) return answerTrailBroken(c);
    // A read a rule rests on that the service did not answer, wherever it was made: refused, never a success.
    if (error instanceof RuleCheckUnavailable) return answerRefusal(c, ruleCheckUnavailable());
    if (error instanceof HTTPException) return error.getResponse();
    console.error(error);
    return c.text('Internal Server Error', 500);
  });
  const runtime = runtimeConfig(config, team);
  const call = serviceCaller(config, sandbox);
  // What is refused before any route runs is a line of the trail too (the member named when there is one).
  const refusedEarly = team ? writeEarlyRefusal(team, teamRouteTable(call)) : undefined;
  const exposure = guardLocalExposure({
    allowedHosts: config.allowedHosts,
    sandboxHelpersForEveryone: config.sandboxHelpersForEveryone,
    ...(refusedEarly ? { onRefused: refusedEarly } : {}),
  });
  for (const path of ['/v2/*', '/v2', '/api/team/*', '/sandbox/*']) app.use(path, exposure);
  // A NUL in the path or the query is refused here, with a line (bodies are checked where they are read).
  for (const path of ['/v2/*', '/v2', '/api/team/*']) {
    app.use(path, async (c, next) => {
      const where = nulInUrl(c.req.url);
      if (!where) return next();
      const answer = answerRefusal(c, nulRefusal(where));
      await refusedEarly?.(c, 400);
      return answer;
    });
  }
  app.route('/', healthRoutes(team ? teamReadiness(team, upstreamProbe) : null));
  // Metrics on the public listener only behind their token; otherwise not here at all (METRICS_PORT serves them).
  app.route('/', metricsRoute(config.metricsToken));
  app.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    // Single sign-on is set on the team once its provider answered (start.ts): read at each request.
    return c.json(team?.sso ? runtimeConfig(config, team) : runtime);
  });
  if (team) app.route('/api/team', teamRoutes(team, call));
  if (team && call) {
    app.route(
      '/',
      eventRoutes({
        team,
        call,
        sink: events?.sink ?? team.live,
        secretsFor: eventSecrets(team.database.db, events?.env),
      }),
    );
  }
  // Not a page: an unknown route of the API (all of it, without a team) is answered in the error shape, never with
  // the console's index.html.
  app.all('/api/team/*', async (c) => {
    const answer = answerRefusal(c, routeNotFound(`No route ${c.req.method} ${c.req.path}`));
    await refusedEarly?.(c, 404);
    return answer;
  });
  // A body above the service's limit is refused from its declared length, before anything reads it. Only a method
  // with a body is limited: the check of a body without a declared length rebuilds the request as a stream, which
  // cost every read three quarters of its rate.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '/v2/*', limitBodySize(bodyLimitOf, refusedEarly));

  let forward: Forward | null = null;
  if (sandbox) {
    forward = (c, authorization, body) =>
      withBody(c, body).then((request) =>
        sandbox.app.fetch(request, authorization ? { ...c.env, authorization } : c.env),
      );
    if (team) {
      // A test tenant comes with its team: one member per role, passwords in the answer (sandbox only).
      app.post('/sandbox/tenants', async (c) => {
        // `approval_limit_cents` and `member_daily_limit_cents` are the console server's: the tenant's approval limit
        // (null: approvals off) and what one member may move alone in 24 hours (absent or null: no such limit).
        const given = (await c.req.json().catch(() => ({}))) as Record<string, unknown> | null;
        // `events: true` subscribes the tenant to the service's events, as the demo is (events/subscribe.ts).
        const {
          approval_limit_cents: limit = TEST_TENANT_APPROVAL_LIMIT,
          member_daily_limit_cents: daily = null,
          events: withEvents = false,
          ...forSandbox
        } = given && typeof given === 'object' ? given : {};
        const cents = (value: unknown) =>
          value === null || (Number.isSafeInteger(value) && (value as number) >= 0);
        const problems = [
          ...(cents(limit)
            ? []
            : [
                {
                  path: 'approval_limit_cents',
                  message: 'Cents (a whole number), or null for approvals off',
                },
              ]),
          ...(cents(daily)
            ? []
            : [{ path: 'member_daily_limit_cents', message: 'Cents (a whole number), or null for none' }]),
          ...(typeof withEvents === 'boolean' ? [] : [{ path: 'events', message: 'true or false' }]),
        ];
        if (problems.length > 0) return answerRefusal(c, invalidFields(problems));
        const response = await sandbox.app.fetch(
          new Request(c.req.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(forSandbox),
          }),
          c.env as never,
        );
        if (response.status !== 201) return response;
        const tenant = (await response.json()) as {
          client_id: string;
          api_key: string;
          organization: { name: string };
        };
        const members = await teamForTenant(
          team,
          { clientId: tenant.client_id, apiKey: tenant.api_key, name: tenant.organization.name },
          { approvalLimitCents: limit as number | null, memberDailyLimitCents: daily as number | null },
          TEST_TENANT_APPROVAL_LIMIT,
        );
        await giveApUsers(sandbox.app, tenant.client_id, members);
        if (withEvents === true && call)
          await subscribeTestTenant(team, call, tenant.client_id, config.publicUrl);
        return c.json({ ...tenant, members }, 201);
      });
    }
    const outbox = team?.outbox;
    if (outbox) {
      app.get(MAILBOX_PATH, (c) => {
        c.header('Cache-Control', 'no-store');
        return c.html(mailboxPage(outbox.messages()));
      });
    }
    if (team) {
      // The console subscribes to the sandbox's events for the demo organization only (events/start.ts); a test
      // tenant's transfer moved by the sandbox's helper is told to its open pages here, as its event would tell them.
      app.post('/sandbox/transfers/:id/advance', async (c) => {
        const answer = await sandbox.app.fetch(c.req.raw, c.env as never);
        if (answer.status === 200)
          await tellAdvancedTransfer(team, c.req.header('authorization'), await answer.clone().json());
        return answer;
      });
    }
    app.all('/sandbox/*', (c) => sandbox.app.fetch(c.req.raw, c.env as never));
    // A hosted flow's pages, for its payee (the link's token is the key; no member, no session): the sandbox's own
    // page and its own CSP, on the console's origin.
    // With a team, what a payee sends there is judged by who could have held the link, and written down
    // (onboarding/flow-pages.ts).
    const pages = (request: Request) => Promise.resolve(sandbox.app.fetch(request, {} as never));
    const guarded = team ? flowPagesRoute(team, call, pages) : (c: Context) => pages(c.req.raw);
    app.on(['GET', 'POST'], '/flow/*', async (c) => {
      const page = await guarded(c);
      const policy = page.headers.get('content-security-policy');
      if (policy) c.header('Content-Security-Policy', policy);
      return page;
    });
  } else if (config.upstreamUrl) {
    const proxy = upstreamProxy(config, config.upstreamUrl);
    forward = async (c, authorization, body) => proxy(await withBody(c, body), authorization);
    app.all('/sandbox/*', (c) =>
      answerRefusal(c, routeNotFound('The sandbox helpers exist only in sandbox mode')),
    );
  }
  if (forward) {
    const to = forward;
    const handler = team
      ? teamGate(team, to, call)
      : (c: Context) =>
          rowOf(c.req.method, new URL(c.req.url).pathname)
            ? to(c)
            : answerRefusal(c, undeclared(c.req.method, c.req.path));
    app.all('/v2/*', handler);
    app.all('/v2', handler);
  }
  if (config.staticDir) mountSpa(app, config.staticDir);
  return app;
}
