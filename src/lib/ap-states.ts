/** The closed unions of accounts payable, as the vendor's document lists them (the sandbox, the servers, the console). */

export const PAYABLE_STATUSES = [
  'created',
  'submitted_for_approval',
  'approved',
  'rejected',
  'canceled',
  'payment_initiated',
  'payment_completed',
  'payment_failed',
] as const;
export type PayableStatus = (typeof PAYABLE_STATUSES)[number];

/** The service's roles of an AP user. */
export const AP_ROLES = ['admin', 'viewer', 'payer', 'ap_approver', 'ap_creator'] as const;
export type ApRole = (typeof AP_ROLES)[number];
