import { getRequestListener } from '@hono/node-server';
import { createSandbox, ensureDemoTenant, sandboxConfigFromEnv } from '../sandbox/app';
import { createConsoleApp } from './app';
import { serverConfigFromEnv } from './config';
import { startTeam } from './start';

/** The console server's API for Vite's dev server (no static files: Vite serves the app with HMR). */
export async function createDevListener() {
  const config = { ...serverConfigFromEnv(), staticDir: null };
  const sandbox = config.upstreamUrl ? null : createSandbox({ config: sandboxConfigFromEnv() });
  if (sandbox) ensureDemoTenant(sandbox.services.db);
  const { team } = await startTeam(config);
  return getRequestListener(createConsoleApp(config, sandbox, team).fetch);
}
