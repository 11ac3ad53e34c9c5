import { serve } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { serverConfigFromEnv } from '../server/config';
import { guardLocalExposure } from '../server/local-exposure';
import { createSandbox } from './app';
import { intFromEnv, sandboxConfigFromEnv } from './config';
import { DEMO_CREDENTIALS, ensureDemoTenant } from './seed';

/** The sandbox alone (`npm run sandbox`): the payout service's /v2 API and the /sandbox helpers. */
const config = sandboxConfigFromEnv();
const { allowedHosts, sandboxHelpersForEveryone } = serverConfigFromEnv();
const sandbox = createSandbox({
  config,
  guard: guardLocalExposure({ allowedHosts, sandboxHelpersForEveryone }) as MiddlewareHandler,
});
ensureDemoTenant(sandbox.services.db);
const port = intFromEnv(process.env, 'PORT', 8081);
const hostname = process.env.HOST?.trim() || '127.0.0.1';
const server = serve({ fetch: sandbox.app.fetch, port, hostname }, (info) => {
  console.log(`Sandbox payout service on http://${hostname}:${info.port} (store: ${config.dbFile})`);
  // No key in a log, not even the demo's: logs get copied around. README.md lists the demo credentials.
  console.log(
    `Demo tenant: client id ${DEMO_CREDENTIALS.clientId} (its API key: README.md, "Demo credentials")`,
  );
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    sandbox.close();
    process.exit(0);
  });
}
