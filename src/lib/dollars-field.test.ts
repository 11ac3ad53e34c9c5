import { describe, expect, it } from 'vitest';
import { dollarsField } from './dollars-field';
import { walletAmountSchema } from './requests/wallets';
import { z } from './zod';

const problem = (schema: z.ZodType, text: string) => schema.safeParse(text).error?.issues[0]?.message;

describe('dollars typed into a form', () => {
  it('become exact cents', () => {
    expect(dollarsField().parse('1,250.05')).toBe(125_005);
    expect(dollarsField().parse(' $0.29 ')).toBe(29);
  });

  it("are refused in parseDollars' words when they do not read", () => {
    expect(problem(dollarsField(), '')).toBe('Enter an amount');
    expect(problem(dollarsField(), '12.345')).toBe('At most two decimal places (whole cents)');
    expect(problem(dollarsField(), '-3')).toBe('The amount must be positive');
  });

  it("obey the service's rule for the cents once they read", () => {
    const amount = dollarsField(walletAmountSchema.shape.amount);
    expect(amount.parse('0.01')).toBe(1);
    expect(problem(amount, '0')).toBe('The amount is at least 1 cent');
    expect(problem(amount, '1,000,000.01')).toMatch(/at most/);
  });

  it('say one problem at a time: a text that does not read is not judged as cents', () => {
    expect(
      z.object({ amount: dollarsField(walletAmountSchema.shape.amount) }).safeParse({ amount: 'x' }).error
        ?.issues,
    ).toHaveLength(1);
  });
});
