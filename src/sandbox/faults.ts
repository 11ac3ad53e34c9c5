import type { Context, MiddlewareHandler, Next } from 'hono';
import { errorBody } from '../node/error-body';
import type { Fault, FaultRegistry } from './domain/faults';
import { withPayoutsFailing } from './domain/forced-outcomes';
import type { SandboxEnv } from './routes/env';
import { BASIC_CHALLENGE } from './routes/http-error';

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
    await (fault.payout === 'fail' ? withPayoutsFailing(next) : next());
    if (fault.drop === 'after-commit') dropConnection(c);
  };
  return (c, next) => {
    const fault = faults.take(c.get('tenant').clientId, c.req.method, c.req.path);
    return fault ? inject(c, next, fault) : next();
  };
}
