import { formatCents } from './money';
import type { PayableCondition } from './requests/accounts-payable';

/**
 * Which approval policy applies to a bill, the sandbox's rule (docs/sandbox.md, "Accounts payable") and the console's
 * preview alike: policies are tried by priority (1 first), and the first whose conditions all hold applies. None: the
 * bill is approved when it is submitted.
 */

export interface PolicyLike {
  id: string;
  priority: number;
  payable_conditions: readonly PayableCondition[];
}

export interface BillFacts {
  amount: number | null;
  vendorId: string | null;
}

export function conditionHolds(condition: PayableCondition, bill: BillFacts): boolean {
  if (condition.type === 'vendor_id') return bill.vendorId === condition.value;
  if (bill.amount === null) return false;
  if (condition.comparator === '<=') return bill.amount <= condition.value;
  if (condition.comparator === '>=') return bill.amount >= condition.value;
  return bill.amount === condition.value;
}

export function policyFor<P extends PolicyLike>(policies: readonly P[], bill: BillFacts): P | null {
  const ordered = [...policies].sort((a, b) => a.priority - b.priority);
  return ordered.find((policy) => policy.payable_conditions.every((c) => conditionHolds(c, bill))) ?? null;
}

/** A condition in words: "amount ≤ $1,000.00", "vendor is Acme" (with the vendor's name when known). */
export function describeCondition(condition: PayableCondition, vendorName?: (id: string) => string): string {
  if (condition.type === 'vendor_id') return `vendor is ${vendorName?.(condition.value) ?? condition.value}`;
  const sign = condition.comparator === '<=' ? '≤' : condition.comparator === '>=' ? '≥' : '=';
  return `amount ${sign} ${formatCents(condition.value)}`;
}
