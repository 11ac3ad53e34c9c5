import { moneyFailureOf } from '../../api/money';
import { createPayment } from '../../api/payments';
import { findTransferByKey } from '../../api/transfers';
import type { SendResult } from '../../lib/batch-run';
import { toPaymentRequest } from '../../lib/payment-request';
import type { PlannedRow } from './batch-review';

/**
 * One row sent (its key as the idempotency key, the file's SHA-256 beside it): created, already paid (a replay), or
 * why not, as the form reads it.
 */
export async function sendRow(
  row: PlannedRow,
  operator: string | undefined,
  file?: string,
): Promise<SendResult> {
  try {
    const { transfer, replayed } = await createPayment(
      toPaymentRequest(row.payment, { idempotencyKey: row.key, operator }),
      file,
    );
    return { kind: replayed ? 'alreadyPaid' : 'created', transferId: transfer.id };
  } catch (error) {
    const failure = moneyFailureOf(error);
    if (failure.kind === 'refused' || failure.kind === 'unknown') {
      return { kind: failure.kind, message: failure.error.message };
    }
    return failure.kind === 'rateLimited' ? failure : { kind: 'signedOut' };
  }
}

/** The transfer a row's request id names, among its payer's recent transfers (or all, for a customer). */
export async function lookupRow(row: PlannedRow): Promise<string | null> {
  const userId = row.payment.payerKind === 'user' ? row.payment.payerId : undefined;
  return (await findTransferByKey(row.key, { userId }))?.id ?? null;
}
