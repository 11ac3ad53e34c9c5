import { type ApprovalNeed, approvalNeed, type MoneyWhat, memberDailyLimit } from '../../lib/approval-rules';
import { dayFirstHour, spendHour } from '../../lib/spend-day';
import { activePolicy } from '../approvals/policy';
import { type ConsoleDb, transaction } from '../db/database';
import { groupCommitOf } from '../db/group-commit';
import { lockMember } from '../db/repositories/team/members';
import { addToSpendHour, type SpendCounter, sumSpendHours } from '../db/repositories/team/spend-hours';

/**
 * What each member moves alone (without a second member's approval), counted by the server from what it forwards, so
 * that a limit cannot be got round by splitting: the member's day (lib/spend-day.ts: this hour and the 24 before it)
 * against their daily limit, and a file's rows over the same day against the approval limit. Each is a counter per
 * hour: a payment reads at most 25 of them and adds to one, whatever the day holds.
 */

const memberCounter = (memberId: string): SpendCounter => ({ scope: 'member', owner: memberId });
const fileCounter = (orgId: string, fileId: string): SpendCounter => ({
  scope: 'file',
  owner: `${orgId}:${fileId}`,
});

/** What a member moved alone in their day at `now`, in cents. */
export function movedToday(db: ConsoleDb, memberId: string, now: Date): Promise<number> {
  return sumSpendHours(db, memberCounter(memberId), dayFirstHour(now));
}

/** Money let through and counted: what to take back if nothing moved after all. */
export interface Reservation {
  counters: SpendCounter[];
  hour: string;
  cents: number;
}

export type Reserved =
  | { kind: 'reserved'; reservation: Reservation }
  | { kind: 'needs-approval'; need: ApprovalNeed };

/**
 * The one check of money a member moves alone, whatever moves it (a payment, a payout, a transfer): judged against
 * the organization's policy with what the member (and the file it belongs to) moved in their day, and counted at once,
 * in one transaction that holds the member's row, so that two servers at once cannot both let through money that
 * together passes the limit. What the service then refuses is taken back (releaseSpend).
 */
export async function reserveSpend(
  db: ConsoleDb,
  spend: {
    orgId: string;
    memberId: string;
    amountCents: number;
    fileId?: string | null;
    /** What it is, for the words of a refusal (a payment unless said). */
    what?: MoneyWhat;
    /** Only the daily limit: the approval limit was judged by the caller (a bill approved by another member). */
    dailyOnly?: boolean;
    /** With `dailyOnly`: someone other than the payer approved it, so the approval limit is no daily limit for it. */
    approvedByAnother?: boolean;
  },
  now: Date,
): Promise<Reserved> {
  // Judged and counted in a transaction shared with the other members' payments of the moment (one commit for all),
  // each holding its member's row, locked in the order of the members' ids.
  return groupCommitOf(db, 'spend').run(async (trx) => {
    await lockMember(trx, spend.memberId);
    const active = await activePolicy(trx, spend.orgId);
    // A bill judged by the daily limit only: one approved by another member counts against a daily limit that is set;
    // one paid alone also against the approval limit, the daily limit when none is set (as a payment's is).
    const policy = spend.dailyOnly
      ? {
          ...active,
          limitCents: Number.MAX_SAFE_INTEGER,
          memberDailyLimitCents: spend.approvedByAnother
            ? active.memberDailyLimitCents
            : memberDailyLimit(active),
        }
      : active;
    const from = dayFirstHour(now);
    const counters = [memberCounter(spend.memberId)];
    if (spend.fileId) {
      const file = fileCounter(spend.orgId, spend.fileId);
      counters.push(file);
      if (policy.enabled) {
        const fileSoFar = await sumSpendHours(trx, file, from);
        const need = approvalNeed(policy, fileSoFar + spend.amountCents, 0, 'file');
        if (need.needed) return { kind: 'needs-approval', need } as const;
      }
    }
    const moved = await sumSpendHours(trx, counters[0] as SpendCounter, from);
    const need = approvalNeed(policy, spend.amountCents, moved, spend.what);
    if (need.needed) return { kind: 'needs-approval', need } as const;
    const hour = spendHour(now);
    for (const counter of counters) await addToSpendHour(trx, counter, hour, spend.amountCents);
    return { kind: 'reserved', reservation: { counters, hour, cents: spend.amountCents } } as const;
  }, spend.memberId);
}

/** The payment was refused (or answered as one sent before): nothing moved this time, and its hour gives it back. */
export async function releaseSpend(db: ConsoleDb, reservation: Reservation): Promise<void> {
  await transaction(db, async (trx) => {
    for (const counter of reservation.counters) {
      await addToSpendHour(trx, counter, reservation.hour, -reservation.cents);
    }
  });
}
