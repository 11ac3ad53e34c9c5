import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  decimalToCents,
  formatCents,
  MAX_PAYMENT_CENTS,
  parseDollars,
  paymentAmountProblem,
} from './money';

describe('parseDollars', () => {
  it.each([
    ['12.34', 1234],
    ['12.3', 1230],
    ['12.30', 1230],
    ['12', 1200],
    ['12.', 1200],
    ['.5', 50],
    ['0.29', 29],
    ['0.01', 1],
    ['1,250.05', 125005],
    ['1,000,000.00', 100_000_000],
    ['$7', 700],
    ['  $ 3.10 ', 310],
    ['0', 0],
    ['00012.00', 1200],
    ['999999999.99', 99_999_999_999],
  ])('%s -> %i cents, exactly', (input, cents) => {
    expect(parseDollars(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'Enter an amount'],
    ['   ', 'Enter an amount'],
    ['-1.00', 'The amount must be positive'],
    ['1.234', 'At most two decimal places (whole cents)'],
    ['abc', 'Enter the amount in dollars, like 12.34'],
    ['1e3', 'Enter the amount in dollars, like 12.34'],
    ['12,34', 'Enter the amount in dollars, like 12.34'],
    ['1,2345.00', 'Enter the amount in dollars, like 12.34'],
    ['.', 'Enter the amount in dollars, like 12.34'],
    ['1.2.3', 'Enter the amount in dollars, like 12.34'],
    ['Infinity', 'Enter the amount in dollars, like 12.34'],
    ['1000000000.00', 'The amount is too large'],
  ])('%j is refused: %s', (input, problem) => {
    expect(parseDollars(input)).toEqual({ ok: false, problem });
  });

  it('round-trips every cent value through formatCents without drift', () => {
    for (let cents = 0; cents < 2000; cents++) {
      expect(parseDollars(formatCents(cents))).toEqual({ ok: true, cents });
    }
    expect(parseDollars(formatCents(MAX_PAYMENT_CENTS))).toEqual({ ok: true, cents: MAX_PAYMENT_CENTS });
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [10, '$0.10'],
    [1234, '$12.34'],
    [100_000, '$1,000.00'],
    [125005, '$1,250.05'],
    [100_000_000, '$1,000,000.00'],
    [-150, '-$1.50'],
  ])('%i -> %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

describe('paymentAmountProblem', () => {
  it('accepts 1 cent to $1,000,000 inclusive', () => {
    expect(paymentAmountProblem(1)).toBeNull();
    expect(paymentAmountProblem(MAX_PAYMENT_CENTS)).toBeNull();
    expect(paymentAmountProblem(0)).toMatch(/at least/);
    expect(paymentAmountProblem(MAX_PAYMENT_CENTS + 1)).toBe('The amount can be at most $1,000,000.00');
  });
});

describe('cents as a decimal string', () => {
  it('writes whole cents exactly, with two decimals', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(-100)).toBe('-1.00');
    expect(() => centsToDecimal(0.5)).toThrow(RangeError);
  });
});

describe('a decimal string as cents', () => {
  it('reads a wallet balance by its digits, never through floating point', () => {
    expect(decimalToCents('1234.56')).toBe(123456);
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('100000.5')).toBe(10000050);
    expect(decimalToCents('-1.00')).toBe(-100);
    expect(decimalToCents(7)).toBe(700);
    expect(decimalToCents(1234.5)).toBe(123450);
    for (const bad of ['', '1.234', '1,000.00', 'abc', '1e5']) expect(decimalToCents(bad)).toBeNull();
  });

  it('is the inverse of centsToDecimal', () => {
    for (const cents of [0, 1, 99, 100, 123456, -250, 99_999_999_999]) {
      expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
    }
  });
});
