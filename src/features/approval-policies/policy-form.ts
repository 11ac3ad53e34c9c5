import type { ApPolicy } from '../../api/accounts-payable';
import { type ApUserLike, stepsNoOneCanComplete } from '../../lib/ap-approvers';
import type { PolicyLike } from '../../lib/ap-policies';
import { formSchemaFor } from '../../lib/form-schema';
import { parseDollars } from '../../lib/money';
import {
  type AmountComparator,
  type CreatePolicy,
  createPolicySchema,
  type PayableCondition,
} from '../../lib/requests/accounts-payable';
import { countOf } from '../../lib/words';
import { z } from '../../lib/zod';

/**
 * A new approval policy as the admin builds it: amount conditions in dollars, an optional vendor, and steps whose
 * approvers are picked by name (their AP user ids, as the Select keeps them: text). `problemsOf` says what is wrong at
 * each field; `toCreatePolicy` builds the service's body from a form without problems.
 */
export interface PolicyFormValues {
  amounts: { comparator: AmountComparator; dollars: string }[];
  vendorId: string | null;
  steps: { approvers: string[]; required: string }[];
  description: string;
}

export const EMPTY_POLICY: PolicyFormValues = {
  amounts: [{ comparator: '>=', dollars: '' }],
  vendorId: null,
  steps: [{ approvers: [], required: '1' }],
  description: '',
};

export type PolicyProblems = Record<string, string>;

/**
 * What is wrong, by field: `amounts.0.dollars`, `steps.1.approvers`, `steps.1.required`, `conditions`. With the AP
 * users and their roles, a step that could never be completed is wrong too (the console server refuses it).
 */
export function problemsOf(values: PolicyFormValues, apUsers?: readonly ApUserLike[]): PolicyProblems {
  const problems: PolicyProblems = {};
  values.amounts.forEach((amount, index) => {
    const parsed = parseDollars(amount.dollars);
    if (!parsed.ok) problems[`amounts.${index}.dollars`] = parsed.problem;
  });
  if (values.amounts.length === 0 && !values.vendorId) {
    problems.conditions = 'Give at least one condition: an amount or a vendor';
  }
  values.steps.forEach((step, index) => {
    if (step.approvers.length === 0) problems[`steps.${index}.approvers`] = 'Pick at least one approver';
    const required = Number(step.required);
    if (!/^\d+$/.test(step.required.trim()) || required < 1) {
      problems[`steps.${index}.required`] = 'A whole number, at least 1';
    } else if (required > step.approvers.length && step.approvers.length > 0) {
      problems[`steps.${index}.required`] =
        `No more than the ${countOf(step.approvers.length, 'approver')} picked`;
    }
  });
  if (values.steps.length === 0) problems.steps = 'Add a step';
  if (apUsers) {
    const steps = values.steps.map((step) => ({
      approver_list: step.approvers.map(Number),
      num_approvals_required: Number(step.required),
    }));
    for (const { index, message } of stepsNoOneCanComplete(steps, apUsers)) {
      if (!problems[`steps.${index}.approvers`] && !problems[`steps.${index}.required`])
        problems[`steps.${index}.approvers`] = message;
    }
  }
  // The vendor's document wants each condition and each step once (uniqueItems): a repeat is said where it is.
  const key = (parts: unknown[]) => JSON.stringify(parts);
  values.amounts.forEach((amount, index) => {
    const parsed = parseDollars(amount.dollars);
    if (!parsed.ok || problems[`amounts.${index}.dollars`]) return;
    const same = values.amounts.findIndex((other) => {
      const cents = parseDollars(other.dollars);
      return cents.ok && key([other.comparator, cents.cents]) === key([amount.comparator, parsed.cents]);
    });
    if (same < index) problems[`amounts.${index}.dollars`] = `The same as amount condition ${same + 1}`;
  });
  values.steps.forEach((step, index) => {
    const mine = key([[...step.approvers].sort(), step.required.trim()]);
    const same = values.steps.findIndex(
      (other) => key([[...other.approvers].sort(), other.required.trim()]) === mine,
    );
    if (same < index && !problems[`steps.${index}.approvers`]) {
      problems[`steps.${index}.approvers`] =
        `The same as step ${same + 1}: change its approvers or its count`;
    }
  });
  return problems;
}

export function toCreatePolicy(values: PolicyFormValues): CreatePolicy {
  const amounts: PayableCondition[] = values.amounts.map((amount) => {
    const parsed = parseDollars(amount.dollars);
    return { type: 'amount', comparator: amount.comparator, value: parsed.ok ? parsed.cents : 0 };
  });
  const description = values.description.trim();
  return {
    ...(description ? { description } : {}),
    payable_conditions: [
      ...amounts,
      ...(values.vendorId ? [{ type: 'vendor_id' as const, value: values.vendorId }] : []),
    ],
    approval_conditions: values.steps.map((step) => ({
      approver_list: step.approvers.map(Number),
      num_approvals_required: Number(step.required),
    })),
  };
}

/** A listed policy as the rule of which applies reads it (lib/ap-policies.ts). */
export function asPolicyLike(policy: ApPolicy): PolicyLike & { source: ApPolicy } {
  return {
    id: policy.id,
    priority: policy.priority,
    source: policy,
    payable_conditions: policy.payable_conditions.map(
      (c): PayableCondition =>
        c.type === 'vendor_id'
          ? { type: 'vendor_id', value: String(c.value) }
          : {
              type: 'amount',
              comparator: (c.comparator ?? '==') as AmountComparator,
              value: Number(c.value),
            },
    ),
  };
}

/** "1 of Ada Admin or Fiona Finance, then 2 of …": a policy's steps in words. */
export function stepsInWords(policy: ApPolicy, nameOf: (id: number) => string): string {
  return policy.approval_conditions
    .map(
      (step) =>
        `${step.num_approvals_required} of ${step.approver_list.map((a) => a.name ?? nameOf(a.id)).join(', ')}`,
    )
    .join(', then ');
}

const formValues = z.custom<PolicyFormValues>();

/**
 * The new policy form's schema: each problem at its field (`problemsOf`, the AP users' roles included), the whole
 * conditions' and steps' at `root.conditions` and `steps.root`; then the body by the service's own schema.
 */
export const policyFormSchema = (apUsers: readonly ApUserLike[]) =>
  formValues
    .superRefine((values, ctx) => {
      for (const [field, message] of Object.entries(problemsOf(values, apUsers))) {
        const path =
          field === 'conditions'
            ? ['root', 'conditions']
            : field === 'steps'
              ? ['steps', 'root']
              : field.split('.');
        ctx.addIssue({
          code: 'custom',
          path: path.map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
          message,
        });
      }
    })
    .pipe(formSchemaFor(formValues, toCreatePolicy, createPolicySchema, () => undefined));
