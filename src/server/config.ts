import { exposureFromEnv, intFromEnv } from '../node/env';

/** The console server's settings, from the environment (documented in the README). */
export interface ServerConfig {
  port: number;
  host: string;
  /** The real service's base URL (`https://api.dots.dev/api`); absent = the embedded sandbox. */
  upstreamUrl: URL | null;
  /** How long a proxied request may take before the console answers 504. */
  proxyTimeoutMs: number;
  /** The built console (vite build output); null when another server serves it (Vite in development). */
  staticDir: string | null;
  /** Largest upstream answer passed on; a larger one is a 502. */
  proxyMaxResponseBytes: number;
  /** Host names besides loopback ones that /v2 and /sandbox answer to (HOST and ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** SANDBOX_HELPERS=on: /sandbox/* for clients on other machines too. */
  sandboxHelpersForEveryone: boolean;
  /** The audit log (JSON lines); null when turned off (AUDIT_LOG=off). */
  auditLogFile: string | null;
  /** The console signs the operator out after this long without interaction. */
  idleTimeoutMs: number;
  /** The console stops waiting for an answer after this long. */
  requestTimeoutMs: number;
}

function auditLogFrom(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (value === 'off') return null;
  return value || '.data/audit.log';
}

/** The vendor's own test hosts: an upstream there moves no real money. */
export const VENDOR_SANDBOX_HOSTS = ['pls.senddotssandbox.com'];

export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const raw = env.PAYOUT_API_URL?.trim();
  let upstreamUrl: URL | null = null;
  if (raw) {
    upstreamUrl = new URL(raw);
    if (!/^https?:$/.test(upstreamUrl.protocol)) throw new Error('PAYOUT_API_URL must be an http(s) URL');
  }
  const exposure = exposureFromEnv(env);
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: exposure.host,
    upstreamUrl,
    proxyTimeoutMs: intFromEnv(env, 'PROXY_TIMEOUT_MS', 30_000),
    staticDir: env.STATIC_DIR?.trim() || 'dist',
    proxyMaxResponseBytes: intFromEnv(env, 'PROXY_MAX_RESPONSE_BYTES', 10 * 1024 * 1024),
    allowedHosts: exposure.allowedHosts,
    sandboxHelpersForEveryone: exposure.sandboxHelpersForEveryone,
    auditLogFile: auditLogFrom(env.AUDIT_LOG),
    idleTimeoutMs: intFromEnv(env, 'IDLE_TIMEOUT_MS', 15 * 60 * 1000),
    requestTimeoutMs: intFromEnv(env, 'REQUEST_TIMEOUT_MS', 30_000),
  };
}

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\./.test(hostname);
}

/** Production = real money: any upstream that is neither on this machine nor one of the vendor's test hosts. */
export function isProductionUpstream(url: URL | null): boolean {
  if (!url) return false;
  return !isLoopback(url.hostname) && !VENDOR_SANDBOX_HOSTS.includes(url.hostname);
}
