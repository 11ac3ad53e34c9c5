import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FILE_SECRETS } from '../../node/file-secrets';

/**
 * Where no container engine runs, the compose file and the Dockerfile are checked by what the servers read: every
 * variable they set is one some server reads from its environment (a misspelt one would be silently ignored), and
 * every secret file a service names is one it mounts. `npm run image:check` runs the Dockerfile's steps themselves.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

function variablesTheServersRead(): Set<string> {
  const names = new Set<string>();
  for (const file of ['src/server', 'src/sandbox', 'src/node'].flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)/g)) names.add(match[1] as string);
    for (const match of text.matchAll(/\benv\[\s*['"]([A-Z][A-Z0-9_]+)['"]\s*\]/g))
      names.add(match[1] as string);
    for (const match of text.matchAll(/intFromEnv\([^,]+,\s*'([A-Z][A-Z0-9_]+)'/g))
      names.add(match[1] as string);
  }
  for (const name of FILE_SECRETS) names.add(`${name}_FILE`);
  return names;
}

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  secrets?: string[];
}

const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
};
const ours = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
const read = variablesTheServersRead();

describe('compose.yaml, read against the servers', () => {
  it('runs the console on PostgreSQL with two replicas, the payout service and a mail catcher', () => {
    expect(compose.services.console).toMatchObject({ deploy: { replicas: 2 } });
    expect(compose.services.console?.environment?.DATABASE_URL_FILE).toBeDefined();
    expect(compose.services.database?.image).toMatch(/^postgres:/);
    expect(compose.services.sandbox).toBeDefined();
    expect(compose.services.console?.environment?.SMTP_URL).toMatch(/^smtp:\/\/mail:/);
  });

  it.each(ours)('sets only variables the servers read (%s)', (_name, service) => {
    const unknown = Object.keys(service.environment ?? {}).filter((name) => !read.has(name));
    expect(unknown).toEqual([]);
  });

  it.each(ours)('keeps secrets in mounted files, not in the environment (%s)', (_name, service) => {
    for (const [name, value] of Object.entries(service.environment ?? {})) {
      // A variable that may carry a secret is set here only without one (a mail catcher's URL has no password).
      if ((FILE_SECRETS as readonly string[]).includes(name)) expect(value).not.toContain('@');
      if (!name.endsWith('_FILE') || !value.startsWith('/run/secrets/')) continue;
      const secret = value.slice('/run/secrets/'.length);
      expect(service.secrets).toContain(secret);
      expect(compose.secrets[secret]).toBeDefined();
    }
    const names = Object.keys(service.environment ?? {});
    for (const secret of ['AUDIT_KEY', 'PAYOUT_API_KEY', 'DATABASE_URL']) expect(names).not.toContain(secret);
  });

  it('sets in the image only variables the server reads', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const envLines = dockerfile.split('\n').filter((line) => line.startsWith('ENV '));
    const names = envLines.flatMap((line) =>
      [...line.matchAll(/([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1] as string),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => name !== 'NODE_ENV' && !read.has(name))).toEqual([]);
  });
});
