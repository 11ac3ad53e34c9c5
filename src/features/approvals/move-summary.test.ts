import { describe, expect, it } from 'vitest';
import { bankAccountWords } from '../../lib/words';
import { moveSummary } from './move-summary';

const apps = [{ id: 'app-1', name: 'Demo Marketplace', ach_account: { mask: '6789', name: 'Checking' } }];

describe('a waiting wallet move, named as a payment is', () => {
  it('says the kind, the wallet, the bank account masked and the amount', () => {
    const one = (move: string, amount: number) => ({ move, moves: [{ amount }], app_id: 'app-1' });
    expect(moveSummary(one('deposit', 200_000), 200_000, apps)).toBe(
      "Deposit of $2,000.00 into Demo Marketplace's wallet, from Checking •••• 6789",
    );
    const named = [
      { id: 'app-1', name: 'Demo Marketplace', ach_account: { mask: '6789', name: 'Checking •••• 6789' } },
    ];
    expect(moveSummary(one('deposit', 200_000), 200_000, named)).toBe(
      "Deposit of $2,000.00 into Demo Marketplace's wallet, from Checking •••• 6789",
    );
    expect(moveSummary(one('withdrawal', 150_000), 150_000, apps)).toBe(
      "Withdrawal of $1,500.00 from Demo Marketplace's wallet, to Checking •••• 6789",
    );
    expect(moveSummary(one('organization-transfer', -300_000), 300_000, apps)).toBe(
      "Move of $3,000.00 from Demo Marketplace's wallet into the organization's wallet",
    );
    expect(moveSummary(one('transfer', -120_000), 120_000, apps)).toBe(
      "Move of $1,200.00 from Demo Marketplace's wallet to a user's wallet",
    );
  });

  it("says an app whose name ends in s as the rest of the console does: Demo Payouts' wallet", () => {
    const payouts = [{ id: 'app-2', name: 'Demo Payouts', ach_account: { mask: '6789', name: 'Checking' } }];
    expect(moveSummary({ move: 'deposit', moves: [{ amount: 5 }], app_id: 'app-2' }, 5, payouts)).toBe(
      "Deposit of $0.05 into Demo Payouts' wallet, from Checking •••• 6789",
    );
  });

  it("names an app it does not know by its id, and its bank account as the app's", () => {
    expect(moveSummary({ move: 'deposit', moves: [{ amount: 5 }], app_id: 'app-9' }, 5, apps)).toBe(
      "Deposit of $0.05 into the wallet of app app-9, from the app's bank account",
    );
  });

  it('names an account the service gives no name as the Treasury names it, from the one place', () => {
    const unnamed = [{ id: 'app-1', name: 'Demo Marketplace', ach_account: { mask: '6789', name: null } }];
    const summary = moveSummary({ move: 'deposit', moves: [{ amount: 5 }], app_id: 'app-1' }, 5, unnamed);
    expect(summary).toBe("Deposit of $0.05 into Demo Marketplace's wallet, from Bank account •••• 6789");
    expect(summary).toContain(bankAccountWords({ mask: '6789', name: null }));
  });
});
