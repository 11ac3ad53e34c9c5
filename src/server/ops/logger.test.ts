import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { lineSink } from '../test/quiet-log';
import { accessLog, createLogger, isoNow, log, setLogger } from './logger';

const previous = log();
afterEach(() => setLogger(previous));

describe("the console server's log", () => {
  it('redacts what could carry a credential, and writes the access lines to the same place at the same level', () => {
    const { lines: written, stream } = lineSink();
    setLogger(createLogger({ LOG_LEVEL: 'info' }, stream));
    log().info({ password: 'hunter2', nested: { api_key: 'sk_live_x' } }, 'anything');
    accessLog().info({ kind: 'request', route: 'POST /v2/payments', status: 201 }, 'request');
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

  it('writes no access line below its level, and says so before a line is worked out', () => {
    const { lines: written, stream } = lineSink();
    setLogger(createLogger({ LOG_LEVEL: 'warn' }, stream));
    expect(accessLog().enabled()).toBe(false);
    accessLog().info({ kind: 'request' }, 'request');
    log().warn('a warning');
    expect(written.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['a warning']);
  });

  it('makes an access line as pino makes it: the same fields, in the same order, with the time in ISO 8601', () => {
    const fields = {
      kind: 'money',
      request_id: 'req "quoted" \\ é\n',
      member_id: null,
      action: 'payment.create',
      status: 201,
      amount_cents: 12_345,
      duration_ms: 3.21,
    };
    const made = lineSink();
    setLogger(createLogger({ LOG_LEVEL: 'info' }, made.stream));
    accessLog().info(fields, 'money');
    const { lines: byPino, stream } = lineSink();
    const options = {
      level: 'info',
      base: { service: 'payout-console' },
      timestamp: pino.stdTimeFunctions.isoTime,
    };
    pino(options, stream).info(fields, 'money');
    const [ours, theirs] = [made.lines[0] ?? '', byPino[0] ?? ''].map(
      (line) => JSON.parse(line) as Record<string, unknown>,
    );
    expect(Object.keys(ours ?? {})).toEqual(Object.keys(theirs ?? {}));
    expect({ ...ours, time: 'at' }).toEqual({ ...theirs, time: 'at' });
    expect(new Date(String(ours?.time)).toISOString()).toBe(ours?.time);
  });

  it('gives the time of a millisecond as ISO 8601, the same text again within it', () => {
    const at = Date.UTC(2026, 11, 3, 13, 4, 5, 67);
    expect(isoNow(at)).toBe('2026-12-03T13:04:05.067Z');
    expect(isoNow(at)).toBe(isoNow(at));
    expect(isoNow(at + 1)).toBe('2026-12-03T13:04:05.068Z');
    expect(isoNow(at)).toBe('2026-12-03T13:04:05.067Z');
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
