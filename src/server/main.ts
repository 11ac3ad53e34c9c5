import { serve } from '@hono/node-server';
import { createSandbox, type Sandbox } from '../sandbox/app';
import { sandboxConfigFromEnv } from '../sandbox/config';
import { ensureDemoTenant } from '../sandbox/seed';
import { createConsoleApp, serviceCaller } from './app';
import { isLoopback, serverConfigFromEnv } from './config';
import { resumeExecuting } from './team/approvals';
import { startTeam } from './team/start';

const config = serverConfigFromEnv();
let sandbox: Sandbox | null = null;
if (!config.upstreamUrl) {
  sandbox = createSandbox({ config: sandboxConfigFromEnv() });
  ensureDemoTenant(sandbox.services.db);
}
const { team, firstAdminPath } = await startTeam(config);
const app = createConsoleApp(config, sandbox, team);
// Approved requests a previous run left unpaid or half-paid: their keys make running them again safe.
const call = serviceCaller(config, sandbox);
if (call) {
  void resumeExecuting(team, call).then(
    (count) => count > 0 && console.log(`Resumed ${count} approved request(s).`),
    (error) => console.error('Resuming approved requests failed:', (error as Error).message),
  );
}

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`;
  console.log(`Payout Console on ${url}`);
  if (!isLoopback(config.host)) {
    console.warn(
      `Listening on ${config.host}, beyond this machine: terminate TLS in front of it (plain HTTP here).`,
    );
  }
  const store = config.consoleDb.url ? 'PostgreSQL (DATABASE_URL)' : config.consoleDb.file;
  if (sandbox) {
    console.log(`Requests go to the embedded sandbox (store: ${sandbox.services.config.dbFile}).`);
    // No password or key in a log: logs get copied around. The sign-in page shows the demo members.
    console.log(`Team: the demo organization's members (on the sign-in page); console database: ${store}.`);
  } else {
    console.log(`Requests go to ${config.upstreamUrl?.origin}${config.upstreamUrl?.pathname}`);
    console.log(
      team.teamMode
        ? `Team mode: members sign in; console database: ${store}.`
        : 'No PAYOUT_CLIENT_ID/PAYOUT_API_KEY: operators sign in with the organization key themselves.',
    );
  }
  if (firstAdminPath) {
    console.log(`No member yet. Name the first admin within an hour, once: ${url}${firstAdminPath}`);
  }
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    sandbox?.close();
    void team.database.close().finally(() => process.exit(0));
  });
}
