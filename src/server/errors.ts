import { type ErrorBody, errorBody, type FieldError } from '../node/error-body';

/**
 * The statuses the console server refuses with: a client's mistake or a rule; 503 only when a check a rule needs could
 * not be made (the service did not answer it), so nothing was sent.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface RefusalOptions {
  /** The fields at fault. */
  errors?: FieldError[] | undefined;
  /** One field at fault, named with the message itself (a shorthand for `errors`). */
  field?: string | undefined;
  /** What the answer carries besides the error shape (an approval's `limit`, a hold's `held_until`). */
  extra?: Record<string, unknown> | undefined;
  /** Said in a Retry-After header. */
  retryAfterSeconds?: number | undefined;
}

/**
 * Why the console server does not do what was asked: the one type of every refusal, whoever finds it (the pipeline,
 * the `/v2` gate, a service). A service returns it as a value, since it never sees the request; a route returns it as
 * its answer, and the pipeline writes it (pipeline/answer.ts) in the one error shape of every server
 * (node/error-body.ts).
 */
export class Refusal {
  /** So that a union of outcomes (`{ kind: 'applied' } | Refusal`) tells them apart by `kind` too. */
  readonly kind = 'refused' as const;
  readonly status: RefusalStatus;
  readonly code: string;
  readonly message: string;
  readonly errors: FieldError[];
  readonly extra: Record<string, unknown>;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: RefusalStatus, code: string, message: string, options: RefusalOptions = {}) {
    this.status = status;
    this.code = code;
    this.message = message;
    this.errors = options.errors ?? (options.field ? [{ path: options.field, message }] : []);
    this.extra = options.extra ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The answer's body: the error shape, and what this refusal adds to it. */
  body(): ErrorBody & Record<string, unknown> {
    return { ...errorBody(this.code, this.message, this.errors), ...this.extra };
  }
}

/*
 * The refusals several places make, written once.
 */

/** Fields of a body that are wrong (400), or that conflict with what exists (409). */
export const invalidFields = (errors: FieldError[], status: 400 | 409 = 400) =>
  new Refusal(status, 'invalid-request', 'Some fields are wrong', { errors });

/**
 * A body a team rule must read before it is sent (a vendor's bank details, an approval policy), that does not read:
 * refused at its fields in the sandbox's words, never sent on unjudged for the service to take or refuse.
 */
export function unjudgedFields(errors: FieldError[]): Refusal {
  const first = errors[0];
  const summary =
    errors.length === 1 && first ? `${first.path}: ${first.message}` : `${errors.length} fields are invalid`;
  return new Refusal(400, 'validation-failed', `Invalid request: ${summary}`, { errors });
}

/** A JSON write sent as a form: the rule reads JSON only. */
export const notAForm = () => new Refusal(415, 'unsupported-media-type', 'Send the body as application/json');

/** Filters of a list (its query) that are wrong. */
export const invalidFilters = (errors: FieldError[]) =>
  new Refusal(400, 'invalid-request', 'Some filters are wrong', { errors });

/** The sandbox's and the `/v2` gate's answer to a body that is not JSON: one code for one mistake. */
export const notJson = () => new Refusal(400, 'malformed-json', 'The body is not valid JSON');

/** A route the console server does not have: answered in the error shape, never with the console's page. */
export const routeNotFound = (message: string) => new Refusal(404, 'route-not-found', message);

/** A one-time link that is used, expired, or never was. */
export const linkNotFound = () =>
  new Refusal(404, 'invitation-not-found', 'This link is not valid or has expired');

/** An approval request that is not the member's organization's (or none at all: the same answer). */
export const approvalRequestNotFound = () =>
  new Refusal(404, 'request-not-found', 'No approval request of your organization has this id');

/** A member that is not of the admin's team (or none at all). */
export const memberNotFound = () =>
  new Refusal(404, 'member-not-found', 'No member of your team has this id');

/** A team request that is not of the admin's organization (or none at all). */
export const teamRequestNotFound = () =>
  new Refusal(404, 'team-request-not-found', 'No team request of your organization has this id');
