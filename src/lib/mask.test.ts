import { describe, expect, it } from 'vitest';
import { describeAccount, lastFour, maskAccount } from './mask';

describe('masking', () => {
  it('keeps only the last four digits', () => {
    expect(lastFour('000123456789')).toBe('6789');
    expect(maskAccount('6789')).toBe('•••• 6789');
    expect(describeAccount('checking', '6789')).toBe('Checking •••• 6789');
    expect(describeAccount('savings', '0001')).toBe('Savings •••• 0001');
    expect(describeAccount(null, '1234')).toBe('Account •••• 1234');
    expect(describeAccount('money-market', '1234')).toBe('Account •••• 1234');
  });
});
