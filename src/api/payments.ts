import { formatCents } from '../lib/money';
import type { CreatePaymentRequest } from '../lib/payment-request';
import { type ActivityDescription, useDescribedMutation } from './activity-log';
import { exchange } from './client';
import { type Transfer, transferSchema } from './schemas';

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

/** Never retried by itself: a resend is the operator's decision, with the same idempotency key. */
export function useCreatePayment() {
  return useDescribedMutation({
    mutationKey: ['payments', 'create'],
    mutationFn: async (body: CreatePaymentRequest) => (await createPayment(body)).transfer,
    activity: describePayment,
  });
}
