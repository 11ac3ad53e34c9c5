import type { Db } from '../store/db';
import type { TransferStatus } from '../store/transfers';
import { appWallet, post } from './ledger';

/**
 * A payment's money in the app's wallet, as the interface document has it ("Creates a transaction from a user or a
 * payment customer to the app", answered in the transfer's `transactions`): its line is written with the transfer, so
 * the wallet counts it at once in its `amount`, and in its `withdrawable_amount` only once the payment has completed
 * (ledger.ts, spendableOf). A payment that fails, is canceled or is returned is taken back by a line of its own: the
 * first line is never edited or deleted, so the wallet is the sum of its lines at every moment.
 */

/** What of a payment its lines need. */
export interface PaymentMoney {
  id: string;
  org_id: string;
  app_id: string;
  amount: number;
  metadata: string | null;
}

/** The statuses in which a payment's money is counted but has not arrived: not spendable yet. */
export const ON_ITS_WAY: readonly TransferStatus[] = ['created', 'pending', 'flagged'];

/** The statuses after which a payment's money is taken back from the wallet, and how its line says why. */
const TAKEN_BACK: Partial<Record<TransferStatus, string>> = {
  failed: 'Failed payment',
  canceled: 'Canceled payment',
  reversed: 'Returned payment',
};

export function paymentTakenBackBy(to: TransferStatus): boolean {
  return to in TAKEN_BACK;
}

/** A payer as a payment's lines name them. */
export function payerName(payer: { first_name: string; last_name: string } | undefined): string {
  return payer ? `${payer.first_name} ${payer.last_name}`.trim() : 'The payer';
}

/** The payment's own line: its money into the app's wallet, on its way until the payment completes. */
export function postPayment(
  db: Db,
  payment: PaymentMoney,
  names: { payer: string; app: string },
  nowMs: number,
): void {
  post({
    db,
    orgId: payment.org_id,
    transferId: payment.id,
    nowMs,
    metadata: payment.metadata,
    lines: [
      {
        wallet: appWallet(payment.app_id),
        amount: payment.amount,
        type: 'payment',
        source_name: names.payer,
        destination_name: names.app,
      },
    ],
  });
}

/** A line of its own that takes a failed, canceled or returned payment's money back out of the app's wallet. */
export function takeBackPayment(
  db: Db,
  payment: PaymentMoney,
  names: { payer: string; app: string },
  reason: TransferStatus,
  nowMs: number,
): void {
  post({
    db,
    orgId: payment.org_id,
    transferId: payment.id,
    nowMs,
    metadata: JSON.stringify({ returned: true, reason }),
    lines: [
      {
        wallet: appWallet(payment.app_id),
        amount: -payment.amount,
        type: 'payment',
        source_name: names.app,
        destination_name: `${TAKEN_BACK[reason] ?? 'Taken back'}: ${names.payer}`,
      },
    ],
  });
}
