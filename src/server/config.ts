import { readFileSync } from 'node:fs';
import { exposureFromEnv, intFromEnv } from '../node/env';
import type { OrgCredentials } from './team';

/** The console server's settings, from the environment (documented in the README). */
export interface ServerConfig {
  port: number;
  /** Where members reach the console (PUBLIC_URL, else http://HOST:PORT): links in mail and answers point there. */
  publicUrl: string;
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
  /** The console's own database: PostgreSQL at DATABASE_URL, else the SQLite file CONSOLE_DB. */
  consoleDb: { url?: string | undefined; file: string };
  /**
   * Upstream only: the organization's credentials (PAYOUT_CLIENT_ID and PAYOUT_API_KEY, or the JSON file named by
   * PAYOUT_CREDENTIALS_FILE). With them members sign in; without, operators use the key themselves.
   */
  orgCredentials: OrgCredentials | null;
  /** The console signs the operator out after this long without interaction. */
  idleTimeoutMs: number;
  /** The console stops waiting for an answer after this long. */
  requestTimeoutMs: number;
  /** How long a server's claim on an approved request it pays holds unless renewed (a dead server's lapses). */
  executorLeaseMs: number;
  /** After a password or authenticator reset, how long every payment of the member waits for approval. */
  resetHoldMs: number;
  /** Prometheus metrics at /metrics on the public listener, for a scraper that sends this bearer token (METRICS_TOKEN). */
  metricsToken: string | null;
  /** Prometheus metrics on a listener of their own (METRICS_PORT, on METRICS_HOST), without a token; null: none. */
  metrics: { port: number; host: string } | null;
  /** How often the upstream is probed for /readyz (UPSTREAM_PROBE_MS). */
  upstreamProbeMs: number;
}

function orgCredentialsFrom(env: NodeJS.ProcessEnv): OrgCredentials | null {
  const file = env.PAYOUT_CREDENTIALS_FILE?.trim();
  if (file) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { client_id?: unknown; api_key?: unknown };
    if (typeof parsed.client_id !== 'string' || typeof parsed.api_key !== 'string') {
      throw new Error('PAYOUT_CREDENTIALS_FILE must hold {"client_id": "...", "api_key": "..."}');
    }
    return { clientId: parsed.client_id, apiKey: parsed.api_key };
  }
  const clientId = env.PAYOUT_CLIENT_ID?.trim();
  const apiKey = env.PAYOUT_API_KEY?.trim();
  if (!clientId && !apiKey) return null;
  if (!clientId || !apiKey) throw new Error('Set both PAYOUT_CLIENT_ID and PAYOUT_API_KEY, or neither');
  return { clientId, apiKey };
}

function metricsTokenFrom(env: NodeJS.ProcessEnv): string | null {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return null;
  // A scraper's token guards what the service's volumes are: a guessable one is no guard.
  if (token.length < 24) throw new Error('METRICS_TOKEN must be 24 characters or more');
  return token;
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
  const port = intFromEnv(env, 'PORT', 8080);
  const publicUrl = env.PUBLIC_URL?.trim() || `http://${exposure.host}:${port}`;
  if (!/^https?:\/\/[^/]/.test(publicUrl)) throw new Error('PUBLIC_URL must be an http(s) URL');
  return {
    port,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    host: exposure.host,
    upstreamUrl,
    proxyTimeoutMs: intFromEnv(env, 'PROXY_TIMEOUT_MS', 30_000),
    staticDir: env.STATIC_DIR?.trim() || 'dist',
    proxyMaxResponseBytes: intFromEnv(env, 'PROXY_MAX_RESPONSE_BYTES', 10 * 1024 * 1024),
    allowedHosts: exposure.allowedHosts,
    sandboxHelpersForEveryone: exposure.sandboxHelpersForEveryone,
    consoleDb: {
      url: env.DATABASE_URL?.trim() || undefined,
      file: env.CONSOLE_DB?.trim() || '.data/console.db',
    },
    orgCredentials: upstreamUrl ? orgCredentialsFrom(env) : null,
    idleTimeoutMs: intFromEnv(env, 'IDLE_TIMEOUT_MS', 15 * 60 * 1000),
    requestTimeoutMs: intFromEnv(env, 'REQUEST_TIMEOUT_MS', 30_000),
    executorLeaseMs: intFromEnv(env, 'EXECUTOR_LEASE_MS', 30_000),
    resetHoldMs: intFromEnv(env, 'RESET_HOLD_MS', 72 * 60 * 60 * 1000),
    metricsToken: metricsTokenFrom(env),
    metrics: env.METRICS_PORT?.trim()
      ? { port: intFromEnv(env, 'METRICS_PORT', 9464), host: env.METRICS_HOST?.trim() || '127.0.0.1' }
      : null,
    upstreamProbeMs: intFromEnv(env, 'UPSTREAM_PROBE_MS', 10_000),
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
