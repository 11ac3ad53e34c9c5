/**
 * An answer of the shape the service sends for a new payment, with every part of the transfer's schema once: a
 * transaction, the status history, metadata. Only the transfer page's rehearsal draws it (TransferViewPage.tsx).
 */
export const SAMPLE_TRANSFER_ANSWER = {
  id: 'sample',
  created: '2026-01-01T00:00:00.000Z',
  user_id: 'sample',
  status: 'created',
  type: 'payment',
  amount: 1,
  external_data: { account_id: 'sample', external_id: 'sample', platform: 'ach' },
  transactions: [{ id: 1, amount: 1, created: '2026-01-01T00:00:00.000Z', type: 'payment', metadata: null }],
  metadata: { note: 'sample' },
  status_history: [{ status: 'created', at: '2026-01-01T00:00:00.000Z' }],
  failure_reason: null,
};
