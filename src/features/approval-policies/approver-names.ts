import type { Approver } from '../../api/accounts-payable';
import { mayDecideBills } from '../../lib/ap-approvers';

/** An AP user by name ("Ada Admin"), else their email, else their id. */
export function approverName(approver: Approver): string {
  const name = [approver.first_name, approver.last_name].filter(Boolean).join(' ').trim();
  return name || approver.email || `AP user ${approver.id}`;
}

export const approverOptions = (approvers: readonly Approver[]) =>
  approvers.map((a) => ({ value: String(a.id), label: approverName(a) }));

/** The AP users a policy's step may name: only those whose role approves bills (a maker or a viewer never could). */
export const stepApproverOptions = (approvers: readonly Approver[]) =>
  approverOptions(approvers.filter((a) => mayDecideBills(a.role)));
