import { MAX_PAYMENT_CENTS } from '../money';
import { z } from '../zod';
import { accountingData, payoutMetadata, phonePayee, uuid } from './fields';

/** The vendor's `payout-create-request`: the body of POST /v2/payouts. */
export const payoutRequestSchema = z
  .object({
    user_id: uuid,
    amount: z
      .int('The amount is a whole number of cents')
      .min(1, 'The amount is at least 1 cent')
      .max(MAX_PAYMENT_CENTS, `The amount is at most ${MAX_PAYMENT_CENTS} cents ($1,000,000.00)`),
    platform: z.enum(
      ['paypal', 'venmo', 'ach', 'bank_transfer', 'cash_app', 'default'],
      'One of paypal, venmo, ach, bank_transfer, cash_app, default',
    ),
    account_id: uuid.optional(),
    fund: z.boolean().optional(),
    tax_exempt: z.boolean().optional(),
    idempotency_key: uuid.optional(),
    metadata: payoutMetadata.optional(),
    payout_fee_party: z.enum(['user', 'platform']).optional(),
  })
  .strict();
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

/** The vendor's body of POST /v2/payouts/send-payout. */
export const sendPayoutSchema = z
  .object({
    amount: z.int('Whole cents').min(1, 'At least 1 cent').max(MAX_PAYMENT_CENTS, 'At most $1,000,000.00'),
    user_id: uuid.optional(),
    payee: phonePayee.optional(),
    delivery: z
      .object({ message: z.string().max(500).optional() })
      .strict()
      .optional(),
    force_collect_compliance_information: z.boolean().optional(),
    additional_steps: z.array(z.string()).optional(),
    tax_exempt: z.boolean().optional(),
    metadata: payoutMetadata.optional(),
    memo: z.string().max(500).optional(),
    idempotency_key: uuid.nullish(),
    payout_fee_party: z.enum(['user', 'platform']).nullish(),
    accounting_data: accountingData.optional(),
  })
  .strict()
  .refine((body) => body.user_id !== undefined || body.payee !== undefined, {
    message: 'Give user_id or payee',
    path: ['user_id'],
  });
export type SendPayoutRequest = z.infer<typeof sendPayoutSchema>;
