import { serve } from '@hono/node-server';
import { drain, RequestsUnderWay } from '../node/drain';
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
const underWay = new RequestsUnderWay();
const server = serve({ fetch: underWay.wrap(sandbox.app.fetch), port, hostname: exposure.host }, (info) => {
  console.log(`Sandbox payout service on http://${exposure.host}:${info.port} (store: ${config.dbFile})`);
  // No key in a log, not even the demo's: logs get copied around. README.md lists the demo credentials.
  console.log(`Demo tenant: client id ${DEMO_CREDENTIALS.clientId} (its API key: README.md, "Start")`);
});
keepIdleConnections(server);
/** A stop answers the requests under way before the store closes (a request's own timeout is far shorter). */
const STOP_GRACE_MS = 10_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void drain(server, STOP_GRACE_MS, underWay)
      .then(() => sandbox.close())
      .catch(() => undefined)
      .finally(() => process.exit(0));
  });
}
