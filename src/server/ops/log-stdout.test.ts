import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startConsoleProcess } from '../test/process';
import { tempDir } from '../test/temp-dir';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('the request log of a console server on stdout', () => {
  it('never holds a request while the reader of stdout is behind, and writes every line before the process ends', async () => {
    const dir = tempDir('console-log-');
    const server = await startConsoleProcess({
      SANDBOX_DB: join(dir, 'sandbox.db'),
      CONSOLE_DB: join(dir, 'console.db'),
      STATIC_DIR: dir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    });
    children.push(server.child);
    const stdout = server.child.stdout;
    if (!stdout) throw new Error('no stdout');
    // A log collector that stops reading: the pipe fills (64 KiB) after a few hundred lines.
    stdout.pause();
    const ids = Array.from({ length: 1_200 }, (_, n) => `stalled-reader-${n}`);
    const answered = await Promise.race([
      (async () => {
        for (let n = 0; n < ids.length; n += 50) {
          await Promise.all(
            ids.slice(n, n + 50).map(async (id) => {
              const answer = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': id } });
              await answer.arrayBuffer();
              return answer.status;
            }),
          );
        }
        return 'answered';
      })(),
      new Promise((resolve) => setTimeout(() => resolve('held'), 8_000)),
    ]);
    expect(answered, 'requests were answered while nothing read the log').toBe('answered');

    // The collector reads again, and the server stops: every request's line is there.
    let out = '';
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    stdout.resume();
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    const logged = new Set(
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { request_id?: string }).request_id),
    );
    expect(ids.filter((id) => !logged.has(id))).toEqual([]);
  }, 30_000);
});
