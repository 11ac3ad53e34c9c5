import { ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE } from '../account-number';
import { MAX_PAYMENT_CENTS } from '../money';
import { isValidRoutingNumber } from '../routing-number';
import { z } from '../zod';
import { payoutMetadata, uuid } from './fields';

/**
 * The bodies of the vendor's wallet moves (deposits, withdrawals, transfers, transfer batches, organization
 * transfers, an app's ACH account and settings), one schema each, read by the sandbox and the console server alike.
 */

const positiveCents = z
  .int('The amount is a whole number of cents')
  .min(1, 'The amount is at least 1 cent')
  .max(MAX_PAYMENT_CENTS, `The amount is at most ${MAX_PAYMENT_CENTS} cents ($1,000,000.00)`);

/** A signed amount: its sign says which way the money goes; never zero. */
const signedCents = z
  .int('The amount is a whole number of cents')
  .min(-MAX_PAYMENT_CENTS, 'The amount is at most $1,000,000.00 either way')
  .max(MAX_PAYMENT_CENTS, 'The amount is at most $1,000,000.00 either way')
  .refine((n) => n !== 0, 'The amount is not zero');

/** POST /v2/apps/{app_id}/deposit and /withdraw. */
export const walletAmountSchema = z
  .object({ amount: positiveCents, idempotency_key: uuid.optional(), metadata: payoutMetadata.optional() })
  .strict();
export type WalletAmountRequest = z.infer<typeof walletAmountSchema>;

/** POST /v2/transfers: a positive amount moves money from the user's wallet to the app, a negative one back. */
export const transferRequestSchema = z
  .object({
    amount: signedCents,
    user_id: uuid,
    tax_exempt: z.boolean().nullish(),
    idempotency_key: uuid.nullish(),
    metadata: payoutMetadata.nullish(),
  })
  .strict();
export type TransferRequest = z.infer<typeof transferRequestSchema>;

/** The most items a transfer batch holds, as a payout batch. */
export const MAX_TRANSFER_BATCH_ITEMS = 5000;

export const transferBatchItemSchema = z
  .object({
    amount: signedCents,
    user_id: uuid,
    tax_exempt: z.boolean().optional(),
    idempotency_key: uuid.optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type TransferBatchItem = z.infer<typeof transferBatchItemSchema>;

/** POST /v2/transfer-batches. */
export const transferBatchRequestSchema = z
  .object({
    items: z
      .array(transferBatchItemSchema)
      .min(1, 'A batch has at least one item')
      .max(MAX_TRANSFER_BATCH_ITEMS, `A batch has at most ${MAX_TRANSFER_BATCH_ITEMS} items`),
    idempotency_key: uuid.optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .superRefine((batch, ctx) => {
    const seen = new Set<string>();
    batch.items.forEach((item, index) => {
      if (!item.idempotency_key) return;
      if (seen.has(item.idempotency_key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'idempotency_key'],
          message: 'Used by an earlier item of this batch',
        });
      }
      seen.add(item.idempotency_key);
    });
  });
export type TransferBatchRequest = z.infer<typeof transferBatchRequestSchema>;

/** POST /v2/organization-transfers: a negative amount moves money from the organization to the app. */
export const organizationTransferSchema = z
  .object({
    amount: signedCents,
    api_app_id: uuid,
    idempotency_key: uuid.optional(),
    metadata: payoutMetadata.nullish(),
  })
  .strict();
export type OrganizationTransferRequest = z.infer<typeof organizationTransferSchema>;

/** PUT /v2/apps/{app_id}/ach-account: where withdrawals go and deposits come from. */
export const achAccountSchema = z
  .object({
    account_number: z.string().regex(ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE),
    routing_number: z
      .string()
      .regex(/^\d{9}$/, 'A routing number has 9 digits')
      .refine(isValidRoutingNumber, 'Not a valid ABA routing number (the check digit does not match)'),
    account_type: z.enum(['checking', 'savings'], 'Either checking or savings'),
  })
  .strict();
export type AchAccountRequest = z.infer<typeof achAccountSchema>;

const refillCents = z.int('Whole cents').min(1000, 'At least $10.00').max(1_000_000, 'At most $10,000.00');

/** POST /v2/apps/{app_id}/change_settings. */
export const appSettingsSchema = z
  .object({
    payout_options_exclude_list: z.array(z.string().max(40)).max(20).optional(),
    auto_refill_active: z.boolean().optional(),
    refill_amount: refillCents.optional(),
    refill_threshold: refillCents.optional(),
  })
  .strict();
export type AppSettingsRequest = z.infer<typeof appSettingsSchema>;
