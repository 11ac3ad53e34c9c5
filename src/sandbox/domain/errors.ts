import type { FieldError } from '../../lib/field-errors';

/**
 * Why the service refuses, in the domain's words; routes/http-error.ts gives each kind its HTTP status, in one place.
 * - `invalid`: the request's values cannot be served (the fields at fault in `errors`, when there are any)
 * - `unauthenticated`: missing, malformed or wrong credentials
 * - `not-found-or-unauthorized`: no such thing, or another tenant's: one answer for both, so that none tells them apart
 * - `not-found`: an id given to a sandbox helper (which takes no credentials, so has no tenant) names nothing
 * - `forbidden`: the caller is known, the thing is theirs, but the one acting may not do this (an AP user's role)
 * - `conflict`: the state forbids it (a key used before, a disabled user, a link no longer open)
 * - `too-many-attempts`: try again in `retryAfterSeconds`
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'not-found-or-unauthorized'
  | 'not-found'
  | 'forbidden'
  | 'conflict'
  | 'too-many-attempts';

/** A refusal: thrown inside a transaction, it also undoes what the transaction wrote. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Kebab-case and stable: what a program reads (`error_code`). */
    readonly code: string,
    message: string,
    readonly errors: readonly FieldError[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The one refusal for "no such thing" and "not yours", so that no answer tells another tenant's ids apart. */
export function notFoundOrUnauthorized(): DomainError {
  return new DomainError(
    'not-found-or-unauthorized',
    'not-found-or-unauthorized',
    'Resource not found or unauthorized',
  );
}

/** The tenancy check: a row the store found among the caller's (its look-ups name the tenant), or that refusal. */
export function found<Row>(row: Row | undefined): Row {
  if (row === undefined) throw notFoundOrUnauthorized();
  return row;
}
