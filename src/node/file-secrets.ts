import { readFileSync } from 'node:fs';

/**
 * Secrets a deployment keeps in files (a container's secrets, mounted read-only) rather than in the environment,
 * where every process of the machine's user can read them: `NAME_FILE` names the file that holds `NAME`. Both set
 * is a mistake said at start, never a guess of which one wins.
 */
export const FILE_SECRETS = [
  'DATABASE_URL',
  'SMTP_URL',
  'METRICS_TOKEN',
  'PAYOUT_API_KEY',
  'PAYOUT_CLIENT_ID',
  'PAYOUT_EVENTS_SECRET',
] as const;

export function withFileSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of FILE_SECRETS) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) throw new Error(`Set ${name} or ${name}_FILE, not both`);
    out[name] = readFileSync(file, 'utf8').trim();
  }
  return out;
}
