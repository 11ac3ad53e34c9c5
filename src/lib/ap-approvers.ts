import type { ApRole } from './ap-states';
import { countOf } from './words';

/**
 * Who can approve a bill: only an AP user whose role decides bills (the service's `admin` and `ap_approver`; a maker
 * of bills, a payer or a viewer named in a step can never approve), and never the bill's own maker. The policy form
 * offers and the console server accepts only steps these people can complete; a bill says who they are.
 */
export const DECIDING_AP_ROLES: readonly ApRole[] = ['admin', 'ap_approver'];

export function mayDecideBills(role: string | null | undefined): boolean {
  return (DECIDING_AP_ROLES as readonly (string | null | undefined)[]).includes(role);
}

export interface ApUserLike {
  id: number;
  role?: string | null | undefined;
}

export interface PolicyStep {
  approver_list: readonly number[];
  num_approvals_required: number;
}

/** Each step that could never be completed, by its index, in words for the admin who made it. */
export function stepsNoOneCanComplete(
  steps: readonly PolicyStep[],
  apUsers: readonly ApUserLike[],
): { index: number; message: string }[] {
  const roleOf = new Map(apUsers.map((user) => [user.id, user.role]));
  return steps.flatMap((step, index) => {
    const able = new Set(step.approver_list.filter((id) => mayDecideBills(roleOf.get(id)))).size;
    if (able >= step.num_approvals_required) return [];
    const message =
      able === 0
        ? `No approver of step ${index + 1} may approve bills (only an admin or an approver may): no bill under this policy could ever be approved`
        : `Only ${countOf(able, 'approver')} of step ${index + 1} may approve bills (an admin or an approver), fewer than the ${step.num_approvals_required} it requires`;
    return [{ index, message }];
  });
}

/**
 * Who can give the open step's next approval: those it names who have not approved yet (`waiting`), whose role decides
 * bills, other than the bill's maker. Empty: no one can, and the bill waits for ever.
 */
export function whoCanApprove(
  waiting: readonly number[],
  apUsers: readonly ApUserLike[],
  maker: number | null | undefined,
): number[] {
  const roleOf = new Map(apUsers.map((user) => [user.id, user.role]));
  return waiting.filter((id) => id !== maker && mayDecideBills(roleOf.get(id)));
}
