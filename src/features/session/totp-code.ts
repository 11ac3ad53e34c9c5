import { z } from '../../lib/zod';

/** The 6 digits an authenticator app shows, as typed (spaces around them are fine). */
export const totpCodeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits your app shows'),
});
