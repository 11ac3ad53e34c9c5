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
    timestamp: pino.stdTimeFunctions.isoTime,
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

/** Each logger's access log: the same level, fields and destination, without the redaction pass. */
const accessLogs = new WeakMap<Logger, Logger>();

function withAccessLog(
  logger: Logger,
  options: pino.LoggerOptions,
  destination: pino.DestinationStream,
): Logger {
  const { redact: _net, ...unredacted } = options;
  accessLogs.set(logger, pino(unredacted, destination));
  return logger;
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
export function accessLog(): Logger {
  const logger = log();
  return accessLogs.get(logger) ?? logger;
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
