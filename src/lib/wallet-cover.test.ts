import { describe, expect, it } from 'vitest';
import { drainOfRequest, walletShortfalls } from './wallet-cover';

const wallets = [
  { appId: 'a-new', appName: 'Newer app', cents: 50_000 },
  { appId: 'a-first', appName: 'First app', cents: 10_000 },
];

describe('walletShortfalls', () => {
  it('names the wallet that will not cover what waits, and by how much, by kind', () => {
    const short = walletShortfalls(
      wallets,
      [
        { appId: 'a-first', kind: 'bills', cents: 6_000 },
        { appId: null, kind: 'payoutRequests', cents: 3_000 },
        { appId: 'a-first', kind: 'approvals', cents: 2_500 },
        { appId: 'a-first', kind: 'pendingPayouts', cents: 1 },
        { appId: 'a-new', kind: 'bills', cents: 50_000 },
      ],
      'a-first',
    );
    expect(short).toEqual([
      {
        appId: 'a-first',
        appName: 'First app',
        balanceCents: 10_000,
        waitingCents: 11_501,
        shortCents: 1_501,
        byKind: { bills: 6_000, payoutRequests: 3_000, approvals: 2_500, pendingPayouts: 1 },
      },
    ]);
  });

  it('a wallet that covers what waits to the cent is not short', () => {
    expect(walletShortfalls(wallets, [{ appId: 'a-new', kind: 'bills', cents: 50_000 }], 'a-first')).toEqual(
      [],
    );
  });

  it('a wallet below zero (a returned deposit) is short by that much with nothing waiting', () => {
    const short = walletShortfalls([{ appId: 'a', appName: 'A', cents: -1_234 }], [], 'a');
    expect(short).toMatchObject([{ appId: 'a', shortCents: 1_234, waitingCents: 0 }]);
  });

  it('leaves out what names an app the organization does not list, and puts what names none on the default', () => {
    const short = walletShortfalls(
      wallets,
      [
        { appId: 'gone', kind: 'bills', cents: 1_000_000 },
        { appId: null, kind: 'bills', cents: 50_001 },
      ],
      'a-new',
    );
    expect(short.map((s) => [s.appId, s.shortCents])).toEqual([['a-new', 1]]);
  });
});

describe('drainOfRequest', () => {
  it('counts money out of a wallet, and none in', () => {
    expect(drainOfRequest({ kind: 'payout', body: { payout: { amount: 700 }, app_id: 'a' } })).toEqual({
      appId: 'a',
      kind: 'approvals',
      cents: 700,
    });
    expect(
      drainOfRequest({ kind: 'payout-batch', body: { payouts: [{ amount: 1 }, { amount: 2 }] } })?.cents,
    ).toBe(3);
    const move = (kind: string, amounts: number[]) =>
      drainOfRequest({
        kind,
        body: { move: kind, moves: amounts.map((amount) => ({ amount })), app_id: 'a' },
      })?.cents;
    expect(move('withdrawal', [900])).toBe(900);
    expect(move('transfer-batch', [-500, 200, -100])).toBe(600);
    expect(move('organization-transfer', [300])).toBe(300);
    expect(move('organization-transfer', [-300])).toBeUndefined();
    expect(move('deposit', [5_000])).toBeUndefined();
    expect(drainOfRequest({ kind: 'payment', body: { payment: { amount: 5_000 } } })).toBeNull();
  });
});
