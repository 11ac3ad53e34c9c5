import { z } from '../../lib/zod';

/** Setting a password from a one-time link; the first admin also names themself. */
export function invitationSchema(namesThemself: boolean) {
  return z
    .object({
      email: namesThemself
        ? z.string().trim().min(1, 'Enter your email').pipe(z.email('Enter an email address'))
        : z.string().optional(),
      name: namesThemself ? z.string().trim().min(1, 'Enter your name').max(120) : z.string().optional(),
      password: z.string().min(12, 'At least 12 characters').max(200, 'At most 200 characters'),
      confirm: z.string(),
    })
    .refine((v) => v.password === v.confirm, { message: 'The two passwords differ', path: ['confirm'] });
}
export type InvitationInput = z.input<ReturnType<typeof invitationSchema>>;
