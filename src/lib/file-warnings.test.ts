import { describe, expect, it } from 'vitest';
import { fileWarnings } from './file-warnings';

describe('a file’s warnings', () => {
  const row = (n: number, payerId: string, cents: number, source = 'acc-1') => ({
    row: n,
    payerId,
    cents,
    source,
    requestId: `key-${n}`,
  });

  it('names a row that repeats an earlier one, by the file’s row numbers', () => {
    expect(fileWarnings([row(2, 'u1', 500), row(5, 'u2', 500), row(7, 'u1', 500)], [])).toEqual([
      'Row 7 repeats row 2: the same payer, amount and account',
    ]);
    // Another account is another payment.
    expect(fileWarnings([row(2, 'u1', 500), row(3, 'u1', 500, 'acc-2')], [])).toEqual([]);
  });

  it('names a row whose payer paid the same amount in the last day, but not the row’s own payment', () => {
    const recent = [
      { payerId: 'u1', cents: 2500, requestId: 'other' },
      { payerId: 'u2', cents: 2500, requestId: 'key-4' },
    ];
    expect(fileWarnings([row(3, 'u1', 2500), row(4, 'u2', 2500), row(6, 'u1', 100)], recent)).toEqual([
      'Row 3: this payer paid $25.00 in the last 24 hours',
    ]);
  });
});
