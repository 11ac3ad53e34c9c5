import { describe, expect, it } from 'vitest';
import { describeAccount, lastFour, maskAccount, maskPaymentBody } from './mask';

describe('masking', () => {
  it('keeps only the last four digits', () => {
    expect(lastFour('000123456789')).toBe('6789');
    expect(maskAccount('6789')).toBe('•••• 6789');
    expect(describeAccount('checking', '6789')).toBe('Checking •••• 6789');
    expect(describeAccount('savings', '0001')).toBe('Savings •••• 0001');
    expect(describeAccount(null, '1234')).toBe('Account •••• 1234');
    expect(describeAccount('money-market', '1234')).toBe('Account •••• 1234');
  });

  it('reduces a payment body’s account number to its last four digits and keeps the rest', () => {
    const body = {
      amount: 150_000,
      user_id: 'u',
      ach_info: { account_number: '000123456789', routing_number: '021000021', account_type: 'checking' },
    };
    const masked = maskPaymentBody(body);
    expect(masked).toEqual({
      amount: 150_000,
      user_id: 'u',
      ach_info: { account_number_last4: '6789', routing_number: '021000021', account_type: 'checking' },
    });
    expect(JSON.stringify(masked)).not.toContain('123456789');
    expect(maskPaymentBody({ amount: 1, account_id: 'acc' })).toEqual({ amount: 1, account_id: 'acc' });
  });
});
