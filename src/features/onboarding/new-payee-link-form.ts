import type { FlowDelivery } from '../../lib/flow-links';
import { z } from '../../lib/zod';
import { ticketField } from './ticket-schema';

export const PAYEE_LINK_STEPS = [
  { value: 'compliance', label: 'Tax form (W-9)' },
  { value: 'manage-payouts', label: 'Payout method' },
] as const;

/**
 * A link for a new payee: its steps, how it goes (by email only where this console sends mail) and, by email, the
 * payee's address. The output is what the link is made of.
 */
export const payeeLinkFormSchema = (mail: boolean) =>
  z
    .object({
      steps: z.array(z.enum(['compliance', 'manage-payouts'])).min(1, 'Choose at least one step'),
      delivery: z.enum(['email', 'copy']),
      email: z.string().trim(),
      ticket: ticketField,
    })
    .transform((form) => ({ ...form, delivery: (mail ? form.delivery : 'copy') as FlowDelivery }))
    .superRefine((form, ctx) => {
      if (form.delivery === 'email' && !z.email().safeParse(form.email).success) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'An email address, like rae@example.com' });
      }
    });
export type PayeeLinkFormValues = z.input<ReturnType<typeof payeeLinkFormSchema>>;
