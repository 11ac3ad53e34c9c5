import { serve } from '@hono/node-server';
import { drain, RequestsUnderWay } from '../node/drain';
import { withFileSecrets } from '../node/file-secrets';
import { keepIdleConnections } from '../node/keep-alive';
import {
  createSandbox,
  DEMO_CREDENTIALS,
  ensureDemoTenant,
  type Sandbox,
  sandboxConfigFromEnv,
} from '../sandbox/app';
import { createConsoleApp, serviceCaller } from './app';
import { isLoopback, serverConfigFromEnv } from './config';
import { startEvents } from './events/start';
import type { ChangeSink } from './live/changes';
import { flushLog, log } from './ops/logger';
import { UpstreamProbe } from './ops/readiness';
import { metricsListenerApp } from './ops/routes';
import { giveDemoApUsers } from './payables/sandbox-ap-users';
import { logMoneyEvents } from './pipeline/request-log';
import { startRecheck } from './sso/sessions';
import { startTeam } from './start';
import { startSweep } from './sweep';

const env = withFileSecrets(process.env);
const config = serverConfigFromEnv(env);
const logger = log();
let sandbox: Sandbox | null = null;
if (!config.upstreamUrl) {
  sandbox = createSandbox({ config: sandboxConfigFromEnv() });
  ensureDemoTenant(sandbox.services.db);
}
let started: Awaited<ReturnType<typeof startTeam>>;
try {
  started = await startTeam(config, env);
  if (sandbox) await giveDemoApUsers(sandbox.app);
} catch (error) {
  // On stderr as well as in the log: whoever started it reads why it stopped, whatever reads the log.
  console.error(`The console server cannot start: ${(error as Error).message}`);
  logger.fatal({ kind: 'start' }, `The console server cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const { team, firstAdmin } = started;
const upstreamProbe = config.upstreamUrl ? new UpstreamProbe(config.upstreamUrl) : null;
const stopProbe = upstreamProbe?.start(config.upstreamProbeMs);
// Where applied events are told: the stream every open page of the organization follows (live/hub.ts).
const changes: ChangeSink = team.live;
const app = createConsoleApp(config, sandbox, team, upstreamProbe, { sink: changes, env });
logMoneyEvents();
// A person the company's provider no longer signs in loses their session at the next check (OIDC_RECHECK_MS).
const stopRecheck = team.sso
  ? startRecheck(team, team.sso, (error) =>
      logger.error({ kind: 'sso' }, `The check of single sign-on sessions failed: ${error.message}`),
    )
  : null;
// One timer, every lease: requests past their deadline written down as expired, and approved requests whose executor
// stopped (this server's last run, or another server that died) taken over (sweep.ts).
const stopSweep = startSweep(team, serviceCaller(config, sandbox), team.executor.leaseMs, (error) =>
  logger.error({ kind: 'sweep' }, `The sweep of requests failed: ${error.message}`),
);
const call = serviceCaller(config, sandbox);
const stopEvents = call
  ? await startEvents({
      team,
      call,
      sink: changes,
      publicUrl: config.publicUrl,
      sandboxClientId: sandbox ? DEMO_CREDENTIALS.clientId : null,
      upstreamClientId: config.orgCredentials?.clientId ?? null,
      env,
      onError: (error) => logger.error({ kind: 'events' }, `The sweep of events failed: ${error.message}`),
    }).catch((error: Error) => {
      logger.error({ kind: 'events' }, `Events are not received: ${error.message}`);
      return null;
    })
  : null;

const underWay = new RequestsUnderWay();
const answered = underWay.wrap(app.fetch);
const server = serve({ fetch: answered, port: config.port, hostname: config.host }, (info) => {
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`;
  logger.info(`Payout Console on ${url}`);
  if (!isLoopback(config.host)) {
    logger.warn(
      `Listening on ${config.host}, beyond this machine: terminate TLS in front of it (plain HTTP here).`,
    );
  }
  const store = config.consoleDb.url ? 'PostgreSQL (DATABASE_URL)' : config.consoleDb.file;
  if (sandbox) {
    logger.info(`Requests go to the embedded sandbox (store: ${sandbox.services.config.dbFile}).`);
    // No password or key in a log: logs get copied around. The sign-in page shows the demo members.
    logger.info(`Team: the demo organization's members (on the sign-in page); console database: ${store}.`);
  } else {
    logger.info(`Requests go to ${config.upstreamUrl?.origin}${config.upstreamUrl?.pathname}`);
    logger.info(
      team.teamMode
        ? `Team mode: members sign in; console database: ${store}.`
        : 'No PAYOUT_CLIENT_ID/PAYOUT_API_KEY: operators sign in with the organization key themselves.',
    );
  }
  if (firstAdmin && 'path' in firstAdmin) {
    logger.info(`No member yet. Name the first admin within an hour, once: ${url}${firstAdmin.path}`);
  } else if (firstAdmin) {
    logger.info(
      `No member yet. Another console server printed the link to name the first admin moments ago (valid until ${firstAdmin.expiresAt}): use that one.`,
    );
  }
  if (!team.mailer && team.mode === 'upstream') {
    logger.info(
      'No SMTP_URL: while a team has one admin, one-time links are shown to that admin; with two, invitations and password resets are refused until mail is set up.',
    );
  }
});

keepIdleConnections(server);

// Metrics on a listener of their own, where only the scraper should reach (METRICS_HOST, loopback unless set).
const metricsServer = config.metrics
  ? serve(
      { fetch: metricsListenerApp().fetch, port: config.metrics.port, hostname: config.metrics.host },
      (info) => logger.info(`Metrics on http://${config.metrics?.host}:${info.port}/metrics`),
    )
  : null;

/**
 * How long a stop waits for the requests under way: a request sent on to the service is given REQUEST_TIMEOUT_MS
 * (30 s by default) to be answered, and an orchestrator's own grace is usually 30 s.
 */
const STOP_GRACE_MS = Math.min(config.requestTimeoutMs + 1_000, 30_000);
let stopping = false;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stopSweep();
    stopEvents?.();
    stopProbe?.();
    stopRecheck?.();
    metricsServer?.close();
    // Open pages' streams end (their browsers come back to another server); the requests under way are answered.
    team.live.endStreams();
    void drain(server, STOP_GRACE_MS, underWay)
      .then(() => sandbox?.close())
      // The lines under way commit and the head file gets the last head before the database closes and the process goes.
      .then(() => team.settled())
      .catch(() => undefined)
      .then(() => team.database.close())
      .catch(() => undefined)
      // The log writes in the background: its last lines go out before the process does.
      .then(() => flushLog())
      .finally(() => process.exit(0));
  });
}
