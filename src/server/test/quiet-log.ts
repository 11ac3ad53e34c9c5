import { Writable } from 'node:stream';
import pino from 'pino';
import { log, setLogger } from '../ops/logger';

// The servers a test starts in this process log nothing (a line per request would bury a failure's output). Set
// here, not through LOG_LEVEL: a console server a test starts as a process of its own still says where it listens.
setLogger(pino({ level: 'silent' }));

/** A stream that keeps what is written to it, line by line. */
export function lineSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** What the server logged while a test ran, line by line (each a JSON object), until `restore`. */
export function captureLog() {
  const previous = log();
  const { lines, stream } = lineSink();
  setLogger(pino({ level: 'info' }, stream));
  return {
    lines,
    /** The lines as objects. */
    parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => setLogger(previous),
  };
}
