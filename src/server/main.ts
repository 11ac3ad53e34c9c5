import { serve } from '@hono/node-server';
import { keepIdleConnections } from '../node/keep-alive';
import { createSandbox, ensureDemoTenant, type Sandbox, sandboxConfigFromEnv } from '../sandbox/app';
import { createConsoleApp, serviceCaller } from './app';
import { isLoopback, serverConfigFromEnv } from './config';
import { giveDemoApUsers } from './payables/sandbox-ap-users';
import { startTeam } from './start';
import { startSweep } from './sweep';

const config = serverConfigFromEnv();
let sandbox: Sandbox | null = null;
if (!config.upstreamUrl) {
  sandbox = createSandbox({ config: sandboxConfigFromEnv() });
  ensureDemoTenant(sandbox.services.db);
}
let started: Awaited<ReturnType<typeof startTeam>>;
try {
  started = await startTeam(config);
  if (sandbox) await giveDemoApUsers(sandbox.app);
} catch (error) {
  console.error(`The console server cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const { team, firstAdmin } = started;
const app = createConsoleApp(config, sandbox, team);
// One timer, every lease: requests past their deadline written down as expired, and approved requests whose executor
// stopped (this server's last run, or another server that died) taken over (sweep.ts).
const stopSweep = startSweep(team, serviceCaller(config, sandbox), team.executor.leaseMs, (error) =>
  console.error('The sweep of requests failed:', error.message),
);

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
  if (firstAdmin && 'path' in firstAdmin) {
    console.log(`No member yet. Name the first admin within an hour, once: ${url}${firstAdmin.path}`);
  } else if (firstAdmin) {
    console.log(
      `No member yet. Another console server printed the link to name the first admin moments ago (valid until ${firstAdmin.expiresAt}): use that one.`,
    );
  }
  if (!team.mailer && team.mode === 'upstream') {
    console.log(
      'No SMTP_URL: while a team has one admin, one-time links are shown to that admin; with two, invitations and password resets are refused until mail is set up.',
    );
  }
});

keepIdleConnections(server);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopSweep();
    server.close();
    sandbox?.close();
    // The lines under way commit and the head file gets the last head before the database closes and the process goes.
    void team
      .settled()
      .catch(() => undefined)
      .then(() => team.database.close())
      .finally(() => process.exit(0));
  });
}
