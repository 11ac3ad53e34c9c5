import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { accessLog, createLogger, log, setLogger } from './logger';

function sink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const previous = log();
afterEach(() => setLogger(previous));

describe("the console server's log", () => {
  it('redacts what could carry a credential, and writes the access lines to the same place at the same level', () => {
    const { lines, stream } = sink();
    setLogger(createLogger({ LOG_LEVEL: 'info' }, stream));
    log().info({ password: 'hunter2', nested: { api_key: 'sk_live_x' } }, 'anything');
    accessLog().info({ kind: 'request', route: 'POST /v2/payments', status: 201 }, 'request');
    accessLog().debug({ kind: 'request' }, 'below the level');
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
    const { lines, stream } = sink();
    setLogger(pino({ level: 'info', redact: ['member_id'] }, stream));
    accessLog().info({ kind: 'request', member_id: 'mem_1' }, 'request');
    expect(lines).toEqual([expect.objectContaining({ kind: 'request', member_id: '[Redacted]' })]);
  });
});
