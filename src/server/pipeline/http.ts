import type { Context } from 'hono';
import { errorBody, type FieldError } from '../../node/error-body';

/** A refusal that names the fields at fault (400), or a conflict with what exists (409). */
export function invalidRequest(c: Context, errors: FieldError[], status: 400 | 409 = 400): Response {
  return c.json(errorBody('invalid-request', 'Some fields are wrong', errors), status);
}

/** A refusal in the one error shape, with its fields when it has some. */
export function refused(
  c: Context,
  refusal: {
    status: number;
    code: string;
    message: string;
    errors?: FieldError[] | undefined;
    field?: string | undefined;
  },
): Response {
  const errors = refusal.errors ?? (refusal.field ? [{ path: refusal.field, message: refusal.message }] : []);
  return c.json(errorBody(refusal.code, refusal.message, errors), refusal.status as 400);
}
