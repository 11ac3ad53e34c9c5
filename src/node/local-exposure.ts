import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from './error-body';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return true; // in-process (tests): no network at all
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** `host:port` or `[v6]:port` -> the host part, lower-case. */
export function hostnameOf(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

export interface ExposureOptions {
  /** Host names the server answers to besides loopback names (HOST, ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** /sandbox/* for clients that are not on this machine too (SANDBOX_HELPERS=on). */
  sandboxHelpersForEveryone: boolean;
  /** Told of each refusal before it is answered (the console server writes it in the trail). */
  onRefused?: (c: Context, status: number) => Promise<void>;
}

/**
 * Guards for a server that usually runs on a laptop. A web page the operator visits must not reach it: a foreign
 * Host (DNS rebinding) is refused, and so is a state-changing request from a foreign Origin. The test helpers, which
 * take no credentials, answer this machine only unless told otherwise.
 */
export function guardLocalExposure(options: ExposureOptions): MiddlewareHandler {
  const allowed = new Set([...LOOPBACK_NAMES, ...options.allowedHosts.map((h) => h.toLowerCase())]);
  const refuse = async (c: Context, status: 403 | 421, code: string, message: string) => {
    const answer = c.json(errorBody(code, message), status);
    await options.onRefused?.(c, status);
    return answer;
  };
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!allowed.has(hostnameOf(host))) {
      return refuse(c, 421, 'host-not-allowed', 'This server does not answer to that host name');
    }
    const origin = c.req.header('origin');
    if (origin && !SAFE_METHODS.has(c.req.method)) {
      let sameOrigin = false;
      try {
        sameOrigin = new URL(origin).host.toLowerCase() === host.trim().toLowerCase();
      } catch {
        sameOrigin = false;
      }
      if (!sameOrigin) return refuse(c, 403, 'foreign-origin', 'Cross-origin writes are refused');
    }
    if (c.req.path.startsWith('/sandbox') && !options.sandboxHelpersForEveryone) {
      const address = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
        ?.socket?.remoteAddress;
      if (!isLoopbackAddress(address)) {
        return refuse(
          c,
          403,
          'loopback-only',
          'The sandbox helpers answer this machine only (SANDBOX_HELPERS=on)',
        );
      }
    }
    await next();
  };
}
