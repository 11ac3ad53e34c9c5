import type { Approver } from '../../api/accounts-payable';

/** An AP user by name ("Ada Admin"), else their email, else their id. */
export function approverName(approver: Approver): string {
  const name = [approver.first_name, approver.last_name].filter(Boolean).join(' ').trim();
  return name || approver.email || `AP user ${approver.id}`;
}

export const approverOptions = (approvers: readonly Approver[]) =>
  approvers.map((a) => ({ value: String(a.id), label: approverName(a) }));
