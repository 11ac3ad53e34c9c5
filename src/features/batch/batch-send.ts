import { sendMoneyRow } from '../../api/money';
import { paymentMoney } from '../../api/payments';
import type { SendResult } from '../../lib/file-engine/run-rows';
import type { PlannedRow } from './batch-review';

const bodyOf = (row: PlannedRow, operator?: string) =>
  paymentMoney.bodyOf(row.payment, { idempotencyKey: row.key, operator });

/**
 * One row sent (its key as the idempotency key, the file's SHA-256 beside it): created, already paid (a replay), or
 * why not, as the form reads it.
 */
export function sendRow(row: PlannedRow, operator: string | undefined, file?: string): Promise<SendResult> {
  return sendMoneyRow(paymentMoney, bodyOf(row, operator), { file });
}

/** The transfer a row's request id names, among its payer's recent transfers (or all, for a customer). */
export async function lookupRow(row: PlannedRow): Promise<string | null> {
  return (await paymentMoney.findByKey(bodyOf(row)))?.id ?? null;
}
