import { Hono } from 'hono';
import { limitBodySize } from '../node/body-limit';
import { errorBody } from '../node/error-body';
import { guardLocalExposure } from '../node/local-exposure';
import { securityHeaders } from '../node/security-headers';
import type { Sandbox } from '../sandbox/app';
import { DEMO_CREDENTIALS } from '../sandbox/seed';
import { auditLog } from './audit-log';
import { isProductionUpstream, type ServerConfig } from './config';
import { proxyTo } from './proxy';
import { mountSpa } from './spa';

/** What the console learns at start-up from GET /config.json: where its requests go. */
export interface ConsoleRuntimeConfig {
  mode: 'sandbox' | 'upstream';
  upstream?: string;
  production: boolean;
  /** Sandbox mode only: the published demo credentials, shown on the sign-in page. */
  demo?: { client_id: string; api_key: string };
  /** The console signs out after this long without interaction (IDLE_TIMEOUT_MS). */
  idle_timeout_ms: number;
  /** The console stops waiting for an answer after this long (REQUEST_TIMEOUT_MS): the outcome is then unknown. */
  request_timeout_ms: number;
}

export function runtimeConfig(config: ServerConfig): ConsoleRuntimeConfig {
  if (!config.upstreamUrl) {
    return {
      mode: 'sandbox',
      production: false,
      demo: { client_id: DEMO_CREDENTIALS.clientId, api_key: DEMO_CREDENTIALS.apiKey },
      idle_timeout_ms: config.idleTimeoutMs,
      request_timeout_ms: config.requestTimeoutMs,
    };
  }
  return {
    mode: 'upstream',
    upstream: config.upstreamUrl.host,
    production: isProductionUpstream(config.upstreamUrl),
    idle_timeout_ms: config.idleTimeoutMs,
    request_timeout_ms: config.requestTimeoutMs,
  };
}

/**
 * The console server: one origin for the SPA and its API, so the browser never talks to another host. `/v2` goes to
 * the embedded sandbox, or through to PAYOUT_API_URL; `/sandbox` exists only in sandbox mode.
 */
export function createConsoleApp(config: ServerConfig, sandbox: Sandbox | null): Hono {
  const app = new Hono();
  app.use(securityHeaders());
  const runtime = runtimeConfig(config);
  const exposure = guardLocalExposure({
    allowedHosts: config.allowedHosts,
    sandboxHelpersForEveryone: config.sandboxHelpersForEveryone,
  });
  app.use('/v2/*', exposure);
  app.use('/v2', exposure);
  app.use('/sandbox/*', exposure);
  if (config.auditLogFile) app.use('/v2/*', auditLog(config.auditLogFile));
  app.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(runtime);
  });
  if (sandbox) {
    const toSandbox = (c: { req: { raw: Request }; env: unknown }) =>
      sandbox.app.fetch(c.req.raw, c.env as never);
    app.all('/v2/*', toSandbox);
    app.all('/v2', toSandbox);
    app.all('/sandbox/*', toSandbox);
  } else if (config.upstreamUrl) {
    app.use('/v2/*', limitBodySize());
    app.all(
      '/v2/*',
      proxyTo({
        upstream: config.upstreamUrl,
        timeoutMs: config.proxyTimeoutMs,
        maxResponseBytes: config.proxyMaxResponseBytes,
      }),
    );
    app.all('/sandbox/*', (c) =>
      c.json(errorBody('route-not-found', 'The sandbox helpers exist only in sandbox mode'), 404),
    );
  }
  if (config.staticDir) mountSpa(app, config.staticDir);
  return app;
}
