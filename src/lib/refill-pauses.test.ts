import { describe, expect, it } from 'vitest';
import { refillPauseReason } from './refill-pauses';

describe('why an auto-refill was paused', () => {
  it('names the refill and the limit it is above, and what turns it on again', () => {
    expect(refillPauseReason({ amount_cents: 500_000, limit_cents: 100_000 })).toBe(
      'Its refill of $5,000.00 is above the approval limit of $1,000.00, so each refill would move money no second person saw. A finance member turns it on again with an amount at or under the limit.',
    );
  });

  it('says so when the service did not tell the amount', () => {
    expect(refillPauseReason({ amount_cents: null, limit_cents: 25_000 })).toBe(
      'Its amount is not known to the console, so it was paused when the approval limit became $250.00. A finance member turns it on again with an amount at or under the limit.',
    );
  });
});
