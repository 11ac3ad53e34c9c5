import {
  type PayableRow,
  type PayableStatus,
  payableOfTransfer,
  updatePayable,
} from '../store/accounts-payable';
import type { Db } from '../store/db';
import type { TransferRow } from '../store/transfers';

/**
 * The transfer of a bill moved (domain/lifecycle.ts calls this inside its transaction): completed pays the bill;
 * failed, or reversed after it completed, leaves it `payment_failed`, to be paid again once it has another method, approved again.
 */
export function payableTransferMoved(db: Db, transfer: TransferRow, to: string, nowMs: number): void {
  const row = payableOfTransfer(db, transfer.id);
  if (!row || row.transfer_id !== transfer.id) return;
  const status: PayableStatus | null =
    to === 'completed' ? 'payment_completed' : to === 'failed' || to === 'reversed' ? 'payment_failed' : null;
  if (!status || status === row.status) return;
  const statuses = JSON.parse(row.status_history) as { status: string; timestamp: string }[];
  const at = new Date(nowMs).toISOString();
  statuses.push({ status, timestamp: at });
  const changes: Partial<PayableRow> = { status, status_history: JSON.stringify(statuses), updated: at };
  updatePayable(db, row.id, changes);
}
