import type { Transfer } from '../../api/schemas';
import { requestIdOf } from '../../api/transfers';
import { type CreatePayoutRequest, toPayoutRequest } from '../../lib/payout-request';
import type { ResolvedPayout } from './payouts-file-resolve';

/** A row of the review: the payout, its key, its body, and the transfer it made already (found by its key), if any. */
export interface PlannedPayout {
  payout: ResolvedPayout;
  key: string;
  body: CreatePayoutRequest;
  paidBefore?: string | undefined;
}

/**
 * Each row's place in the review: its body (the one builder Send payout uses too), and paid before when a payout of
 * the last 24 hours carries its key, so that it is not sent again.
 */
export function planPayouts(
  payouts: readonly ResolvedPayout[],
  keys: readonly string[],
  lastDay: readonly Transfer[],
  operator: string | undefined,
): PlannedPayout[] {
  const paidBefore = new Map(
    lastDay.flatMap((transfer) => {
      const id = transfer.type === 'payout' ? requestIdOf(transfer) : null;
      return id ? [[id, transfer.id] as const] : [];
    }),
  );
  return payouts.map((payout, index) => {
    const key = keys[index] as string;
    return {
      payout,
      key,
      body: toPayoutRequest(
        {
          userId: payout.userId,
          cents: payout.cents,
          method: { platform: payout.platform, accountId: payout.accountId },
          metadata: payout.metadata,
        },
        { idempotencyKey: key, operator },
      ),
      paidBefore: paidBefore.get(key),
    };
  });
}

export interface PayoutsSummary {
  /** The rows to pay now: those not paid before. */
  toPay: PlannedPayout[];
  paidBefore: number;
  cents: number;
}

/** What the review and its button say of the rows to pay: which, how many were paid before, how much in all. */
export function summarizePayouts(planned: readonly PlannedPayout[]): PayoutsSummary {
  const toPay = planned.filter((row) => !row.paidBefore);
  return {
    toPay,
    paidBefore: planned.length - toPay.length,
    cents: toPay.reduce((sum, row) => sum + row.payout.cents, 0),
  };
}
