import type { Context, MiddlewareHandler, Next } from 'hono';
import { errorBody } from '../node/error-body';
import type { SandboxEnv } from './routes/env';
import { BASIC_CHALLENGE } from './routes/http-error';

export interface Fault {
  client_id: string;
  method?: string | undefined;
  path_prefix?: string | undefined;
  times: number;
  status?: number | undefined;
  message?: string | undefined;
  delay_ms?: number | undefined;
  drop?: 'before' | 'after-commit' | undefined;
  /** Seconds, sent as Retry-After with a 429 (1 when not given). */
  retry_after?: number | undefined;
}

/**
 * Faults armed through POST /sandbox/faults, per tenant: the next matching requests of that client id get an injected
 * status, a delay, or a dropped connection. Held in memory: they are test set-up, not state worth keeping.
 */
export class FaultRegistry {
  private readonly byClient = new Map<string, Fault[]>();

  arm(fault: Fault): void {
    this.byClient.set(fault.client_id, [...(this.byClient.get(fault.client_id) ?? []), { ...fault }]);
  }

  disarm(clientId: string): number {
    const count = this.byClient.get(clientId)?.length ?? 0;
    this.byClient.delete(clientId);
    return count;
  }

  /** The first armed fault matching this request, used up by one. */
  take(clientId: string, method: string, path: string): Fault | undefined {
    const faults = this.byClient.get(clientId);
    const fault = faults?.find(
      (f) =>
        (!f.method || f.method.toUpperCase() === method) &&
        (!f.path_prefix || path.startsWith(f.path_prefix)),
    );
    if (!faults || !fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
    if (faults.length === 0) this.byClient.delete(clientId);
    return fault;
  }
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'validation-failed',
  401: 'invalid-credentials',
  403: 'not-found-or-unauthorized',
  404: 'not-found',
  409: 'conflict',
  429: 'rate-limited',
  500: 'internal-error',
  502: 'bad-gateway',
  503: 'service-unavailable',
  504: 'gateway-timeout',
};

function dropConnection(c: Parameters<MiddlewareHandler<SandboxEnv>>[0]): void {
  const socket = c.env?.incoming?.socket;
  if (!socket) throw new Error('A dropped connection needs a real HTTP server (not app.request)');
  socket.destroy();
}

/** Runs after authentication, so that a fault only ever hits the tenant that armed it. */
export function faultInjection(faults: FaultRegistry): MiddlewareHandler<SandboxEnv> {
  const inject = async (c: Context<SandboxEnv>, next: Next, fault: Fault) => {
    if (fault.delay_ms) await new Promise((resolve) => setTimeout(resolve, fault.delay_ms));
    if (fault.drop === 'before') {
      dropConnection(c);
      return c.body(null, 499 as never);
    }
    if (fault.status) {
      const message = fault.message ?? `Injected fault: ${fault.status}`;
      const headers: Record<string, string> =
        fault.status === 401
          ? BASIC_CHALLENGE
          : fault.status === 429
            ? { 'Retry-After': String(fault.retry_after ?? 1) }
            : {};
      return c.json(
        errorBody(CODE_BY_STATUS[fault.status] ?? 'injected-fault', message),
        fault.status as never,
        headers,
      );
    }
    await next();
    if (fault.drop === 'after-commit') dropConnection(c);
  };
  return (c, next) => {
    const fault = faults.take(c.get('tenant').clientId, c.req.method, c.req.path);
    return fault ? inject(c, next, fault) : next();
  };
}
