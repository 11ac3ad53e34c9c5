import { sendMoneyRow } from '../../api/money';
import { paymentMoney } from '../../api/payments';
import type { FoundByKey, SendResult } from '../../lib/file-engine/run-rows';
import type { PlannedPayment } from './payments-file-plan';

const bodyOf = (row: PlannedPayment, operator?: string) =>
  paymentMoney.bodyOf(row.payment, { idempotencyKey: row.key, operator });

/**
 * One row sent (its key as the idempotency key, the file's SHA-256 beside it): created, already paid (a replay), or
 * why not, as the form reads it.
 */
export function sendPaymentRow(
  row: PlannedPayment,
  operator: string | undefined,
  file?: string,
): Promise<SendResult> {
  return sendMoneyRow(paymentMoney, bodyOf(row, operator), { file });
}

/** The transfer a row's request id names, among its payer's recent transfers (or all, for a customer). */
export async function lookUpPaymentRow(row: PlannedPayment): Promise<FoundByKey | null> {
  const found = await paymentMoney.findByKey(bodyOf(row));
  if (!found) return null;
  const transaction = found.transactions?.[0];
  return { transferId: found.id, ...(transaction ? { transactionId: String(transaction.id) } : {}) };
}
