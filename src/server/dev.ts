import { getRequestListener } from '@hono/node-server';
import { createSandbox, ensureDemoTenant, sandboxConfigFromEnv } from '../sandbox/app';
import { createConsoleApp, serviceCaller } from './app';
import { serverConfigFromEnv } from './config';
import { giveDemoApUsers } from './payables/sandbox-ap-users';
import { startTeam } from './start';
import { startSweep } from './sweep';

/** The console server's API for Vite's dev server (no static files: Vite serves the app with HMR). */
export async function createDevListener() {
  const config = { ...serverConfigFromEnv(), staticDir: null };
  const sandbox = config.upstreamUrl ? null : createSandbox({ config: sandboxConfigFromEnv() });
  if (sandbox) ensureDemoTenant(sandbox.services.db);
  const { team } = await startTeam(config);
  if (sandbox) await giveDemoApUsers(sandbox.app);
  // As the production server does (main.ts): expiry and the executors' take-over are the sweep's, never a read's.
  startSweep(team, serviceCaller(config, sandbox), team.executor.leaseMs, (error) =>
    console.error('The sweep of requests failed:', error.message),
  );
  return getRequestListener(createConsoleApp(config, sandbox, team).fetch);
}
