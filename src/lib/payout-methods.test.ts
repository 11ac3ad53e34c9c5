import { describe, expect, it } from 'vitest';
import { describePayoutMethod, maskEmail, maskPhone, payoutRailOf, railOf } from './payout-methods';

describe('payout methods in words, masked', () => {
  it('shows enough of an address or a number to recognize it, never all of it', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com');
    expect(maskEmail('nonsense')).toBe('•••');
    expect(maskPhone('(415) 893-4432')).toBe('•••• 4432');
  });

  it('names each rail as an operator says it', () => {
    expect(describePayoutMethod({ platform: 'ach', mask: '6789', account_type: 'checking' })).toBe(
      'Checking •••• 6789',
    );
    expect(describePayoutMethod({ platform: 'paypal', email: 'jane@example.com' })).toBe(
      'PayPal j•••@example.com',
    );
    expect(describePayoutMethod({ platform: 'venmo', handle: 'sam-sells' })).toBe('Venmo @sam-sells');
    expect(describePayoutMethod({ platform: 'venmo', phone_number: '4158934432' })).toBe('Venmo •••• 4432');
    expect(describePayoutMethod({ platform: 'cash_app', cash_tag: '$samsells' })).toBe('Cash App $samsells');
    expect(describePayoutMethod({ platform: 'bank_transfer', mask: '6789', account_type: 'savings' })).toBe(
      'Savings •••• 6789',
    );
  });

  it("takes the vendor's bank_transfer for the ach rail, and no other name for a rail", () => {
    expect(['bank_transfer', 'ach', 'paypal', 'default', 'zelle'].map(railOf)).toEqual([
      'ach',
      'ach',
      'paypal',
      'default',
      'zelle',
    ]);
    expect(['bank_transfer', 'venmo', 'cash_app', 'default', 'wire'].map(payoutRailOf)).toEqual([
      'ach',
      'venmo',
      'cash_app',
      null,
      null,
    ]);
  });
});
