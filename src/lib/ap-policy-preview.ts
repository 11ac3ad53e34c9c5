import { type BillFacts, conditionHolds, describeCondition, type PolicyLike, policyFor } from './ap-policies';

/**
 * "Which policy applies" for an amount and a vendor, before any bill exists: the sandbox's rule itself (policyFor:
 * by priority, the first whose conditions all hold), with why each policy tried before it did not.
 */
export type PolicyPreview<P extends PolicyLike> =
  | { kind: 'policy'; policy: P; holds: string[]; passedOver: PassedOver<P>[] }
  | { kind: 'none'; passedOver: PassedOver<P>[] };

export interface PassedOver<P> {
  policy: P;
  /** The first of its conditions that does not hold, in words. */
  failed: string;
}

export function previewPolicy<P extends PolicyLike>(
  policies: readonly P[],
  bill: BillFacts,
  vendorName?: (id: string) => string,
): PolicyPreview<P> {
  const chosen = policyFor(policies, bill);
  const passedOver = [...policies]
    .sort((a, b) => a.priority - b.priority)
    .filter((p) => chosen === null || p.priority < chosen.priority)
    .map((policy) => {
      const failed = policy.payable_conditions.find((c) => !conditionHolds(c, bill));
      return { policy, failed: failed ? describeCondition(failed, vendorName) : '' };
    });
  if (!chosen) return { kind: 'none', passedOver };
  return {
    kind: 'policy',
    policy: chosen,
    holds: chosen.payable_conditions.map((c) => describeCondition(c, vendorName)),
    passedOver,
  };
}
