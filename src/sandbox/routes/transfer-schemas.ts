import { z } from 'zod';
import { TRANSFER_STATUSES, TRANSFER_TYPES } from '../../lib/transfer-states';
import type { Disagreements, WireAgrees } from '../../lib/wire/agreement';
import type { SandboxTransaction, SandboxTransfer } from '../../lib/wire/resources';
export const transferStatusSchema = z.enum(TRANSFER_STATUSES, `One of ${TRANSFER_STATUSES.join(', ')}`);
export const transferTypeSchema = z.enum(TRANSFER_TYPES, `One of ${TRANSFER_TYPES.join(', ')}`);

export const transactionResponse = z.object({
  id: z.int(),
  amount: z.int(),
  created: z.iso.datetime(),
  source_name: z.string(),
  destination_name: z.string(),
  type: z.string(),
  metadata: z.unknown(),
  transfer_id: z.uuid().optional().meta({
    description: 'Absent for a line without a transfer (an opening balance, a payout link holding its money)',
  }),
  wallet: z
    .object({ type: z.enum(['organization', 'app', 'user']), id: z.string() })
    .optional()
    .meta({
      'x-extension': true,
      description:
        'The wallet whose line this is; `amount` is signed from its side (positive in, negative out)',
    }),
});

export const transferResponse = z
  .object({
    id: z.uuid(),
    created: z.iso.datetime(),
    user_id: z
      .uuid()
      .optional()
      .meta({ description: 'The user paying (a payment) or paid (a payout); absent for a customer' }),
    customer_id: z.uuid().optional().meta({ 'x-extension': true, description: 'The payer when not a user' }),
    status: transferStatusSchema,
    type: transferTypeSchema,
    amount: z.int().meta({ description: 'Cents' }),
    external_data: z.object({
      account_id: z.string().nullable(),
      external_id: z.string().nullable(),
      platform: z.string().nullable(),
      account_mask: z.string().nullable().meta({
        'x-extension': true,
        description: 'The last four digits of the account the money moved from or to',
      }),
      account_type: z.string().nullable().meta({ 'x-extension': true, description: 'checking or savings' }),
    }),
    transactions: z.array(transactionResponse),
    payout_link_id: z.uuid().optional().meta({ description: 'The payout link a payout was claimed through' }),
    metadata: z.unknown(),
    status_history: z
      .array(z.object({ status: transferStatusSchema, at: z.iso.datetime() }))
      .meta({ 'x-extension': true }),
    failure_reason: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ 'x-extension': true, description: 'ACH return code of a failed or reversed transfer' }),
  })
  .meta({ title: 'transfer' });

/** Compile only while the sandbox answers a transfer and its lines as the vendor's document (and the extension) says. */
export type TransactionAnswersTheWire = WireAgrees<
  Disagreements<z.output<typeof transactionResponse>, SandboxTransaction>
>;
export type TransferAnswersTheWire = WireAgrees<
  Disagreements<z.output<typeof transferResponse>, SandboxTransfer>
>;
