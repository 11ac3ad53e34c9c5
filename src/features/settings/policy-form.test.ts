import { describe, expect, it } from 'vitest';
import { policyFormSchema, policyFormValues } from './policy-form';

/** The first message of each field, as the form shows it (zodResolver keeps the first). */
const issuesOf = (parsed: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) =>
  Object.fromEntries(
    (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]).reverse(),
  );

describe('the approval policy form', () => {
  it('sends dollars as integer cents, an empty daily limit as none', () => {
    expect(policyFormSchema.parse({ enabled: true, limit: '$1,000.50', daily: '', needed: '2' })).toEqual({
      enabled: true,
      limit_cents: 100_050,
      approvals_needed: 2,
      member_daily_limit_cents: null,
    });
    expect(policyFormSchema.parse({ enabled: false, limit: '10', daily: '5000', needed: '1' })).toMatchObject(
      {
        member_daily_limit_cents: 500_000,
      },
    );
  });

  it('says a wrong amount in the words of the money rule, at its field', () => {
    expect(
      issuesOf(policyFormSchema.safeParse({ enabled: true, limit: '', daily: '-5', needed: '1' })),
    ).toEqual({
      limit: 'Enter an amount',
      daily: 'The amount must be positive',
    });
  });

  it('starts from the policy in force', () => {
    expect(
      policyFormValues({
        version: 1,
        enabled: true,
        limitCents: 100_000,
        approvalsNeeded: 2,
        memberDailyLimitCents: null,
      }),
    ).toEqual({ enabled: true, limit: '1000.00', daily: '', needed: '2' });
  });
});
