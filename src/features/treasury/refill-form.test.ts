import { describe, expect, it } from 'vitest';
import { refillFieldOf, refillFormOf, refillFormSchema } from './refill-form';

const problems = (values: { active: boolean; threshold: string; amount: string }) =>
  Object.fromEntries(
    (refillFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('auto-refill as typed', () => {
  it('turned on, is the threshold and the amount in exact cents', () => {
    expect(refillFormSchema.parse({ active: true, threshold: '100.10', amount: '50.05' })).toEqual({
      auto_refill_active: true,
      refill_threshold: 10_010,
      refill_amount: 5_005,
    });
  });

  it("says at each field what is outside the service's bounds, or does not read", () => {
    expect(problems({ active: true, threshold: '9.99', amount: '10,000.01' })).toEqual({
      threshold: 'Between $10.00 and $10,000.00',
      amount: 'Between $10.00 and $10,000.00',
    });
    expect(problems({ active: true, threshold: '10', amount: 'ten' })).toEqual({
      amount: 'Enter the amount in dollars, like 12.34',
    });
    expect(problems({ active: true, threshold: '', amount: '10,000.00' })).toEqual({
      threshold: 'Enter an amount',
    });
  });

  it('turned off, is off alone: what is typed is kept in the form and not judged', () => {
    expect(refillFormSchema.parse({ active: false, threshold: 'abc', amount: '' })).toEqual({
      auto_refill_active: false,
    });
  });

  it("starts from the service's settings, empty where it does not say", () => {
    expect(
      refillFormOf({ auto_refill_active: true, refill_threshold: 10_010, refill_amount: 5_000 }),
    ).toEqual({
      active: true,
      threshold: '100.10',
      amount: '50.00',
    });
    expect(refillFormOf(undefined)).toEqual({ active: false, threshold: '', amount: '' });
  });

  it("places the service's refusals at the form's fields", () => {
    expect(refillFieldOf('refill_threshold')).toBe('threshold');
    expect(refillFieldOf('refill_amount')).toBe('amount');
    expect(refillFieldOf('auto_refill_active')).toBeUndefined();
  });
});
