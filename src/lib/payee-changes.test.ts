import { describe, expect, it } from 'vitest';
import {
  compareWithBefore,
  describeListedMethod,
  describeNewMethod,
  describePayeeChange,
  maskedPayoutBody,
} from './payee-changes';

describe('payee changes in the words their approver reads', () => {
  it('never shows a whole account number or phone; a kept body is masked', () => {
    const bank = {
      platform: 'ach',
      account_number: '000123456789',
      routing_number: '021000021',
      account_type: 'savings',
    };
    expect(describeNewMethod(bank)).toBe('Savings •••• 6789 at JPMorgan Chase Bank');
    expect(describeNewMethod({ ...bank, routing_number: '011000138' })).toMatch(/^Savings •••• 6789 at /);
    expect(maskedPayoutBody(bank)).toEqual({
      platform: 'ach',
      routing_number: '021000021',
      account_type: 'savings',
      account_number_last4: '6789',
    });
    expect(describeNewMethod(maskedPayoutBody(bank))).toBe('Savings •••• 6789 at JPMorgan Chase Bank');
    // A PayPal, Venmo or Cash App account in the body kept after the request ends is masked.
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
    expect(describeNewMethod({ platform: 'venmo', phone_number: '+1 415 555 0134' })).toBe('Venmo •••0134');
    expect(
      describeListedMethod({ platform: 'ach', mask: '1234', account_type: 'checking', is_default: true }),
    ).toBe('Checking •••• 1234 (default)');
    expect(describePayeeChange('set-default', 'Rae Payee', 'Venmo')).toBe(
      'Make Venmo the default payout method of Rae Payee',
    );
  });

  it('shows a PayPal address, a Venmo handle and a cash tag whole: names given out to be paid', () => {
    expect(describeNewMethod({ platform: 'paypal', email: 'zoe.t.attacker@example.com' })).toBe(
      'PayPal zoe.t.attacker@example.com',
    );
    expect(describeNewMethod({ platform: 'venmo', handle: '@zoe-t' })).toBe('Venmo @zoe-t');
    expect(describeNewMethod({ platform: 'cash_app', cash_tag: '$zoet' })).toBe('Cash App $zoet');
    expect(describeListedMethod({ platform: 'paypal', email: 'zoe.t@example.com', is_default: true })).toBe(
      'PayPal zoe.t@example.com (default)',
    );
  });

  it("marks what tells a look-alike from the payee's method most like it", () => {
    const before = [
      'Checking •••• 6789 (default)',
      'PayPal zoe.t@example.com',
      'PayPal zoe.work@example.org',
    ];
    expect(compareWithBefore(before, 'PayPal zoe.t.attacker@example.com')).toEqual({
      like: 'PayPal zoe.t@example.com',
      parts: [
        { text: 'PayPal zoe.t', differs: false },
        { text: '.attacker', differs: true },
        { text: '@example.com', differs: false },
      ],
    });
    // One letter changed, or one letter taken out: still marked.
    expect(compareWithBefore(before, 'PayPal zoe.t@examp1e.com').parts).toEqual([
      { text: 'PayPal zoe.t@examp', differs: false },
      { text: '1', differs: true },
      { text: 'e.com', differs: false },
    ]);
    expect(
      compareWithBefore(['PayPal zoe.tt@example.com'], 'PayPal zoe.t@example.com').parts.filter(
        (p) => p.differs,
      ),
    ).toEqual([{ text: 't', differs: true }]);
    // Another bank account: its last four differ.
    expect(compareWithBefore(before, 'Checking •••• 6780 at JPMorgan Chase Bank')).toEqual({
      like: 'Checking •••• 6789',
      parts: [
        { text: 'Checking •••• 678', differs: false },
        { text: '0 at JPMorgan Chase Bank', differs: true },
      ],
    });
    // Nothing of the kind before: nothing to tell it from, nothing marked.
    expect(compareWithBefore(before, 'Venmo @zoe')).toEqual({
      like: null,
      parts: [{ text: 'Venmo @zoe', differs: false }],
    });
  });
});
