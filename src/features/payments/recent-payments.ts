import { session } from '../../api/credentials';

/** Payments this tab made, in memory only, to warn before the same amount is taken twice from the same payer. */
export interface RecentPayment {
  transferId: string;
  payerId: string;
  amount: number;
  at: number;
}

export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
let recent: RecentPayment[] = [];

session.subscribe(() => {
  if (session.get().status === 'signed-out') recent = [];
});

export function rememberPayment(payment: RecentPayment): void {
  recent = [payment, ...recent.filter((p) => p.at > payment.at - DUPLICATE_WINDOW_MS)];
}

/** The latest payment of the same amount from the same payer in the last ten minutes, if any. */
export function findDuplicate(payerId: string, amount: number, now = Date.now()): RecentPayment | undefined {
  return recent.find((p) => p.payerId === payerId && p.amount === amount && p.at > now - DUPLICATE_WINDOW_MS);
}
