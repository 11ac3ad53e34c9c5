import { TICKET_RULE, ticketProblem } from '../../lib/ticket';
import { z } from '../../lib/zod';

/**
 * The ticket reference a user's actions carry: optional, and by its rule when given (lib/ticket.ts). Here and not in
 * lib/ticket.ts, which the sign-in page loads without zod.
 */
export const ticketField = z.string().refine((ticket) => ticketProblem(ticket) === null, TICKET_RULE);

/** A page whose every action carries one ticket reference, typed once above them. */
export const ticketFormSchema = z.object({ ticket: ticketField });
