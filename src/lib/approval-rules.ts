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

export type ApprovalNeed =
  | { needed: false }
  | { needed: true; limit: 'amount' | 'daily' | 'hold'; message: string };

/** What a limit is judged on, named in its message: a payment, a file's total, or a move of money between wallets. */
export type MoneyWhat = 'payment' | 'file' | 'deposit' | 'withdrawal' | 'move';

const NOUN: Record<MoneyWhat, string> = {
  payment: 'a payment',
  file: "a file's total",
  deposit: 'a deposit',
  withdrawal: 'a withdrawal',
  move: 'a move between wallets',
};

/** The kind of money a console action moves, for the words of its limit. */
export function moneyWhatOf(action: string): MoneyWhat {
  if (action === 'deposit.create') return 'deposit';
  if (action === 'withdrawal.create') return 'withdrawal';
  if (['transfer.create', 'transfer-batch.create', 'organization-transfer.create'].includes(action))
    return 'move';
  return 'payment';
}

/** `2025-03-04T05:06:07.000Z` → `2025-03-04 05:06 UTC`: one way to say a moment in a server's message. */
function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * What one member may move alone in 24 hours: the policy's daily limit, or, with approvals on and no daily limit set,
 * the approval limit itself, so that payments split to stay under the limit are bounded by it too. Null: no limit
 * (approvals off).
 */
export function memberDailyLimit(policy: ApprovalLimits): number | null {
  if (!policy.enabled) return null;
  return policy.memberDailyLimitCents ?? policy.limitCents;
}

/**
 * Whether money needs another member's approval: the member is held after a reset of their password or authenticator
 * (until `heldUntil`, whatever the amount and even with approvals off), its amount (a payment's, or a file's total)
 * is above the limit, or what the member has moved alone in the last 24 hours is carried above their daily limit by
 * it.
 */
export function approvalNeed(
  policy: ApprovalLimits,
  amountCents: number,
  movedTodayCents: number,
  what: MoneyWhat = 'payment',
  heldUntil: string | null = null,
): ApprovalNeed {
  if (heldUntil !== null) {
    return {
      needed: true,
      limit: 'hold',
      message: `Your password or authenticator was reset: until ${utcMinute(heldUntil)} everything you pay waits for another member's approval: submit it for approval`,
    };
  }
  if (!policy.enabled) return { needed: false };
  if (amountCents > policy.limitCents) {
    return {
      needed: true,
      limit: 'amount',
      message: `Above ${formatCents(policy.limitCents)} ${NOUN[what]} needs another member's approval: submit it for approval`,
    };
  }
  const daily = memberDailyLimit(policy);
  if (daily !== null && movedTodayCents + amountCents > daily) {
    return {
      needed: true,
      limit: 'daily',
      message: `This would take what you moved alone since the start of this hour yesterday to ${formatCents(movedTodayCents + amountCents)}, above your daily limit of ${formatCents(daily)}: submit it for approval`,
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
  /** After a reset of their credentials, until when they are held: their approvals do not count meanwhile. */
  held_until?: string | null;
}

/** A request as the rules of its approvals see it. */
export interface ApprovedRequest {
  maker_id: string;
  created_at: string;
  /** Space-separated member ids whose approval does not count: the admins who reset a held maker's credentials. */
  excluded_approvers?: string | null | undefined;
}

/** The members whose approval of the request does not count besides its maker (they reset the maker's credentials). */
export function excludedApprovers(request: ApprovedRequest): string[] {
  return (request.excluded_approvers ?? '').split(' ').filter((id) => id !== '');
}

/** A member as far as whose hands their account may be in: their password was set through a link shown to an admin. */
export interface AccountHands {
  id: string;
  /** The admin the one-time link that set this member's password was shown to (no mail then): they may know it. */
  password_link_shown_to?: string | null | undefined;
}

/**
 * Whether one person may hold both accounts: the password of one was set through a one-time link shown to the other,
 * or both through links shown to the same admin. An approval between two such accounts is one person's: an admin who
 * invites a finance member without mail and hands themself the link does not approve their own payments that way.
 */
export function sameHands(a: AccountHands, b: AccountHands): boolean {
  const aShown = a.password_link_shown_to ?? null;
  const bShown = b.password_link_shown_to ?? null;
  return a.id === b.id || aShown === b.id || bShown === a.id || (aShown !== null && aShown === bShown);
}

/**
 * Whether a member's approval of a request counts: not its maker, not an admin who reset a held maker's credentials,
 * active with a role that may pay, and holding it since before the request was made. So an approver added, promoted,
 * re-enabled or given new credentials after a request was made cannot approve it: a puppet made for the occasion, or
 * a borrowed account, does not count; nor does the admin who set the password of the account that made it.
 */
export function approvalCounts(approver: Approver, request: ApprovedRequest, now: string): boolean {
  return (
    approver.id !== request.maker_id &&
    // Whoever reset a member's credentials may hold them: a held member approves nothing until the hold ends.
    !(approver.held_until && approver.held_until > now) &&
    !excludedApprovers(request).includes(approver.id) &&
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
  cancelled: 'Canceled',
  withdrawn: 'Withdrawn',
};

/** Still moving: a page that shows such a request follows it until it ends. */
export function isInMotion(status: ApprovalStatus): boolean {
  return status === 'pending' || status === 'approved' || status === 'executing';
}
