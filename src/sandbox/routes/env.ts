import type { HttpBindings } from '@hono/node-server';
import type { Tenant } from '../domain/auth';

/** What every sandbox handler can read from its context. */
export interface SandboxEnv {
  /**
   * `authorization`: the organization's credentials the console server forwards a member's request with, handed over
   * in-process (never from the network) so that the request itself need not be rebuilt.
   */
  Bindings: Partial<HttpBindings> & { authorization?: string };
  Variables: { tenant: Tenant; requestId: string };
}
