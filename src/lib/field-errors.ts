import type { z } from './zod';

/** One field at fault in a refused request: its dotted path (`ach_info.routing_number`) and why. */
export interface FieldError {
  path: string;
  message: string;
}

/** A zod refusal as the fields at fault (`(body)` for the body as a whole), `prefix` before each path. */
export function fieldErrorsFrom(issues: readonly z.core.$ZodIssue[], prefix: string[] = []): FieldError[] {
  return issues.map((issue) => ({
    path: [...prefix, ...issue.path.map(String)].join('.') || '(body)',
    message: issue.message,
  }));
}
