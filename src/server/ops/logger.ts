import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';

/**
 * The console server's log: one JSON line per request and per money event, read by an operator's tools; pretty
 * lines for a person at a terminal (`npm start`), when pino-pretty is installed (it is a development dependency,
 * absent from the image). LOG_FORMAT=json|pretty overrides; LOG_LEVEL sets the level (info).
 *
 * Nothing here is given a body, a header or a query string: the fields are chosen where a line is written, and the
 * redaction below is a second net for the names a credential could travel under.
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
  if (destination) return pino(options, destination);
  if (format === 'pretty' && prettyAvailable()) {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
    });
  }
  return pino(options);
}

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

/** Tests and embedders give their own (a stream they read back). */
export function setLogger(logger: Logger): void {
  shared = logger;
}
