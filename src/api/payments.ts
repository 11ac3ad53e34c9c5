import { mutationOptions } from '@tanstack/react-query';
import { request } from './client';
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

/** An answer of the shape the service sends for a new payment: every part of the transfer's schema, once. */
export const SAMPLE_PAYMENT_ANSWER = {
  id: 'sample',
  created: '2026-01-01T00:00:00.000Z',
  user_id: 'sample',
  status: 'created',
  type: 'payment',
  amount: 1,
  external_data: { account_id: 'sample', external_id: 'sample', platform: 'ach' },
  transactions: [{ id: 1, amount: 1, created: '2026-01-01T00:00:00.000Z', type: 'payment', metadata: null }],
  metadata: { note: 'sample' },
  status_history: [{ status: 'created', at: '2026-01-01T00:00:00.000Z' }],
  failure_reason: null,
};

/**
 * Gets ready, while the browser is idle, to read a payment's answer: the schemas are built on their first use
 * (schemas.ts) and zod prepares each on its first parse, so the operator's first confirm would pay for both between
 * the answer and the rendered transfer. Async only to be one of a page's idle loads (`loadWhenIdle`).
 */
export async function prepareToReadPayment(): Promise<void> {
  transferSchema.parse(SAMPLE_PAYMENT_ANSWER);
}

/** Never retried by itself: a resend is the operator's decision, with the same idempotency key. */
export const createPaymentMutation = mutationOptions({
  mutationKey: ['payments', 'create'],
  mutationFn: createPayment,
  retry: 0,
});
