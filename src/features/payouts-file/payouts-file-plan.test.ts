import { describe, expect, it } from 'vitest';
import type { Transfer } from '../../api/schemas';
import { planPayouts, summarizePayouts } from './payouts-file-plan';
import type { ResolvedPayout } from './payouts-file-resolve';

const payout = (row: number, over: Partial<ResolvedPayout> = {}): ResolvedPayout => ({
  row,
  userId: 'u1',
  payeeName: 'Sam',
  payeeEmail: null,
  cents: 1000,
  platform: 'ach',
  accountId: 'acc-1',
  methodText: 'Checking •••• 6789',
  metadata: { invoice: `I-${row}` },
  ...over,
});
const transfer = (id: string, key: string, type = 'payout'): Transfer => ({
  id,
  amount: 1000,
  status: 'created',
  type,
  metadata: { console_request_id: key },
});

describe('the review of a payouts file', () => {
  it("builds each row's body with its key, and finds the rows paid before among the last day's payouts", () => {
    const plan = planPayouts(
      [payout(2), payout(3, { platform: 'paypal' }), payout(4)],
      ['k2', 'k3', 'k4'],
      // A payment that carries a row's key is no payout of this file.
      [transfer('t-3', 'k3'), transfer('t-4', 'k4', 'payment')],
      'fiona@example.com',
    );
    expect(plan.map((row) => [row.key, row.paidBefore ?? null])).toEqual([
      ['k2', null],
      ['k3', 't-3'],
      ['k4', null],
    ]);
    expect(plan[0]?.body).toEqual({
      user_id: 'u1',
      amount: 1000,
      platform: 'ach',
      account_id: 'acc-1',
      fund: true,
      idempotency_key: 'k2',
      metadata: { invoice: 'I-2', console_request_id: 'k2', initiated_by: 'fiona@example.com' },
    });
    expect(plan[1]?.body).not.toHaveProperty('account_id');
  });

  it('sums what is to be paid in exact cents, leaving out the rows paid before', () => {
    const plan = planPayouts(
      [payout(2, { cents: 1999 }), payout(3, { cents: 1 }), payout(4, { cents: 234_567 })],
      ['a', 'b', 'c'],
      [transfer('t-b', 'b')],
      undefined,
    );
    const summary = summarizePayouts(plan);
    expect(summary.toPay.map((row) => row.key)).toEqual(['a', 'c']);
    expect(summary).toMatchObject({ paidBefore: 1, cents: 236_566 });
  });
});
