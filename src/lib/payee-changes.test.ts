import { describe, expect, it } from 'vitest';
import {
  describeListedMethod,
  describeNewMethod,
  describePayeeChange,
  maskedPayoutBody,
} from './payee-changes';

describe('payee changes in masked words', () => {
  it('never shows a whole account number, email, phone or handle', () => {
    const bank = {
      platform: 'ach',
      account_number: '000123456789',
      routing_number: '021000021',
      account_type: 'savings',
    };
    expect(describeNewMethod(bank)).toBe('Savings •••• 6789');
    expect(maskedPayoutBody(bank)).toEqual({
      platform: 'ach',
      routing_number: '021000021',
      account_type: 'savings',
      account_number_last4: '6789',
    });
    expect(describeNewMethod(maskedPayoutBody(bank))).toBe('Savings •••• 6789');
    // A PayPal, Venmo or Cash App account in the body is masked as the words are.
    expect(maskedPayoutBody({ platform: 'paypal', email: 'mallory@evil.example', is_default: true })).toEqual(
      {
        platform: 'paypal',
        email: 'm•••@evil.example',
        is_default: true,
      },
    );
    expect(maskedPayoutBody({ platform: 'venmo', phone_number: '+1 415 555 0123' })).toEqual({
      platform: 'venmo',
      phone_number: '•••0123',
    });
    expect(maskedPayoutBody({ platform: 'venmo', handle: '@mallory' })).toEqual({
      platform: 'venmo',
      handle: 'ma•••',
    });
    expect(maskedPayoutBody({ platform: 'cash_app', cash_tag: '$mallory' })).toEqual({
      platform: 'cash_app',
      cash_tag: 'ma•••',
    });
    expect(describeNewMethod({ platform: 'paypal', email: 'mallory@evil.example' })).toBe(
      'PayPal m•••@evil.example',
    );
    expect(describeNewMethod({ platform: 'venmo', phone_number: '+1 415 555 0134' })).toBe('Venmo •••0134');
    expect(
      describeListedMethod({ platform: 'ach', mask: '1234', account_type: 'checking', is_default: true }),
    ).toBe('Checking •••• 1234 (default)');
    expect(describePayeeChange('set-default', 'Rae Payee', 'Venmo')).toBe(
      'Make Venmo the default payout method of Rae Payee',
    );
  });
});
