import { z } from './zod';

/**
 * A form's schema made of a request's: the form's values (as typed) become the body by `toBody`, the body is checked
 * by the schema the service reads (lib/requests/*), and each issue is put at the form field `fieldOf` names for its
 * path (`address.city` -> `city`); one that no field shows goes to `root`. The form's output is the body as built, so
 * that the rules live once, in the request's schema, and the form only says where each one is shown.
 */
export function formSchemaFor<Values extends z.ZodType, Body>(
  values: Values,
  toBody: (values: z.output<Values>) => Body,
  check: z.ZodType,
  fieldOf: (path: string) => string | undefined,
) {
  return values.transform((given, ctx): Body => {
    const body = toBody(given);
    const parsed = check.safeParse(body);
    if (parsed.success) return body;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [fieldOf(issue.path.join('.')) ?? 'root'],
      });
    }
    return z.NEVER;
  });
}
