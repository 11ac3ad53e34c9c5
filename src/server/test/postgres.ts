import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PG_BIN, else the newest of Debian's PostgreSQL binaries (package `postgresql`). */
function binaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return join(root, versions[0] ?? '15', 'bin');
}
const BIN = binaries();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface ThrowAwayPostgres {
  url: string;
  stop(): void;
}

/**
 * A PostgreSQL cluster of the tests' own, in a temporary directory on a free port, or the reason there is none.
 * PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
 */
export async function startThrowAwayPostgres(): Promise<ThrowAwayPostgres | { skipped: string }> {
  if (!existsSync(join(BIN, 'initdb')))
    return { skipped: `no PostgreSQL binaries in ${BIN} (Debian package postgresql)` };
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]]
      : [join(BIN, command), args];
    const result = spawnSync(file, argv as string[], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const dir = mkdtempSync(join(tmpdir(), 'console-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  try {
    if (asRoot) execFileSync('chown', ['postgres', dir]);
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const port = await freePort();
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop() {
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `PostgreSQL did not start: ${(error as Error).message.split('\n')[0]}` };
  }
}
