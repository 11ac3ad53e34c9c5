import type { Transfer } from '../../api/schemas';

/** A payment of a bill the bank refused or returned: when, why (the service's code and words) and to which account. */
export interface PaymentFailure {
  transferId: string;
  at: string | null;
  returned: boolean;
  code: string | null;
  reason: string | null;
  accountMask: string | null;
}

/** The failed or returned attempts among a bill's transfers, oldest first. */
export function paymentFailures(transfers: readonly Transfer[]): PaymentFailure[] {
  return transfers
    .filter((t) => t.status === 'failed' || t.status === 'reversed')
    .map((t) => ({
      transferId: t.id,
      at: t.status_history?.findLast((s) => s.status === t.status)?.at ?? t.created ?? null,
      returned: t.status === 'reversed',
      code: t.failure_reason?.code ?? null,
      reason: t.failure_reason?.message ?? null,
      accountMask: t.external_data?.account_mask ?? null,
    }))
    .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
}

/** "R03: No account / unable to locate account", or what of it the service said. */
export function failureWords(failure: PaymentFailure): string {
  if (failure.code && failure.reason) return `${failure.code}: ${failure.reason}`;
  return failure.code ?? failure.reason ?? 'the service gave no reason';
}
