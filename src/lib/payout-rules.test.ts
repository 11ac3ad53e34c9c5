import { describe, expect, it } from 'vitest';
import { payoutAmount, walletAfter } from './payout-rules';

describe("a payout's amount", () => {
  it('is whole cents within the bounds, and no more than the wallet holds', () => {
    expect(payoutAmount('25.10', 10_000)).toEqual({ ok: true, cents: 2510 });
    expect(payoutAmount('100.00', 10_000)).toEqual({ ok: true, cents: 10_000 });
    expect(payoutAmount('100.01', 10_000)).toEqual({
      ok: false,
      problem: 'More than the wallet holds ($100.00)',
    });
    expect(payoutAmount('0', null)).toMatchObject({
      ok: false,
      problem: 'The amount must be at least $0.01',
    });
    expect(payoutAmount('1.234', null)).toMatchObject({ ok: false });
    // Unknown balance (upstream): the service judges it.
    expect(payoutAmount('999999.99', null)).toEqual({ ok: true, cents: 99_999_999 });
  });

  it('leaves the wallet with its balance less the payout', () => {
    expect(walletAfter(10_000, 2_510)).toBe(7_490);
    expect(walletAfter(null, 2_510)).toBeNull();
  });
});
