import { serve } from '@hono/node-server';
import { exposureFromEnv, intFromEnv } from '../node/env';
import { keepIdleConnections } from '../node/keep-alive';
import { guardLocalExposure } from '../node/local-exposure';
import { createSandbox } from './app';
import { sandboxConfigFromEnv } from './config';
import { DEMO_CREDENTIALS, ensureDemoTenant } from './seed';

/** The sandbox alone (`npm run sandbox`): the payout service's /v2 API and the /sandbox helpers. */
const config = sandboxConfigFromEnv();
const exposure = exposureFromEnv();
const sandbox = createSandbox({ config, guard: guardLocalExposure(exposure) });
ensureDemoTenant(sandbox.services.db);
const port = intFromEnv(process.env, 'PORT', 8081);
const server = serve({ fetch: sandbox.app.fetch, port, hostname: exposure.host }, (info) => {
  console.log(`Sandbox payout service on http://${exposure.host}:${info.port} (store: ${config.dbFile})`);
  // No key in a log, not even the demo's: logs get copied around. README.md lists the demo credentials.
  console.log(`Demo tenant: client id ${DEMO_CREDENTIALS.clientId} (its API key: README.md, "Start")`);
});
keepIdleConnections(server);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    sandbox.close();
    process.exit(0);
  });
}
