import type { FlowDelivery } from '../../lib/flow-links';
import { TICKET_RULE, ticketProblem } from '../../lib/ticket';
import { z } from '../../lib/zod';

export const PAYEE_LINK_STEPS = [
  { value: 'compliance', label: 'Tax form (W-9)' },
  { value: 'manage-payouts', label: 'Payout method' },
] as const;

/** The ticket reference a user's actions carry: optional, and by its rule when given (lib/ticket.ts). */
export const ticketField = z.string().refine((ticket) => ticketProblem(ticket) === null, TICKET_RULE);

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
