import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { lineSink } from '../test/quiet-log';
import { accessLog, createLogger, log, setLogger } from './logger';

const previous = log();
afterEach(() => setLogger(previous));

describe("the console server's log", () => {
  it('redacts what could carry a credential, and writes the access lines to the same place at the same level', () => {
    const { lines: written, stream } = lineSink();
    setLogger(createLogger({ LOG_LEVEL: 'info' }, stream));
    log().info({ password: 'hunter2', nested: { api_key: 'sk_live_x' } }, 'anything');
    accessLog().info({ kind: 'request', route: 'POST /v2/payments', status: 201 }, 'request');
    accessLog().debug({ kind: 'request' }, 'below the level');
    const lines = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ password: '[redacted]', nested: { api_key: '[redacted]' } });
    expect(lines[1]).toMatchObject({
      service: 'payout-console',
      kind: 'request',
      status: 201,
      msg: 'request',
    });
    expect(typeof lines[1]?.time).toBe('string');
  });

  it('writes access lines through a logger a test set, as it is', () => {
    const { lines: written, stream } = lineSink();
    setLogger(pino({ level: 'info', redact: ['member_id'] }, stream));
    accessLog().info({ kind: 'request', member_id: 'mem_1' }, 'request');
    const lines = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ kind: 'request', member_id: '[Redacted]' })]);
  });

  it('writes the lines it still gathers when the process ends without a stop', async () => {
    // A process that logs and exits at once (as a crash does): its lines sit gathered in memory, below the size of a
    // write and before the quarter-second, and only the exit hook can write them.
    const script = [
      "const { createLogger } = await import('./src/server/ops/logger.ts');",
      "const logger = createLogger({ LOG_FORMAT: 'json', LOG_LEVEL: 'info' });",
      "for (let n = 0; n < 3; n++) logger.info({ kind: 'request', n }, 'request');",
      'process.exit(3);',
    ].join('\n');
    const ended = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        env: { ...process.env, LOG_FORMAT: 'json' },
      },
    ).catch((error: { code: number; stdout: string }) => error);
    expect('code' in ended ? ended.code : 0).toBe(3);
    const written = ended.stdout.split('\n').filter(Boolean);
    expect(written.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual([0, 1, 2]);
  }, 20_000);
});
