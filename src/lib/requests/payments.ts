import { ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE } from '../account-number';
import type { FieldError } from '../field-errors';
import { MAX_PAYMENT_CENTS } from '../money';
import { METADATA_MAX_BYTES } from '../payment-rules';
import { isValidRoutingNumber } from '../routing-number';
import { z } from '../zod';
import { uuid } from './fields';

export const achInfoSchema = z
  .object({
    account_number: z.string().regex(ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE),
    routing_number: z
      .string()
      .regex(/^\d{9}$/, 'A routing number has 9 digits')
      .refine(isValidRoutingNumber, 'Not a valid ABA routing number (the check digit does not match)'),
    account_type: z.enum(['checking', 'savings'], 'Either checking or savings').default('checking'),
  })
  .strict();
export type AchInfo = z.infer<typeof achInfoSchema>;

/** The body of POST /v2/payments, field by field; the rules across fields are in `paymentCrossFieldProblems`. */
export const paymentRequestSchema = z
  .object({
    user_id: uuid.optional(),
    customer_id: uuid.optional(),
    amount: z
      .int('The amount is a whole number of cents')
      .min(1, 'The amount is at least 1 cent')
      .max(MAX_PAYMENT_CENTS, `The amount is at most ${MAX_PAYMENT_CENTS} cents ($1,000,000.00)`),
    platform: z.literal('ach', 'The platform is ach'),
    ach_info: achInfoSchema.optional(),
    account_id: z.string().min(1).max(100).nullish(),
    metadata: z
      .unknown()
      .refine(
        (value) =>
          value === undefined || new TextEncoder().encode(JSON.stringify(value)).length <= METADATA_MAX_BYTES,
        `Metadata is at most ${METADATA_MAX_BYTES} bytes of JSON`,
      )
      .optional(),
    idempotency_key: z.string().min(1).max(255).optional().meta({ 'x-extension': true }),
  })
  .strict();
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** "Exactly one payer, exactly one source": checked on the raw body, so these come with every other problem. */
export function paymentCrossFieldProblems(raw: unknown): FieldError[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const body = raw as Record<string, unknown>;
  const problems: FieldError[] = [];
  if (isGiven(body.user_id) === isGiven(body.customer_id)) {
    problems.push({ path: 'user_id', message: 'Give exactly one of user_id or customer_id' });
  }
  if (isGiven(body.ach_info) === isGiven(body.account_id)) {
    problems.push({ path: 'ach_info', message: 'Give exactly one of ach_info or account_id' });
  }
  if (isGiven(body.customer_id) && isGiven(body.account_id)) {
    problems.push({
      path: 'account_id',
      message: 'Stored accounts belong to users: pay with ach_info for a customer',
    });
  }
  return problems;
}
