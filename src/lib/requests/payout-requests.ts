import { MAX_PAYMENT_CENTS } from '../money';
import { z } from '../zod';
import { payoutMetadata, phonePayee, uuid } from './fields';

/** The vendor's body of POST /v2/payout-requests: a person asks to be paid, by user id or phone. */
export const payoutRequestCreateSchema = z
  .object({
    amount: z.int('Whole cents').min(1, 'At least 1 cent').max(MAX_PAYMENT_CENTS, 'At most $1,000,000.00'),
    user_id: uuid.optional(),
    payee: phonePayee.optional(),
    metadata: payoutMetadata.optional(),
    memo: z.string().max(500).optional(),
  })
  .strict()
  .refine((body) => (body.user_id === undefined) !== (body.payee === undefined), {
    message: 'Give exactly one of user_id or payee',
    path: ['user_id'],
  });
export type PayoutRequestCreate = z.infer<typeof payoutRequestCreateSchema>;
