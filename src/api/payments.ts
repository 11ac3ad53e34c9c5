import { formatCents } from '../lib/money';
import { classifyAnswer } from '../lib/payment-answer';
import type { CreatePaymentRequest } from '../lib/payment-request';
import { type ActivityDescription, useDescribedMutation } from './activity-log';
import { ApiError, exchange } from './client';
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

/** Why a payment's request did not come back created: the form and a file's rows act on the same four answers. */
export type PaymentFailure =
  /** The service refused it (a 4xx): nothing was created, and the same body would be refused again. */
  | { kind: 'refused'; error: ApiError }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  /** The credentials were refused (401): nothing was created, and nothing will be until the operator signs in. */
  | { kind: 'signedOut'; error: ApiError }
  /** No answer, a gateway that gave up, or the service failing (5xx): the request may have committed. */
  | { kind: 'unknown'; error: Error };

/** The error of a request that moved no money it said so for, read by the classifier the server's executor uses too. */
export function classifyPaymentFailure(error: unknown): PaymentFailure {
  if (!(error instanceof ApiError)) return { kind: 'unknown', error: error as Error };
  switch (classifyAnswer(error.status)) {
    case 'signed-out':
      return { kind: 'signedOut', error };
    case 'rate-limited':
      return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds };
    case 'refused':
      return { kind: 'refused', error };
    default:
      return { kind: 'unknown', error };
  }
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
