import type { z } from 'zod';

/** One field at fault in a 400. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * The one shape of every refusal, of the sandbox and of the console server alike (Stripe's way): a kebab-case code, a
 * sentence for a person, and the fields at fault.
 */
export interface ErrorBody {
  success: false;
  error_code: string;
  message: string;
  errors?: FieldError[];
}

export function errorBody(code: string, message: string, errors: FieldError[] = []): ErrorBody {
  return errors.length > 0
    ? { success: false, error_code: code, message, errors }
    : { success: false, error_code: code, message };
}

/** A zod refusal as the fields at fault (`(body)` for the body as a whole), `prefix` before each path. */
export function fieldErrorsFrom(issues: readonly z.core.$ZodIssue[], prefix: string[] = []): FieldError[] {
  return issues.map((issue) => ({
    path: [...prefix, ...issue.path.map(String)].join('.') || '(body)',
    message: issue.message,
  }));
}
