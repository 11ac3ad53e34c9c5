import { describe, expect, it } from 'vitest';
import { defaultWallet, walletOf, walletPaying } from './wallets';

describe('wallets', () => {
  it("read an app's balance exactly, and say so when the service does not give it", () => {
    expect(walletOf({ id: 'a', name: 'Shop', metrics: { wallet_balance: '1234.56' } })).toEqual({
      appId: 'a',
      appName: 'Shop',
      cents: 123456,
    });
    expect(walletOf({ id: 'b', name: null })).toEqual({ appId: 'b', appName: 'Unnamed app', cents: null });
  });

  it("pay from the session's app, else the organization's first (the oldest, last of a newest-first list)", () => {
    const wallets = ['new', 'old'].map((id) => ({ appId: id, appName: id, cents: 0 }));
    expect(defaultWallet(wallets, 'new')?.appId).toBe('new');
    expect(defaultWallet(wallets, undefined)?.appId).toBe('old');
    expect(defaultWallet([], undefined)).toBeNull();
  });

  it('name the wallet an approved payout leaves: the app its maker chose, else the one the service funds from', () => {
    const wallets = ['new', 'old'].map((id) => ({ appId: id, appName: id, cents: 0 }));
    expect(walletPaying(wallets, 'new')?.appId).toBe('new');
    expect(walletPaying(wallets, null)?.appId).toBe('old');
    // An app that is not among the wallets read is not guessed at.
    expect(walletPaying(wallets, 'gone')).toBeNull();
  });
});
