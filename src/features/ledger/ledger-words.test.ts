import { describe, expect, it } from 'vitest';
import { rangeProblem, TYPE_OPTIONS, typeLabel, walletName } from './ledger-words';

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
});
