import { useMutation } from '@tanstack/react-query';
import { exchange, request } from './client';
import { transferSchema } from './schemas';

/** The body of POST /v2/payments (exactly one payer, exactly one source). */
export interface CreatePaymentRequest {
  amount: number;
  platform: 'ach';
  user_id?: string;
  customer_id?: string;
  ach_info?: { account_number: string; routing_number: string; account_type: 'checking' | 'savings' };
  account_id?: string;
  metadata?: Record<string, string>;
  idempotency_key?: string;
}

export function createPayment(body: CreatePaymentRequest) {
  return request({ method: 'POST', path: '/v2/payments', body, response: transferSchema });
}

/** Never retried by itself: a resend is the operator's decision, with the same idempotency key. */
export function useCreatePayment() {
  return useMutation({ mutationKey: ['payments', 'create'], mutationFn: createPayment, retry: 0 });
}

/**
 * The same, saying whether the service answered a replay of the idempotency key (the sandbox, like Stripe, sends
 * `Idempotent-Replayed: true`): a batch row whose payment already existed is "already paid", not "created".
 */
export async function createPaymentOnce(body: CreatePaymentRequest) {
  const { data, headers } = await exchange({
    method: 'POST',
    path: '/v2/payments',
    body,
    response: transferSchema,
  });
  return { transfer: data, replayed: headers.get('Idempotent-Replayed') === 'true' };
}
