import { describe, expect, it } from 'vitest';
import { paymentCrossFieldProblems, paymentRequestSchema } from './payments';

const payment = {
  user_id: '6f1c2a8e-1b2c-4d3e-8f4a-5b6c7d8e9f00',
  amount: 100,
  platform: 'ach',
  account_id: 'a',
};

describe('the body of a payment, as both servers check it', () => {
  it('counts metadata in bytes of JSON, as the service does, not in characters', () => {
    // {"k":"…"} is 8 bytes around the value; 'é' is 2 bytes in UTF-8.
    const fits = { k: 'é'.repeat((4096 - 8) / 2) };
    expect(paymentRequestSchema.safeParse({ ...payment, metadata: fits }).success).toBe(true);
    const over = { k: `${'é'.repeat((4096 - 8) / 2)}x` };
    const refused = paymentRequestSchema.safeParse({ ...payment, metadata: over });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Metadata is at most 4096 bytes of JSON',
    ]);
  });

  it('wants exactly one payer and one source, and no stored account for a customer', () => {
    expect(paymentCrossFieldProblems(payment)).toEqual([]);
    expect(paymentCrossFieldProblems({ amount: 1 }).map((p) => p.path)).toEqual(['user_id', 'ach_info']);
    expect(paymentCrossFieldProblems({ customer_id: 'c', account_id: 'a' }).map((p) => p.path)).toEqual([
      'account_id',
    ]);
    expect(paymentCrossFieldProblems([])).toEqual([]);
  });
});
