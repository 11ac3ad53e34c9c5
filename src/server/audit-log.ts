import { mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { parseBasic } from '../node/basic-auth';

export const OPERATOR_HEADER = 'X-Console-Operator';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuditEntry {
  time: string;
  operator: string | null;
  client_id: string | null;
  method: string;
  path: string;
  status: number;
  resulting_ids: string[];
  request_id: string | null;
}

/** The client id of a Basic header, never the key. */
export function clientIdOf(authorization: string | undefined): string | null {
  return parseBasic(authorization)?.user.slice(0, 200) ?? null;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function clean(value: string | undefined): string | null {
  if (!value) return null;
  const text = decoded(value)
    .replace(/[\p{Cc}]/gu, ' ')
    .trim()
    .slice(0, 200);
  return text === '' ? null : text;
}

async function idsIn(response: Response): Promise<string[]> {
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return [];
  try {
    const body = (await response.clone().json()) as { id?: unknown };
    return typeof body?.id === 'string' ? [body.id] : [];
  } catch {
    return [];
  }
}

/**
 * Who changed what: one JSON line per state-changing /v2 request (time, operator, client id, method, path, status,
 * resulting ids, request id). Never a body, a key or an account number: paths carry ids only.
 */
export function auditLog(file: string): MiddlewareHandler {
  mkdirSync(dirname(file), { recursive: true });
  // Opened once for appending, and held for the life of the server.
  const fd = openSync(file, 'a');
  return async (c, next) => {
    await next();
    if (READS.has(c.req.method)) return;
    const entry: AuditEntry = {
      time: new Date().toISOString(),
      operator: clean(c.req.header(OPERATOR_HEADER)),
      client_id: clientIdOf(c.req.header('Authorization')),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      resulting_ids: c.res.status < 300 ? await idsIn(c.res) : [],
      request_id: c.res.headers.get('X-Request-Id') ?? clean(c.req.header('X-Request-Id')),
    };
    // Synchronous on purpose: the line is written before the answer leaves.
    writeSync(fd, `${JSON.stringify(entry)}\n`);
  };
}
