/**
 * Settings from the environment, shared by the console server and the standalone sandbox (Node only; the browser
 * never imports src/node). Every window and limit is an environment variable, so that tests can use short ones.
 */
export function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number of at least 0 (got "${raw}")`);
  }
  return value;
}

export interface ExposureSettings {
  /** Where the server listens (HOST). */
  host: string;
  /** Host names besides loopback ones that /v2 and /sandbox answer to: HOST and ALLOWED_HOSTS. */
  allowedHosts: string[];
  /** SANDBOX_HELPERS=on: /sandbox/* for clients on other machines too. */
  sandboxHelpersForEveryone: boolean;
}

export function exposureFromEnv(env: NodeJS.ProcessEnv = process.env): ExposureSettings {
  const host = env.HOST?.trim() || '127.0.0.1';
  return {
    host,
    allowedHosts: [host, ...(env.ALLOWED_HOSTS ?? '').split(',')].map((h) => h.trim()).filter(Boolean),
    sandboxHelpersForEveryone: env.SANDBOX_HELPERS?.trim().toLowerCase() === 'on',
  };
}
