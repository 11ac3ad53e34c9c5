import { describe, expect, it } from 'vitest';
import type { Transfer } from '../../api/schemas';
import { planPayments, summarize } from './payments-file-plan';
import type { ResolvedPayment } from './payments-file-resolve';

const ADA = '3f1d2c4b-5555-4000-8000-000000000001';
const BOB = '3f1d2c4b-5555-4000-8000-000000000002';
const payment = (row: number, payerId: string, cents: number, account = '123456789'): ResolvedPayment => ({
  row,
  payer: { kind: 'user', id: payerId },
  payerKind: 'user',
  payerId,
  payerName: 'Someone',
  payerEmail: null,
  cents,
  source: { kind: 'bank', accountNumber: account, routingNumber: '021000021', accountType: 'checking' },
  metadata: {},
});
const transfer = (id: string, userId: string, amount: number, requestId?: string): Transfer => ({
  id,
  user_id: userId,
  amount,
  status: 'created',
  metadata: requestId ? { console_request_id: requestId } : null,
});

describe('the review of a batch', () => {
  it('finds rows already paid by their key, warns of repeats and of recent same-amount payments, not both', () => {
    const payments = [
      payment(2, ADA, 1000),
      payment(3, ADA, 1000), // repeats row 2
      payment(4, ADA, 1000, '999999999'), // another account: not a repeat
      payment(5, BOB, 500), // paid already, by its key
      payment(6, BOB, 700), // Bob paid 7.00 earlier today, another payment
    ];
    const keys = ['k2', 'k3', 'k4', 'k5', 'k6'];
    const lastDay = [transfer('t-5', BOB, 500, 'k5'), transfer('t-x', BOB, 700, 'other')];
    const plan = planPayments(payments, keys, lastDay);
    expect(
      plan.map((r) => [r.payment.row, r.alreadyPaid?.id ?? null, r.repeats, r.paidRecently?.id ?? null]),
    ).toEqual([
      [2, null, null, null],
      [3, null, 2, null],
      [4, null, null, null],
      [5, 't-5', null, null],
      [6, null, null, 't-x'],
    ]);
  });

  it('pays a row again on purpose without warning of the payment it repeats, once', () => {
    const payments = [payment(2, ADA, 1000), payment(3, ADA, 1000)];
    const first = transfer('t-2', ADA, 1000, 'k2');
    const again = new Map([[2, first]]);
    // Its new key is not among the last day's: it is to be paid, with no warning of t-2.
    const plan = planPayments(payments, ['k2-again', 'k3'], [first], again);
    expect(plan[0]).toMatchObject({ alreadyPaid: null, paysAgain: first, repeats: null, paidRecently: null });
    // Row 3 is a payment of its own (another occurrence): the same payer paid the same amount today.
    expect(plan[1]?.paidRecently).toBe(first);
    // Paid again already (a run that crashed after it): found by the new key, not sent a third time.
    const paidAgain = transfer('t-2b', ADA, 1000, 'k2-again');
    expect(planPayments(payments, ['k2-again', 'k3'], [paidAgain, first], again)[0]?.alreadyPaid).toBe(
      paidAgain,
    );
  });

  it('sums what is to be paid in exact cents: count, total, payers, the largest', () => {
    const plan = planPayments(
      [payment(2, ADA, 1999), payment(3, BOB, 1), payment(4, ADA, 234_567)],
      ['a', 'b', 'c'],
      [],
    );
    expect(summarize(plan)).toEqual({ count: 3, cents: 236_567, payers: 2, largestCents: 234_567 });
  });
});
