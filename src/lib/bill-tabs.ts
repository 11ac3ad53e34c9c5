import type { PayableStatus } from './ap-states';

/** The Bills page's tabs: which statuses each lists (or, for "Waiting for me", whose approval it waits for). */
export const BILL_TABS = [
  { value: 'drafts', label: 'Drafts', status: ['created'] },
  { value: 'waiting', label: 'Waiting for approval', status: ['submitted_for_approval'] },
  { value: 'mine', label: 'Waiting for me', status: ['submitted_for_approval'] },
  { value: 'approved', label: 'Approved, ready to pay', status: ['approved', 'payment_failed'] },
  { value: 'paid', label: 'Paid', status: ['payment_initiated', 'payment_completed'] },
  { value: 'closed', label: 'Rejected and cancelled', status: ['rejected', 'canceled'] },
] as const satisfies readonly { value: string; label: string; status: readonly PayableStatus[] }[];
export type BillTab = (typeof BILL_TABS)[number]['value'];

export const BILL_STATUS_WORDS: Record<PayableStatus, string> = {
  created: 'Draft',
  submitted_for_approval: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  canceled: 'Cancelled',
  payment_initiated: 'Payment sent',
  payment_completed: 'Paid',
  payment_failed: 'Payment failed',
};

export function billStatusWords(status: string): string {
  return BILL_STATUS_WORDS[status as PayableStatus] ?? status;
}

/** A bill's due column: the items' count and the total they make, or the single amount. */
export function itemsSummary(items: readonly { amount: number }[] | null | undefined): string {
  if (!items || items.length === 0) return 'Single amount';
  return `${items.length} item${items.length === 1 ? '' : 's'}`;
}
