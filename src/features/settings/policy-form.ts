import type { ApprovalPolicy } from '../../api/approvals';
import { formSchemaFor } from '../../lib/form-schema';
import { centsToDecimal, parseDollars } from '../../lib/money';
import { approvalPolicyBody } from '../../lib/requests/team-decisions';
import { z } from '../../lib/zod';

/** The approval policy as the form has it: amounts in dollars as typed, the number of approvals as the Select's text. */
export interface PolicyFormValues {
  enabled: boolean;
  limit: string;
  daily: string;
  needed: '1' | '2';
}

export function policyFormValues(policy: ApprovalPolicy): PolicyFormValues {
  return {
    enabled: policy.enabled,
    limit: centsToDecimal(policy.limitCents),
    daily: policy.memberDailyLimitCents == null ? '' : centsToDecimal(policy.memberDailyLimitCents),
    needed: policy.approvalsNeeded === 2 ? '2' : '1',
  };
}

const cents = (typed: string) => {
  const parsed = parseDollars(typed);
  return parsed.ok ? parsed.cents : Number.NaN;
};

/** The body of PUT /api/team/policy (lib/requests/team-decisions.ts checks it). */
export interface PolicyBody {
  enabled: boolean;
  limit_cents: number;
  approvals_needed: 1 | 2;
  member_daily_limit_cents: number | null;
}

/** The body the console server reads: an empty daily limit is none (the approval limit is then the daily limit). */
export function toPolicyBody(values: PolicyFormValues): PolicyBody {
  return {
    enabled: values.enabled,
    limit_cents: cents(values.limit),
    approvals_needed: values.needed === '2' ? 2 : 1,
    member_daily_limit_cents: values.daily.trim() === '' ? null : cents(values.daily),
  };
}

const FIELD_OF: Record<string, keyof PolicyFormValues> = {
  enabled: 'enabled',
  limit_cents: 'limit',
  approvals_needed: 'needed',
  member_daily_limit_cents: 'daily',
};
export const policyField = (path: string): keyof PolicyFormValues | undefined => FIELD_OF[path];

const values = z.object({
  enabled: z.boolean(),
  limit: z.string(),
  daily: z.string(),
  needed: z.enum(['1', '2']),
});

/** Dollars first, in the words of the money rule (lib/money.ts); then the body by the server's own schema. */
export const policyFormSchema = values
  .superRefine((form, ctx) => {
    const limit = parseDollars(form.limit);
    if (!limit.ok) ctx.addIssue({ code: 'custom', path: ['limit'], message: limit.problem });
    const daily = form.daily.trim() === '' ? null : parseDollars(form.daily);
    if (daily && !daily.ok) ctx.addIssue({ code: 'custom', path: ['daily'], message: daily.problem });
  })
  .pipe(formSchemaFor(values, toPolicyBody, approvalPolicyBody, policyField));
