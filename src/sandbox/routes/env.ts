import type { HttpBindings } from '@hono/node-server';
import type { Tenant } from '../domain/auth';

/** What every sandbox handler can read from its context. */
export interface SandboxEnv {
  Bindings: Partial<HttpBindings>;
  Variables: { tenant: Tenant; requestId: string };
}
