import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import { LineBatch } from './log-batch';

/**
 * The console server's log: one JSON line per request and per money event, read by an operator's tools; pretty
 * lines for a person at a terminal (`npm start`), when pino-pretty is installed (it is a development dependency,
 * absent from the image). LOG_FORMAT=json|pretty overrides; LOG_LEVEL sets the level (info).
 *
 * Nothing here is given a body, a header or a query string: the fields are chosen where a line is written, and the
 * redaction below is a second net for the names a credential could travel under. The lines written for every request
 * and money event go through `accessLog()`, which writes to the same place without that net: their fields are a fixed
 * set of ids, a route label, numbers and words (pipeline/request-log.ts), and the net cost as much as the line.
 */
export function createLogger(
  env: NodeJS.ProcessEnv = process.env,
  destination?: pino.DestinationStream,
): Logger {
  const format = env.LOG_FORMAT?.trim() || (process.stdout.isTTY ? 'pretty' : 'json');
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL?.trim() || 'info',
    base: { service: 'payout-console' },
    timestamp: () => `,"time":"${isoNow()}"`,
    redact: {
      paths: [
        'authorization',
        'password',
        'token',
        'api_key',
        'apiKey',
        'secret',
        'account_number',
        'tin',
        'link',
        '*.authorization',
        '*.password',
        '*.token',
        '*.api_key',
        '*.account_number',
        '*.tin',
      ],
      censor: '[redacted]',
    },
  };
  if (destination) return withAccessLog(pino(options, destination), options, destination);
  if (format === 'pretty' && prettyAvailable()) {
    // A person reads these at a terminal: one logger, redaction and all.
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
    });
  }
  // Written in the background, as pino's own stdout is: a line is queued and the event loop goes on. Lines go out
  // 16 KiB at a time (some sixty lines), or a quarter of a second after they were logged: under load one write where
  // there were sixty, each a job for another thread and a wake-up of the reader. They are gathered in front of pino's
  // destination (LineBatch says why), which writes each batch as it comes. Held here so that a stop writes what
  // is still queued (flushLog): pino's exit hook skips the write under way, and a stop under load lost its last lines
  // that way.
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 0 });
  // At exit, pino's destination in step (as a stop's, flushLog): it writes at once, and again while a pipe says EAGAIN.
  const batch = new LineBatch(stdout, undefined, (chunk) =>
    pino.destination({ dest: 1, sync: true }).write(chunk),
  );
  // An exit without a stop (a crash): what pino's destination holds, then what is gathered, written in step.
  process.once('exit', () => {
    try {
      batch.flushSync();
    } catch {
      // The destination is closed or broken: there is nowhere left to write.
    }
  });
  const logger = withAccessLog(pino(options, batch), options, batch);
  backgrounds.set(logger, { batch, destination: stdout, options });
  return logger;
}

/** A line of the access log: a fixed set of ids, a route label, numbers and words, chosen where it is written. */
export type AccessFields = Readonly<Record<string, string | number | null>>;

/** Where the per-request and per-money-event lines go. */
export interface AccessLog {
  /** Whether a line at `info` is written (the log's level): a line that is not is not worked out either. */
  enabled(): boolean;
  info(fields: AccessFields, msg: string): void;
}

/** Each JSON logger's access log: the same level and destination, without the redaction pass. */
const accessLogs = new WeakMap<Logger, AccessLog>();

/**
 * The access log of a logger that writes JSON lines to `destination`: each line made here, in pino's own layout
 * (level, time, the base fields, the line's fields, msg; a test holds the two alike) with one `JSON.stringify`, and
 * handed to the destination pino writes to. Why, measured in one console server under a member's payments with its
 * lines switched between the two ways in turns: pino builds a line as a string of many pieces, and those pieces live
 * on, gathered, until they are written (LineBatch); the young-generation collections took about 5 µs more a payment
 * with pino's lines than with these flat ones (49 µs against 44), and pino's own work on the two lines some 2 µs more.
 */
function withAccessLog(
  logger: Logger,
  options: pino.LoggerOptions,
  destination: { write(line: string): unknown },
): Logger {
  const base = options.base ?? {};
  const level = logger.levels.values.info ?? 30;
  accessLogs.set(logger, {
    enabled: () => logger.isLevelEnabled('info'),
    info(fields, msg) {
      if (!logger.isLevelEnabled('info')) return;
      destination.write(`${JSON.stringify({ level, time: isoNow(), ...base, ...fields, msg })}\n`);
    },
  });
  return logger;
}

/** A logger's own `info`, for a logger made elsewhere (a test's, pretty lines for a person, a stop's). */
function throughPino(logger: Logger): AccessLog {
  return {
    enabled: () => logger.isLevelEnabled('info'),
    info: (fields, msg) => logger.info(fields, msg),
  };
}

let lastMs = Number.NaN;
let lastIso = '';

/**
 * The time now, as ISO 8601 in UTC: the text of the last millisecond asked again when it is the same millisecond
 * (under load most lines are), instead of a new Date and its text for every line.
 */
export function isoNow(now = Date.now()): string {
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}

/** The loggers that write in the background, with what a stop needs to end them and go on writing in step. */
const backgrounds = new WeakMap<
  Logger,
  { batch: LineBatch; destination: SonicBoom; options: pino.LoggerOptions }
>();
type SonicBoom = ReturnType<typeof pino.destination>;

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

let shared: Logger | null = null;

/** The process's logger (made on first use from the environment). */
export function log(): Logger {
  shared ??= createLogger();
  return shared;
}

/**
 * Where the per-request and per-money-event lines go, whose fields are fixed where they are written: the process's
 * log, without its redaction pass when it has one of its own (a logger a test or an embedder set is used as it is).
 */
export function accessLog(): AccessLog {
  const logger = log();
  let access = accessLogs.get(logger);
  if (!access) {
    access = throughPino(logger);
    accessLogs.set(logger, access);
  }
  return access;
}

/**
 * Writes every line the log still queues (a stop awaits it before the process ends); a line logged after it is
 * written at once, in step.
 */
export function flushLog(): Promise<void> {
  const background = shared && backgrounds.get(shared);
  if (!background) return Promise.resolve();
  background.batch.flush();
  shared = pino(background.options, pino.destination({ dest: 1, sync: true }));
  return new Promise((resolve) => {
    // Bounded: a reader of stdout that never reads again does not hold the stop.
    const given = setTimeout(resolve, 2_000);
    background.destination.once('close', () => {
      clearTimeout(given);
      resolve();
    });
    background.destination.end();
  });
}

/** Tests and embedders give their own (a stream they read back). */
export function setLogger(logger: Logger): void {
  shared = logger;
}
