import { type ErrorBody, errorBody, type FieldError } from '../node/error-body';

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

/** The one answer for "no such thing" and "not yours", so that no response tells another tenant's ids apart. */
export function notFoundOrUnauthorized(): HttpError {
  return new HttpError(403, 'not-found-or-unauthorized', 'Resource not found or unauthorized');
}

export function validationError(errors: FieldError[]): HttpError {
  const first = errors[0];
  const summary =
    errors.length === 1 && first ? `${first.path}: ${first.message}` : `${errors.length} fields are invalid`;
  return new HttpError(400, 'validation-failed', `Invalid request: ${summary}`, errors);
}
