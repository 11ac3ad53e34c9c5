import { TICKET_HEADER } from '../lib/ticket';
import type { z } from '../lib/zod';
import { type Credentials, session } from './credentials';
import { requestLog } from './request-log';

/** Everything a failed call tells the operator: status, the service's code and message, fields, and request id. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    readonly requestId: string | null = null,
    /** A 429's Retry-After, in seconds, when the service said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 0 = no answer at all (network, dropped connection): the outcome of a write is then unknown. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  response: z.ZodType<T>;
  /** Sign-in checks credentials that are not the session's yet; a 401 then is the answer, not an expiry. */
  credentials?: Credentials;
  /** No credentials at all: a member's sign-in, a one-time link. */
  anonymous?: boolean;
  /**
   * The one request that carries a cookie: finishing a sign-in through the identity provider, whose cookie binds it
   * to the browser that started it (HttpOnly, scoped to that path). Every other request sends none.
   */
  signInCookie?: boolean;
  signal?: AbortSignal;
  /** A payments file's SHA-256, on each of its rows: the console server holds the file's total to the approval limit. */
  file?: string | undefined;
  /** The app a request acts for (its wallet funds a payout), in place of the session's. */
  appId?: string | undefined;
  /** A support ticket's reference (lib/ticket.ts): the console server writes it into the audit line. */
  ticket?: string | undefined;
  /** The console server's own headers of this request (`X-Console-…`), never sent on to the service. */
  consoleHeaders?: Record<string, string> | undefined;
}

/** How long a call may take before the console stops waiting (REQUEST_TIMEOUT_MS via /config.json). */
let timeoutMs = 30_000;
export function setRequestTimeout(ms: number): void {
  timeoutMs = ms;
}

function basicAuthorization({ clientId, apiKey }: Credentials): string {
  const bytes = new TextEncoder().encode(`${clientId}:${apiKey}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

function urlFor(path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFrom(
  status: number,
  payload: unknown,
  requestId: string | null,
  retryAfter: string | null,
): ApiError {
  const body = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const fieldErrors: Record<string, string> = {};
  if (Array.isArray(body.errors)) {
    for (const item of body.errors as { path?: unknown; message?: unknown }[]) {
      if (typeof item?.path === 'string' && typeof item.message === 'string')
        fieldErrors[item.path] ??= item.message;
    }
  }
  const message =
    typeof body.message === 'string' && body.message.trim() !== ''
      ? body.message
      : typeof payload === 'string' && payload.trim() !== ''
        ? payload.slice(0, 500)
        : `The service answered ${status}`;
  const code = typeof body.error_code === 'string' ? body.error_code : `http-${status}`;
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  return new ApiError(status, code, message, fieldErrors, requestId, seconds);
}

/**
 * The only code in the browser that speaks HTTP. Same origin only, no cookies (`credentials: 'omit'`, so no native
 * login prompt either), Basic auth from the session, a request id on every call, and a zod-checked answer.
 */
export async function request<T>(options: RequestOptions<T>): Promise<T> {
  return (await exchange(options)).data;
}

/** The same, with the answer's headers (a replayed payment says so in one). */
export async function exchange<T>(options: RequestOptions<T>): Promise<{ data: T; headers: Headers }> {
  const credentials = options.anonymous ? null : (options.credentials ?? session.credentials());
  if (!credentials && !options.anonymous) throw new ApiError(401, 'signed-out', 'Sign in to continue');
  const requestId = `con_${crypto.randomUUID().replaceAll('-', '')}`;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': requestId };
  if (credentials) headers.Authorization = basicAuthorization(credentials);
  const appId = options.appId ?? credentials?.appId;
  if (appId) headers['Api-App-Id'] = appId;
  // With the organization's key, who is at the keyboard is only what they said: for the audit trail, never upstream.
  if (credentials?.operator) headers['X-Console-Operator'] = encodeURIComponent(credentials.operator);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['X-Console-File'] = options.file;
  if (options.ticket?.trim()) headers[TICKET_HEADER] = options.ticket.trim();
  for (const [name, value] of Object.entries(options.consoleHeaders ?? {})) {
    if (name.startsWith('X-Console-')) headers[name] = value;
  }

  const url = urlFor(options.path, options.query);
  const started = performance.now();
  // Every call of this tab, for the request inspector (never the Authorization header; bodies masked there).
  const log = (status: number, answeredId: string | null, responseBody: unknown) =>
    requestLog.record({
      method: options.method,
      path: url,
      status,
      durationMs: Math.round(performance.now() - started),
      requestId: answeredId,
      appId: appId ?? null,
      requestBody: options.body,
      responseBody,
    });

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: options.signInCookie ? 'same-origin' : 'omit',
      cache: 'no-store',
      signal: options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      log(0, requestId, null);
      throw new ApiError(0, 'timeout', `No answer within ${Math.round(timeoutMs / 1000)} s`, {}, requestId);
    }
    if ((error as Error).name === 'AbortError') throw error;
    log(0, requestId, null);
    throw new ApiError(
      0,
      'network-error',
      'No answer from the server: the connection failed or was dropped',
      {},
      requestId,
    );
  }
  const answeredId = response.headers.get('X-Request-Id') ?? requestId;
  let text: string;
  try {
    text = await response.text();
  } catch {
    log(0, answeredId, null);
    throw new ApiError(0, 'network-error', 'The connection dropped while the answer arrived', {}, answeredId);
  }
  const payload = parseJson(text);
  log(response.status, answeredId, payload);
  if (!response.ok) {
    if (response.status === 401 && !options.credentials && !options.anonymous) session.expire();
    throw errorFrom(response.status, payload, answeredId, response.headers.get('Retry-After'));
  }
  const parsed = options.response.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unknown';
    throw new ApiError(
      response.status,
      'unexpected-response',
      `The service answered in an unexpected shape (${where})`,
      {},
      answeredId,
    );
  }
  return { data: parsed.data, headers: response.headers };
}

/**
 * A request whose body or answer is not JSON (a bill's invoice, uploaded as a form or read as a PDF): the same
 * credentials, timeout and errors as request(); the answer is given back unread.
 */
export async function rawExchange(method: 'GET' | 'POST', path: string, body?: FormData): Promise<Response> {
  const credentials = session.credentials();
  if (!credentials) throw new ApiError(401, 'signed-out', 'Sign in to continue');
  const requestId = `con_${crypto.randomUUID().replaceAll('-', '')}`;
  const headers: Record<string, string> = {
    Authorization: basicAuthorization(credentials),
    'X-Request-Id': requestId,
  };
  if (credentials.appId) headers['Api-App-Id'] = credentials.appId;
  let response: Response;
  try {
    response = await fetch(urlFor(path, undefined), {
      method,
      headers,
      body,
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ApiError(
      0,
      'network-error',
      'No answer from the server: the connection failed or was dropped',
      {},
      requestId,
    );
  }
  if (!response.ok) {
    const payload = parseJson(await response.text().catch(() => ''));
    if (response.status === 401) session.expire();
    throw errorFrom(
      response.status,
      payload,
      response.headers.get('X-Request-Id') ?? requestId,
      response.headers.get('Retry-After'),
    );
  }
  return response;
}
