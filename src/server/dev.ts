import { getRequestListener } from '@hono/node-server';
import { createSandbox } from '../sandbox/app';
import { sandboxConfigFromEnv } from '../sandbox/config';
import { ensureDemoTenant } from '../sandbox/seed';
import { createConsoleApp } from './app';
import { serverConfigFromEnv } from './config';

/** The console server's API for Vite's dev server (no static files: Vite serves the app with HMR). */
export function createDevListener() {
  const config = { ...serverConfigFromEnv(), staticDir: null };
  const sandbox = config.upstreamUrl ? null : createSandbox({ config: sandboxConfigFromEnv() });
  if (sandbox) ensureDemoTenant(sandbox.services.db);
  return getRequestListener(createConsoleApp(config, sandbox).fetch);
}
