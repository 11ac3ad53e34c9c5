import { redact } from '../lib/redact';
import { session } from './credentials';

/** One API call of this tab, as the request inspector shows it: no Authorization header, account numbers masked. */
export interface LoggedRequest {
  seq: number;
  at: string;
  method: string;
  /** Path and query, as sent. */
  path: string;
  status: number;
  durationMs: number;
  requestId: string | null;
  appId: string | null;
  requestBody: string | null;
  responseBody: string | null;
}

const MAX_ENTRIES = 200;
const MAX_BODY_CHARS = 20_000;
let entries: LoggedRequest[] = [];
let seq = 0;
const listeners = new Set<() => void>();

session.subscribe(() => {
  if (session.get().status === 'signed-out') {
    entries = [];
    for (const listener of listeners) listener();
  }
});

function shown(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return body.slice(0, MAX_BODY_CHARS);
    }
  }
  return JSON.stringify(redact(value), null, 2).slice(0, MAX_BODY_CHARS);
}

export const requestLog = {
  record(
    entry: Omit<LoggedRequest, 'seq' | 'at' | 'requestBody' | 'responseBody'> & {
      requestBody: unknown;
      responseBody: unknown;
    },
  ) {
    seq += 1;
    const logged: LoggedRequest = {
      ...entry,
      seq,
      at: new Date().toISOString(),
      requestBody: shown(entry.requestBody),
      responseBody: shown(entry.responseBody),
    };
    entries = [logged, ...entries].slice(0, MAX_ENTRIES);
    for (const listener of listeners) listener();
  },
  entries: (): readonly LoggedRequest[] => entries,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
