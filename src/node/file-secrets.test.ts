import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileSecrets } from './file-secrets';

describe('withFileSecrets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
  const file = join(dir, 'database-url');
  writeFileSync(file, 'postgres://console:s3cret@db/console\n');

  it('reads NAME from the file NAME_FILE names, without its trailing newline', () => {
    expect(withFileSecrets({ DATABASE_URL_FILE: file }).DATABASE_URL).toBe(
      'postgres://console:s3cret@db/console',
    );
  });

  it('refuses both set rather than guess which wins', () => {
    expect(() => withFileSecrets({ DATABASE_URL_FILE: file, DATABASE_URL: 'postgres://x' })).toThrow(
      /not both/,
    );
  });

  it('leaves the environment as it is without _FILE variables', () => {
    expect(withFileSecrets({ SMTP_URL: 'smtp://a' })).toEqual({ SMTP_URL: 'smtp://a' });
  });
});
