import { ROLES } from '../../lib/roles';
import { z } from '../../lib/zod';

/** The invite form's rules: the same the console server applies to POST /team/members. */
export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter their email')
    .max(320, 'At most 320 characters')
    .pipe(z.email('Enter an email address')),
  name: z.string().trim().min(1, 'Enter their name').max(120, 'At most 120 characters'),
  role: z.enum(ROLES, 'Choose a role'),
});
export type InviteInput = z.input<typeof inviteSchema>;
export type InviteOutput = z.output<typeof inviteSchema>;
