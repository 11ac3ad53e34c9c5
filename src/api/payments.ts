import { formatCents } from '../lib/money';
import { KEY_ON_REUSE } from '../lib/money-record';
import { type CreatePaymentRequest, type Payment, toPaymentRequest } from '../lib/payment-request';
import type { ActivityDescription } from './activity-log';
import { exchange } from './client';
import type { MoneyKind } from './money';
import { type Transfer, transferSchema } from './schemas';
import { findTransferByKey } from './transfers';

/**
 * POST /v2/payments, saying whether the service answered a replay of the idempotency key (the sandbox, like Stripe,
 * sends `Idempotent-Replayed: true`): a file's row whose payment already existed is "already paid", not "created".
 */
export async function createPayment(body: CreatePaymentRequest, file?: string) {
  const { data, headers } = await exchange({
    method: 'POST',
    path: '/v2/payments',
    body,
    response: transferSchema,
    file,
  });
  return { transfer: data, replayed: headers.get('Idempotent-Replayed') === 'true' };
}

/** "$12.50 from user … (bank account)": a payment's line in the activity log. */
export function describePayment(request: CreatePaymentRequest, transfer?: Transfer): ActivityDescription {
  const payer = request.user_id ? `user ${request.user_id}` : `customer ${request.customer_id}`;
  const source = request.account_id ? 'stored account' : 'bank account';
  return {
    action: 'Payment created',
    subject: transfer?.id ?? '',
    details: `${formatCents(request.amount)} from ${payer} (${source})`,
  };
}

/**
 * A payment, as the one submission and a file's rows send it. Its key is the sandbox's extension, which answers it
 * again like Stripe's; the vendor's payments take no key, so upstream a payment whose answer was lost is only looked
 * for, never sent again (docs/security.md).
 */
export const paymentMoney: MoneyKind<Payment, CreatePaymentRequest> = {
  noun: 'payment',
  bodyOf: toPaymentRequest,
  keyOf: (body) => body.idempotency_key ?? '',
  send: (body, route) => createPayment(body, route.file),
  findByKey: (body) => findTransferByKey(body.idempotency_key ?? '', { userId: body.user_id }),
  keyOnReuse: KEY_ON_REUSE.payment,
  describe: describePayment,
};
