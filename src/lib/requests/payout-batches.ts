import { z } from '../zod';
import { payoutMetadata, uuid } from './fields';
import { payoutRequestSchema } from './payouts';

/** The most payouts one batch holds (the vendor's rule). */
export const MAX_BATCH_ITEMS = 5000;

/** The vendor's `payout-batch-request-item`: a payout whose idempotency key and `fund` are required. */
export const batchItemSchema = payoutRequestSchema.extend({
  idempotency_key: uuid,
  fund: z.literal(true, 'Every payout of a batch is funded by the app (fund: true)'),
});

/** The body of POST /v2/payout-batches; each item is checked by `batchItemSchema` apart, to name it by its index. */
export const payoutBatchRequestSchema = z
  .object({
    items: z
      .array(z.unknown())
      .min(1, 'At least one item')
      .max(MAX_BATCH_ITEMS, `At most ${MAX_BATCH_ITEMS.toLocaleString('en-US')} items`),
    idempotency_key: uuid.optional(),
    metadata: payoutMetadata.optional(),
  })
  .strict();
export type PayoutBatchRequest = z.infer<typeof payoutBatchRequestSchema>;
