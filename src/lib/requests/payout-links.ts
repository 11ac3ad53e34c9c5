import { MAX_PAYMENT_CENTS } from '../money';
import { countryCallingCode } from '../phone';
import { z } from '../zod';
import { accountingData, payoutMetadata, uuid } from './fields';

const payeeSchema = z
  .object({
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    country_code: countryCallingCode.optional(),
    phone_number: z
      .string()
      .regex(/^\d{4,15}$/, 'The digits of the phone number')
      .optional(),
    email: z.email('An email address').max(320).optional(),
  })
  .strict();
/** Who a payout link is for, as far as the payer knows them. */
export type Payee = z.infer<typeof payeeSchema>;

const step = z.union([z.string(), z.object({ name: z.string() }).loose()]);

/** The vendor's body of POST /v2/payout-links. */
export const payoutLinkRequestSchema = z
  .object({
    user_id: uuid.optional(),
    payee: payeeSchema.optional(),
    amount: z.int('Whole cents').min(1, 'At least 1 cent').max(MAX_PAYMENT_CENTS, 'At most $1,000,000.00'),
    delivery: z
      .object({
        message: z.string().max(500).optional(),
        method: z.enum(['sms', 'link', 'email', 'all']).optional(),
      })
      .strict()
      .optional(),
    force_collect_compliance_information: z.boolean().optional(),
    tax_exempt: z.boolean().optional(),
    metadata: payoutMetadata.optional(),
    memo: z.string().max(500).optional(),
    idempotency_key: uuid.nullish(),
    payout_fee_party: z.enum(['user', 'platform']).nullish(),
    additional_steps: z.array(step).optional(),
    accounting_data: accountingData.optional(),
    funding_source: z.enum(['dots_balance', 'ach']).optional(),
    hide_go_to_dashboard_on_complete: z.boolean().optional(),
    description: z.string().max(500).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const method = body.delivery?.method ?? 'link';
    if (method === 'sms' && !(body.payee?.country_code && body.payee.phone_number)) {
      ctx.addIssue({
        code: 'custom',
        path: ['payee', 'phone_number'],
        message: 'An SMS needs the payee’s phone number',
      });
    }
    if (method === 'email' && !body.payee?.email) {
      ctx.addIssue({
        code: 'custom',
        path: ['payee', 'email'],
        message: 'An email needs the payee’s email address',
      });
    }
  });
export type PayoutLinkRequest = z.infer<typeof payoutLinkRequestSchema>;
