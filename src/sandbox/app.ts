/*
 * The payout service, local and stateful: routes/ (HTTP; each route one domain call) -> domain/ (the rules; refusals
 * are DomainErrors, never HTTP) -> store/ (the SQL, and only there). docs/sandbox.md, "Structure", says how to add to
 * it; src/architecture.test.ts holds the layers.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { z } from 'zod';
import { bodyLimitOf, limitBodySize } from '../node/body-limit';
import { errorBody } from '../node/error-body';
import { securityHeaders } from '../node/security-headers';
import {
  DEFAULT_AUTH_FAILURE_LIMIT,
  DEFAULT_AUTH_FAILURE_WINDOW_MS,
  DEFAULT_EVENT_KEEP_MS,
  DEFAULT_EVENT_RETRY_BASE_MS,
  DEFAULT_EVENT_TIMEOUT_MS,
  DEFAULT_RATE_LIMIT_PER_SECOND,
  type SandboxConfig,
} from './config';
import { authenticate } from './domain/auth';
import { FailureWindow } from './domain/auth-limiter';
import { EventDelivery } from './domain/event-delivery';
import { FaultRegistry } from './domain/faults';
import { startSettleClock } from './domain/lifecycle';
import { PayoutBatchWorker } from './domain/payout-batches';
import { RateLimit } from './domain/rate-limit';
import { TransferBatchWorker } from './domain/transfer-batches';
import { faultInjection } from './faults';
import { accountsPayableRoutes } from './routes/accounts-payable';
import { appRoutes } from './routes/apps';
import { mountRoutes, type RouteDef } from './routes/define';
import { directoryRoutes } from './routes/directory';
import type { SandboxEnv } from './routes/env';
import { mountFlowPages } from './routes/flow-pages';
import { helperRoutes } from './routes/helpers';
import { HttpError, handleError } from './routes/http-error';
import { onboardingRoutes } from './routes/onboarding';
import { buildOpenApiDocument } from './routes/openapi';
import { organizationRoutes } from './routes/organizations';
import { paymentRoutes } from './routes/payments';
import { payoutRoutes } from './routes/payouts';
import { subscriptionRoutes } from './routes/subscriptions';
import { transferRoutes } from './routes/transfers';
import { userRoutes } from './routes/users';
import { walletRoutes } from './routes/wallets';
import type { Services } from './services';
import { openDatabase } from './store/db';
import { GroupCommit } from './store/group-commit';

/*
 * The sandbox's one door for a host (the console server mounts it in sandbox mode, src/server/app.ts): a host imports
 * this module only, so what it may use of the sandbox is here, and the rest stays the sandbox's own
 * (src/architecture.test.ts holds the console server to it).
 */
export { sandboxConfigFromEnv } from './config';
export { DEMO_CREDENTIALS, DEMO_NAME, ensureDemoTenant } from './seed';

/** Field messages that read well to a person; zod's defaults name JavaScript types. */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
    return undefined;
  },
});

export interface Sandbox {
  app: Hono<SandboxEnv>;
  services: Services;
  routes: readonly RouteDef[];
  close(): void;
}

export interface SandboxOptions {
  config: Partial<SandboxConfig> & Pick<SandboxConfig, 'dbFile'>;
  now?: () => number;
  /** Runs before everything else (the standalone server's exposure guard), in the same dispatch. */
  guard?: MiddlewareHandler;
}

export function createSandbox({ config: given, now = Date.now, guard }: SandboxOptions): Sandbox {
  const config: SandboxConfig = {
    settleMs: 0,
    idempotencyTtlMs: 24 * 60 * 60 * 1000,
    authFailureLimit: DEFAULT_AUTH_FAILURE_LIMIT,
    authFailureWindowMs: DEFAULT_AUTH_FAILURE_WINDOW_MS,
    rateLimitPerSecond: DEFAULT_RATE_LIMIT_PER_SECOND,
    eventTimeoutMs: DEFAULT_EVENT_TIMEOUT_MS,
    eventRetryBaseMs: DEFAULT_EVENT_RETRY_BASE_MS,
    ...given,
  };
  const db = openDatabase(config.dbFile);
  const failures = new FailureWindow({
    bound: config.authFailureLimit,
    windowMs: config.authFailureWindowMs,
  });
  const payoutBatches = new PayoutBatchWorker(db, now);
  const transferBatches = new TransferBatchWorker(db, now);
  const faults = new FaultRegistry();
  const events = new EventDelivery(db, now, faults, {
    timeoutMs: config.eventTimeoutMs,
    retryBaseMs: config.eventRetryBaseMs,
    pollMs: 100,
    keepMs: config.eventKeepMs ?? DEFAULT_EVENT_KEEP_MS,
  });
  const services: Services = {
    db,
    config,
    faults,
    events,
    now,
    writes: new GroupCommit(db),
    payoutBatches,
    transferBatches,
  };
  const routes = [
    ...organizationRoutes(),
    ...userRoutes(),
    ...directoryRoutes(),
    ...paymentRoutes(services),
    ...payoutRoutes(services),
    ...transferRoutes(),
    ...appRoutes(),
    ...helperRoutes(services),
    ...walletRoutes(services),
    ...onboardingRoutes(services),
    ...accountsPayableRoutes(),
    ...subscriptionRoutes(),
  ];

  const app = new Hono<SandboxEnv>();
  if (guard) app.use(guard);
  app.use(securityHeaders());
  // A request id on every answer: the caller's X-Request-Id when it is a plausible one, else a new one (`req_…`, as
  // Stripe's look).
  app.use(requestId({ generator: () => `req_${randomUUID().replaceAll('-', '')}` }));
  app.use('/v2/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  // Credentials first: nothing about a request is looked at, or read, before the caller is known.
  app.use('/v2/*', async (c, next) => {
    const address = c.env?.incoming?.socket?.remoteAddress ?? 'in-process';
    c.set(
      'tenant',
      authenticate(
        { db, failures, address, nowMs: now() },
        c.env?.authorization ?? c.req.header('authorization'),
      ),
    );
    await next();
  });
  const rateLimit = new RateLimit(config.rateLimitPerSecond);
  app.use('/v2/*', async (c, next) => {
    const wait = rateLimit.take(c.get('tenant').orgId, now());
    if (wait > 0) {
      throw new HttpError(429, 'rate-limited', `Too many requests; try again in ${wait} s`, [], {
        'Retry-After': String(wait),
      });
    }
    await next();
  });
  app.use('/v2/*', faultInjection(services.faults));
  // Only a method with a body is limited: the check reads the request as a stream, which a GET need not pay for.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', limitBodySize(bodyLimitOf));
  const openApi = buildOpenApiDocument(routes);
  app.get('/sandbox/openapi.json', (c) => c.json(openApi));
  mountRoutes(app, routes, services);
  // A flow's hosted pages, for its payee (no credentials: the link's token is the key).
  mountFlowPages(app, services);
  app.notFound((c) => c.json(errorBody('route-not-found', `No route ${c.req.method} ${c.req.path}`), 404));
  app.onError(handleError);

  const stopClock = startSettleClock(db, config.settleMs, now);
  // Batches a stopped server left half paid: their items' keys make finishing them safe.
  payoutBatches.kick();
  transferBatches.kick();
  events.start();
  return {
    app,
    services,
    routes,
    close: () => {
      stopClock();
      events.stop();
      payoutBatches.stop();
      transferBatches.stop();
      db.close();
    },
  };
}
