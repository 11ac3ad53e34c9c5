import { formatCents } from './money';
import { can, type Role } from './roles';

/**
 * The states of an approval request, in the order a request can pass through them: waiting for approval, approved,
 * being paid, then how it ended.
 */
export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'executing',
  'executed',
  'partly-executed',
  'failed',
  'rejected',
  'expired',
  'cancelled',
  'withdrawn',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** A request in one of these has ended: nothing more happens to it, and its stored body keeps no account number. */
export const ENDED_STATUSES: readonly ApprovalStatus[] = [
  'executed',
  'partly-executed',
  'failed',
  'rejected',
  'expired',
  'cancelled',
  'withdrawn',
];

export function isApprovalStatus(value: string): value is ApprovalStatus {
  return (APPROVAL_STATUSES as readonly string[]).includes(value);
}

/** The part of the policy that says when money needs a second member. */
export interface ApprovalLimits {
  enabled: boolean;
  limitCents: number;
  memberDailyLimitCents: number | null;
}

export type ApprovalNeed = { needed: false } | { needed: true; limit: 'amount' | 'daily'; message: string };

/**
 * Whether money needs another member's approval: its amount (a payment's, or a file's total) above the limit, or
 * what the member has moved alone in the last 24 hours carried above their daily limit by it.
 */
export function approvalNeed(
  policy: ApprovalLimits,
  amountCents: number,
  movedTodayCents: number,
  what: 'payment' | 'file' = 'payment',
): ApprovalNeed {
  if (!policy.enabled) return { needed: false };
  if (amountCents > policy.limitCents) {
    return {
      needed: true,
      limit: 'amount',
      message: `Above ${formatCents(policy.limitCents)} a ${what === 'file' ? "file's total" : 'payment'} needs another member's approval: submit it for approval`,
    };
  }
  const daily = policy.memberDailyLimitCents;
  if (daily !== null && movedTodayCents + amountCents > daily) {
    return {
      needed: true,
      limit: 'daily',
      message: `This would take what you moved alone in the last 24 hours to ${formatCents(movedTodayCents + amountCents)}, above your daily limit of ${formatCents(daily)}: submit it for approval`,
    };
  }
  return { needed: false };
}

/** A member as an approval sees them. */
export interface Approver {
  id: string;
  role: Role;
  status: string;
  /** From when their approvals count (they became an active member of a paying role, or their credentials were reset). */
  approver_since: string | null;
}

/**
 * Whether a member's approval of a request counts: not its maker, active with a role that may pay, and holding it
 * since before the request was made. So an approver added, promoted, re-enabled or given new credentials after a
 * request was made cannot approve it: a puppet made for the occasion, or a borrowed account, does not count.
 */
export function approvalCounts(
  approver: Approver,
  request: { maker_id: string; created_at: string },
): boolean {
  return (
    approver.id !== request.maker_id &&
    approver.status === 'active' &&
    can(approver.role, 'pay') &&
    approver.approver_since !== null &&
    approver.approver_since <= request.created_at
  );
}

/**
 * The one vocabulary of a request's state, for its list, its page, its badge, the maker's notice and the trail:
 * what an operator calls it, not what the database does.
 */
export const APPROVAL_STATUS_WORDS: Record<ApprovalStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  executing: 'Paying',
  executed: 'Paid',
  'partly-executed': 'Partly paid',
  failed: 'Failed',
  rejected: 'Rejected',
  expired: 'Expired',
  cancelled: 'Cancelled',
  withdrawn: 'Withdrawn',
};

/** Still moving: a page that shows such a request follows it until it ends. */
export function isInMotion(status: ApprovalStatus): boolean {
  return status === 'pending' || status === 'approved' || status === 'executing';
}
