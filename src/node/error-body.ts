import type { FieldError } from '../lib/field-errors';

// Where the field errors are made: lib/, so that the request schemas both servers share can name them too.
export { type FieldError, fieldErrorsFrom } from '../lib/field-errors';

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
