import { describe, expect, it } from 'vitest';
import { paymentMoneyWords } from './money-on-its-way';

const line = { amount: 1234, destination_name: 'Acme Storefront' };

describe("a payment's money in words", () => {
  it.each(['created', 'pending', 'flagged'])(
    '%s: counted in the wallet, not spendable until it arrives',
    (status) => {
      expect(paymentMoneyWords({ type: 'payment', status, amount: 1234, transactions: [line] })).toEqual({
        state: 'on-its-way',
        title: 'On its way',
        text: "$12.34 is counted in Acme Storefront's wallet and cannot be spent until it arrives from the payer's bank.",
      });
    },
  );

  it('completed: arrived and spendable', () => {
    expect(
      paymentMoneyWords({ type: 'payment', status: 'completed', amount: 1234, transactions: [line] }),
    ).toMatchObject({
      state: 'arrived',
      text: "$12.34 has arrived in Acme Storefront's wallet and may be spent.",
    });
  });

  it.each(['failed', 'canceled', 'reversed'])('%s: taken back by a line of its own', (status) => {
    const words = paymentMoneyWords({
      type: 'payment',
      status,
      amount: 1234,
      transactions: [line, { amount: -1234, destination_name: 'Returned payment: Ada' }],
    });
    expect(words?.state).toBe('taken-back');
    expect(words?.text).toContain("taken back out of Acme Storefront's wallet");
  });

  it('says nothing of a payout, or of a payment with no transaction', () => {
    expect(
      paymentMoneyWords({ type: 'payout', status: 'pending', amount: 5, transactions: [line] }),
    ).toBeNull();
    expect(paymentMoneyWords({ type: 'payment', status: 'pending', amount: 5, transactions: [] })).toBeNull();
  });
});
