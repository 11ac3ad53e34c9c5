import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { consoleMetrics } from './metrics';

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
