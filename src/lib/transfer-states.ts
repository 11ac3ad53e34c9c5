/** The values of a transfer's `status` and `type` (interface section 2.1). */
export const TRANSFER_STATUSES = [
  'created',
  'pending',
  'failed',
  'completed',
  'reversed',
  'canceled',
  'flagged',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const TRANSFER_TYPES = ['refill', 'payout', 'balance', 'payment', 'settlement', 'payable'] as const;
