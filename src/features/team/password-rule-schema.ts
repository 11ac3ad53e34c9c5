import { z } from '../../lib/zod';

/** The password rule's form: turning passwords off names the break-glass admin (the server checks the rest). */
export const passwordsOffSchema = z.object({
  break_glass_member_id: z.string().trim().min(1, 'Choose the break-glass admin'),
});
export type PasswordsOffInput = z.input<typeof passwordsOffSchema>;
export type PasswordsOffOutput = z.output<typeof passwordsOffSchema>;
