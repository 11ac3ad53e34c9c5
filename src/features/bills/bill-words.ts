import type { PayableStatus } from '../../lib/ap-states';

/**
 * A bill's status by colour, beside the words that say it anyway: each a filled shade with at least 4.5:1 contrast
 * against the badge's white text, in light and dark (the shades StatusBadge uses for payments).
 */
const BILL_STATUS_COLOR: Record<PayableStatus, string> = {
  created: 'gray.7',
  submitted_for_approval: 'cyan.9',
  approved: 'blue.8',
  rejected: 'red.9',
  canceled: 'dark.6',
  payment_initiated: 'violet.9',
  payment_completed: 'teal.9',
  payment_failed: 'red.9',
};

export function billStatusColor(status: string): string {
  return BILL_STATUS_COLOR[status as PayableStatus] ?? 'gray.8';
}

/** An AP user's role in a bill's history, in words rather than the service's code. */
const AP_ROLE_WORDS: Record<string, string> = {
  admin: 'admin',
  viewer: 'viewer',
  payer: 'payer',
  ap_approver: 'approver',
  ap_creator: 'maker of bills',
};

export function apRoleWords(role: string): string {
  return AP_ROLE_WORDS[role] ?? role.replaceAll('_', ' ');
}
