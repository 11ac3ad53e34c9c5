import { serve } from '@hono/node-server';
import { createSandbox, type Sandbox } from '../sandbox/app';
import { sandboxConfigFromEnv } from '../sandbox/config';
import { DEMO_CREDENTIALS, ensureDemoTenant } from '../sandbox/seed';
import { createConsoleApp } from './app';
import { isLoopback, serverConfigFromEnv } from './config';

const config = serverConfigFromEnv();
let sandbox: Sandbox | null = null;
if (!config.upstreamUrl) {
  sandbox = createSandbox({ config: sandboxConfigFromEnv() });
  ensureDemoTenant(sandbox.services.db);
}
const app = createConsoleApp(config, sandbox);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`;
  console.log(`Payout Console on ${url}`);
  if (!isLoopback(config.host)) {
    console.warn(
      `Listening on ${config.host}, beyond this machine: terminate TLS in front of it (plain HTTP here).`,
    );
  }
  if (sandbox) {
    console.log(`Requests go to the embedded sandbox (store: ${sandbox.services.config.dbFile}).`);
    // No key in a log, not even the demo's: logs get copied around. The sign-in page shows the demo credentials.
    console.log(`Demo tenant: client id ${DEMO_CREDENTIALS.clientId} (its API key is on the sign-in page)`);
  } else {
    console.log(`Requests go to ${config.upstreamUrl?.origin}${config.upstreamUrl?.pathname}`);
  }
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    sandbox?.close();
    process.exit(0);
  });
}
