import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * A refusal's field errors, each put at the form field it names (`fieldOf` maps the service's path to the form's, or
 * to nothing). Returns whether some had no field on this form, for the page to show them itself.
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (path: string) => Path<T> | undefined,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let unplaced = false;
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(path);
    if (field) setError(field, { type: 'server', message });
    else unplaced = true;
  }
  return unplaced;
}
