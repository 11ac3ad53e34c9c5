import { ApiError } from '../../api/client';
import { type CreatePaymentRequest, createPaymentOnce } from '../../api/payments';
import { findByConsoleRequestId } from '../../api/transfers';
import type { PlannedRow } from './batch-review';
import type { SendResult } from './batch-run';

/** The request a row sends: its key as the idempotency key and as the console's request id in the metadata. */
export function toBatchRequest(row: PlannedRow, operator: string | undefined): CreatePaymentRequest {
  const { payment, key } = row;
  const request: CreatePaymentRequest = {
    amount: payment.cents,
    platform: 'ach',
    ...(payment.payerKind === 'user' ? { user_id: payment.payerId } : { customer_id: payment.payerId }),
    ...(payment.source.kind === 'stored'
      ? { account_id: payment.source.accountId }
      : {
          ach_info: {
            account_number: payment.source.accountNumber,
            routing_number: payment.source.routingNumber,
            account_type: payment.source.accountType,
          },
        }),
    metadata: {
      ...payment.metadata,
      console_request_id: key,
      ...(operator ? { initiated_by: operator } : {}),
    },
    idempotency_key: key,
  };
  return request;
}

/** One row sent: created, already paid (a replay of its key), refused, rate limited, or no answer (unknown). */
export async function sendRow(row: PlannedRow, operator: string | undefined): Promise<SendResult> {
  try {
    const { transfer, replayed } = await createPaymentOnce(toBatchRequest(row, operator));
    return { kind: replayed ? 'alreadyPaid' : 'created', transferId: transfer.id };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'unknown', message: (error as Error).message };
    if (error.status === 401) return { kind: 'signedOut' };
    if (error.status === 429) return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds };
    if (error.status >= 400 && error.status < 500) return { kind: 'refused', message: error.message };
    // No answer, a gateway that gave up, or the service failing: the payment may or may not exist.
    return { kind: 'unknown', message: error.message };
  }
}

/** The transfer a row's request id names, among its payer's recent transfers (or all, for a customer). */
export async function lookupRow(row: PlannedRow): Promise<string | null> {
  const userId = row.payment.payerKind === 'user' ? row.payment.payerId : undefined;
  return (await findByConsoleRequestId(row.key, userId))?.id ?? null;
}
