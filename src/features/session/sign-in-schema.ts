import { z } from '../../lib/zod';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** On a production upstream, every action must have an author: the operator's name is then required. */
export function signInSchemaFor(production: boolean) {
  return signInSchema.superRefine((values, ctx) => {
    if (production && values.operator.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['operator'],
        message: 'Enter your name or email: required in production',
      });
    }
  });
}

export const signInSchema = z.object({
  operator: z.string().trim().max(120, 'At most 120 characters'),
  clientId: z
    .string()
    .trim()
    .min(1, 'Enter your client ID')
    .max(200, 'A client ID is at most 200 characters'),
  apiKey: z.string().min(1, 'Enter your API key').max(500, 'An API key is at most 500 characters'),
  appId: z
    .string()
    .trim()
    .refine((value) => value === '' || uuid.test(value), 'An app ID is a UUID (or leave it empty)'),
});
export type SignInValues = z.infer<typeof signInSchema>;
