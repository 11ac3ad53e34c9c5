import { describe, expect, it } from 'vitest';
import {
  openTransferName,
  rangeProblem,
  TYPE_OPTIONS,
  typeFilter,
  typeLabel,
  typeOptions,
  walletName,
} from './ledger-words';

const known = {
  organization: { id: 'org', name: 'Acme' },
  apps: [{ id: 'app1', name: 'Demo Payouts' }],
};

describe("the ledger's words", () => {
  it('names each type in words, and shows one it does not know as it came', () => {
    expect(typeLabel('refill')).toBe('Deposit or withdrawal');
    expect(typeLabel('payout')).toBe('Payout');
    expect(typeLabel('something-new')).toBe('something-new');
    expect(TYPE_OPTIONS.map((option) => option.value)).toEqual([
      'refill',
      'payout',
      'payment',
      'fee',
      'balance',
    ]);
    expect(TYPE_OPTIONS.every((option) => option.label !== option.value)).toBe(true);
  });

  it("names the wallet a line is in: the organization's, the app's, the user's", () => {
    const line = { amount: -500, source_name: 'Demo Payouts', destination_name: 'Ada Lovelace' };
    expect(walletName({ ...line, wallet: { type: 'app', id: 'app1' } }, known)).toBe('Demo Payouts');
    expect(walletName({ ...line, wallet: { type: 'organization', id: 'org' } }, known)).toBe(
      'Acme (organization)',
    );
    expect(walletName({ ...line, amount: 500, wallet: { type: 'user', id: 'u1' } }, known)).toBe(
      'Ada Lovelace (user)',
    );
    expect(
      walletName(
        { amount: -200, source_name: 'Ada Lovelace', destination_name: 'PayPal', wallet: { type: 'user' } },
        known,
      ),
    ).toBe('Ada Lovelace (user)');
    expect(walletName({ ...line, wallet: { type: 'app', id: 'gone' } }, known)).toBe('An app');
    expect(walletName({ ...line, wallet: null }, known)).toBe('');
  });

  it('says at the To date when it comes before the From date', () => {
    expect(rangeProblem('2026-11-20', '2026-11-19')).toBe(
      'Before the From date (2026-11-20): pick a day on or after it',
    );
    expect(rangeProblem('2026-11-20', '2026-11-20')).toBeNull();
    expect(rangeProblem(undefined, '2026-11-19')).toBeNull();
    expect(rangeProblem('2026-11-20', undefined)).toBeNull();
  });

  it("offers a bill's payment and its return as types where the service tells them apart, and keeps them out of Payout", () => {
    expect(typeOptions(true).slice(-2)).toEqual([
      { value: 'bill-payment', label: 'Bill payment' },
      { value: 'bill-return', label: 'Returned bill payment' },
    ]);
    expect(typeFilter('bill-payment', true)).toEqual({ type: 'payout', bill: 'true' });
    expect(typeFilter('bill-return', true)).toEqual({ type: 'balance', bill: 'true' });
    expect(typeFilter('payout', true)).toEqual({ type: 'payout', bill: 'false' });
    expect(typeFilter('balance', true)).toEqual({ type: 'balance', bill: 'false' });
    expect(typeFilter('fee', true)).toEqual({ type: 'fee' });
    expect(typeFilter(undefined, true)).toEqual({});
  });

  it('where the service cannot tell a bill payment from a payout, offers no bill types and does not pretend to', () => {
    expect(typeOptions(false)).toEqual(TYPE_OPTIONS);
    expect(typeFilter('payout', false)).toEqual({ type: 'payout' });
    expect(typeFilter('bill-payment', false)).toEqual({});
  });

  it("names each line's transfer link by what moved, how much, between whom and when", () => {
    const line = {
      type: 'payout',
      amount: -1234,
      source_name: 'Demo Payouts',
      destination_name: 'Jane Doe',
      created: '2026-12-02T00:22:05Z',
    };
    const name = openTransferName(line);
    expect(name).toMatch(/^Open transfer: Payout -\$12\.34 from Demo Payouts to Jane Doe, Dec 2, 2026/);
    expect(openTransferName({ ...line, metadata: { payable_id: 'b1' } })).toMatch(
      /^Open transfer: Bill payment -\$12\.34/,
    );
    // The two lines of one move (out of one wallet, into the other) are told apart by their sign.
    expect(openTransferName({ ...line, amount: 1234 })).not.toBe(name);
    expect(openTransferName({ ...line, source_name: null })).toMatch(
      /^Open transfer: Payout -\$12\.34 to Jane Doe, /,
    );
  });
});
