import type { PayableStatus } from './ap-states';

/** The Bills page's tabs: which statuses each lists (or, for "Waiting for me", whose approval it waits for). */
export const BILL_TABS = [
  { value: 'drafts', label: 'Drafts', status: ['created'] },
  { value: 'waiting', label: 'Waiting for approval', status: ['submitted_for_approval'] },
  { value: 'mine', label: 'Waiting for me', status: ['submitted_for_approval'] },
  { value: 'approved', label: 'Approved, ready to pay', status: ['approved'] },
  // A failed payment is not ready to pay: its account is changed first (the bill's page says why it failed).
  { value: 'failed', label: 'Payment failed', status: ['payment_failed'] },
  { value: 'paid', label: 'Paid', status: ['payment_initiated', 'payment_completed'] },
  { value: 'closed', label: 'Rejected and canceled', status: ['rejected', 'canceled'] },
] as const satisfies readonly { value: string; label: string; status: readonly PayableStatus[] }[];
export type BillTab = (typeof BILL_TABS)[number]['value'];

export const BILL_STATUS_WORDS: Record<PayableStatus, string> = {
  created: 'Draft',
  submitted_for_approval: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  canceled: 'Canceled',
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

/** What a bill's open approval step still waits for: its approvers who have not approved. */
export interface BillNext {
  status: string;
  next_approvers?: readonly number[] | null | undefined;
  approval_steps?:
    | readonly {
        completed: boolean;
        user_approvals: readonly {
          user_id: number;
          approval_given: boolean;
          name?: string | null | undefined;
        }[];
      }[]
    | null
    | undefined;
}

/**
 * The AP users a bill waits for, read from its steps (the vendor's own field) and, where the service gives it, its
 * `next_approvers` (an extension): the Bills list and the navigation's count work upstream as in the sandbox.
 */
export function waitingApprovers(bill: BillNext): number[] {
  if (bill.status !== 'submitted_for_approval') return [];
  const open = bill.approval_steps?.find((step) => !step.completed);
  const fromSteps = open ? open.user_approvals.filter((a) => !a.approval_given).map((a) => a.user_id) : [];
  // One person approves at most one step: whoever approved a step of this bill is not waited for again.
  const gave = new Set(
    (bill.approval_steps ?? []).flatMap((step) =>
      step.user_approvals.filter((a) => a.approval_given).map((a) => a.user_id),
    ),
  );
  return [...new Set([...fromSteps, ...(bill.next_approvers ?? [])])].filter((id) => !gave.has(id));
}

/** Who acts next on a bill, in the list's words: the approvers by name, the payer, the maker, or no one. */
export function whoActsNext(bill: BillNext, nameOf: (apUserId: number) => string): string {
  switch (bill.status) {
    case 'created':
      return 'The maker: submit it';
    case 'submitted_for_approval': {
      const waiting = waitingApprovers(bill);
      return waiting.length > 0 ? `Approval: ${waiting.map(nameOf).join(', ')}` : 'Approval';
    }
    case 'approved':
      return 'A payer: pay it';
    case 'payment_failed':
      return 'A payer: pay it again';
    case 'payment_initiated':
      return 'The bank (in flight)';
    case 'rejected':
      return 'The maker: correct or cancel it';
    default:
      return 'No one';
  }
}
