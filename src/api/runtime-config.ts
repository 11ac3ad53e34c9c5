import { queryOptions } from '@tanstack/react-query';
import { isRole, type Role } from '../lib/roles';
import { setRequestTimeout } from './client';

export interface DemoMember {
  email: string;
  password: string;
  role: Role;
  name: string;
}

/** GET /config.json of the console server (src/server/app.ts `runtimeConfig`). */
export interface RuntimeConfig {
  mode: 'sandbox' | 'upstream';
  upstream?: string | undefined;
  production: boolean;
  /** Members sign in with email and password; false: with the organization's key (an upstream without it). */
  team: boolean;
  /** Sandbox only: the demo team, shown and filled in on the sign-in page. */
  demo?: { members: DemoMember[] } | undefined;
  /** The console server sends mail (SMTP_URL); false from an older server. */
  mail?: boolean | undefined;
  /** Sandbox without SMTP_URL: the path of the sandbox's own mailbox, where the demo's payees' mail is read. */
  mailbox?: string | undefined;
  idle_timeout_ms: number;
  request_timeout_ms: number;
  /** Members may sign in through the company's identity provider, named so (OIDC_PROVIDER_NAME). */
  sso?: { name: string } | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const positiveInt = (value: unknown, fallback: number, name: string): number => {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && (value as number) > 0) return value as number;
  throw new Error(`/config.json: ${name} is not a positive whole number`);
};

/**
 * Checks the console server's own document field by field. Hand-written rather than a zod schema on purpose: this is
 * the one boundary the sign-in page crosses before anyone signs in, and zod would be a quarter of its first-load JS.
 */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (!isObject(json)) throw new Error('/config.json is not an object');
  const { mode, upstream, production, demo } = json;
  if (mode !== 'sandbox' && mode !== 'upstream') throw new Error('/config.json: mode is sandbox or upstream');
  if (upstream !== undefined && typeof upstream !== 'string')
    throw new Error('/config.json: upstream is text');
  if (typeof production !== 'boolean') throw new Error('/config.json: production is true or false');
  const team = json.team ?? false;
  if (typeof team !== 'boolean') throw new Error('/config.json: team is true or false');
  const isDemoMember = (m: unknown): m is DemoMember =>
    isObject(m) &&
    typeof m.email === 'string' &&
    typeof m.password === 'string' &&
    typeof m.name === 'string' &&
    isRole(m.role);
  if (
    demo !== undefined &&
    !(isObject(demo) && Array.isArray(demo.members) && demo.members.every(isDemoMember))
  ) {
    throw new Error('/config.json: demo lists members with an email, a password, a name and a role');
  }
  return {
    mode,
    upstream,
    production,
    team,
    demo: demo === undefined ? undefined : { members: (demo.members as DemoMember[]).map((m) => ({ ...m })) },
    mail: json.mail === true,
    // A path on this origin only: the page links to it.
    mailbox:
      typeof json.mailbox === 'string' && /^\/sandbox\/[\w/-]+$/.test(json.mailbox)
        ? json.mailbox
        : undefined,
    sso:
      isObject(json.sso) && typeof json.sso.name === 'string'
        ? { name: json.sso.name.slice(0, 80) }
        : undefined,
    idle_timeout_ms: positiveInt(json.idle_timeout_ms, 15 * 60 * 1000, 'idle_timeout_ms'),
    request_timeout_ms: positiveInt(json.request_timeout_ms, 30_000, 'request_timeout_ms'),
  };
}

/** Where requests go (sandbox or an upstream host): from the console server, no credentials needed. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { credentials: 'omit', cache: 'no-store' });
  if (!response.ok) throw new Error(`The console server answered ${response.status} for /config.json`);
  const config = parseRuntimeConfig(await response.json());
  setRequestTimeout(config.request_timeout_ms);
  return config;
}

export const runtimeConfigQuery = queryOptions({
  queryKey: ['runtime-config'],
  queryFn: fetchRuntimeConfig,
  staleTime: Number.POSITIVE_INFINITY,
});
