import { type Context, Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { consoleMetrics } from './metrics';
import type { Readiness } from './readiness';

function noStore(c: Context) {
  c.header('Cache-Control', 'no-store');
}

/**
 * `GET /healthz`: the process serves. `GET /readyz`: it can do its work (database, migrations, audit trail,
 * upstream). Neither needs credentials, so neither says more than which check failed, in general words.
 */
export function healthRoutes(readiness: Readiness | null): Hono {
  const routes = new Hono();
  routes.get('/healthz', (c) => {
    noStore(c);
    return c.json({ status: 'ok' });
  });
  routes.get('/readyz', async (c) => {
    noStore(c);
    if (!readiness) return c.json({ status: 'ready', checks: {} });
    const checks = {
      database: await readiness.database(),
      audit_trail: readiness.auditTrail(),
      upstream: readiness.upstream(),
    };
    const ready = Object.values(checks).every((check) => check.ok);
    const said = Object.fromEntries(
      Object.entries(checks).map(([name, check]) => [name, check.ok ? 'ok' : check.why]),
    );
    return c.json({ status: ready ? 'ready' : 'not ready', checks: said }, ready ? 200 : 503);
  });
  return routes;
}

async function exposition(): Promise<Response> {
  const { registry } = consoleMetrics();
  return new Response(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}

/**
 * `GET /metrics` on the public listener: only for a scraper with METRICS_TOKEN (compared in constant time by Hono's
 * bearer middleware); without a token configured it is not served there at all (404, never the console's page).
 */
export function metricsRoute(token: string | null): Hono {
  const routes = new Hono();
  if (!token) {
    routes.all('/metrics', (c) =>
      c.json({ success: false, error_code: 'not-found', message: 'Not found' }, 404),
    );
    return routes;
  }
  routes.get('/metrics', bearerAuth({ token }), () => exposition());
  return routes;
}

/** The listener of METRICS_PORT: metrics and nothing else, without a token (bind it where only the scraper reaches). */
export function metricsListenerApp(): Hono {
  const app = new Hono();
  app.get('/metrics', () => exposition());
  app.all('*', (c) => c.json({ success: false, error_code: 'not-found', message: 'Not found' }, 404));
  return app;
}
