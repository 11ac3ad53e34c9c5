import type { Context } from 'hono';
import { type ErrorBody, errorBody, type FieldError } from '../../node/error-body';
import { DomainError, type DomainErrorKind } from '../domain/errors';

/** A refusal the caller can act on: status, kebab-case code, human message, and the fields at fault. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return errorBody(this.code, this.message, this.errors);
  }
}

export function validationError(errors: FieldError[]): HttpError {
  const first = errors[0];
  const summary =
    errors.length === 1 && first ? `${first.path}: ${first.message}` : `${errors.length} fields are invalid`;
  return new HttpError(400, 'validation-failed', `Invalid request: ${summary}`, errors);
}

/** Sent with every 401, as RFC 9110 asks: how to authenticate. */
export const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="sandbox", charset="UTF-8"' };

/** The one place a domain refusal becomes HTTP: its kind is its status. */
const STATUS_OF: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  'not-found-or-unauthorized': 403,
  'not-found': 404,
  forbidden: 403,
  conflict: 409,
  'too-many-attempts': 429,
};

export function httpErrorOf(error: DomainError): HttpError {
  const headers: Record<string, string> =
    error.kind === 'unauthenticated'
      ? BASIC_CHALLENGE
      : error.retryAfterSeconds !== undefined
        ? { 'Retry-After': String(error.retryAfterSeconds) }
        : {};
  return new HttpError(STATUS_OF[error.kind], error.code, error.message, [...error.errors], headers);
}

/** Turns any thrown error into the one error shape; a client's mistake never becomes a 5xx. */
export function handleError(thrown: Error, c: Context): Response {
  const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown;
  if (error instanceof HttpError) return c.json(error.body(), error.status as never, error.headers);
  console.error(`[sandbox] unexpected error on ${c.req.method} ${c.req.path}:`, error.name, error.message);
  return c.json(errorBody('internal-error', 'The sandbox failed; this is a bug'), 500);
}

/** A domain refusal as HTTP, or null for anything else (a page that renders refusals itself, flow-pages.ts). */
export function refusalOf(thrown: unknown): HttpError | null {
  return thrown instanceof DomainError ? httpErrorOf(thrown) : null;
}
