import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Approver, type Bill, billQueries } from '../../api/accounts-payable';
import { mayDecideBills, whoCanApprove } from '../../lib/ap-approvers';
import { openStepApprovers } from '../../lib/bill-approvals';
import { apRoleWords } from './bill-words';

function nameOf(approvers: readonly Approver[], id: number): string {
  const found = approvers.find((a) => a.id === id);
  const name = [found?.first_name, found?.last_name].filter(Boolean).join(' ').trim();
  return name || found?.email || `AP user ${id}`;
}

/** Why the signed-in member cannot approve this bill, in their own terms; null when they can, or it is not theirs. */
function whyNotMe(bill: Bill, me: Approver | null, openIndex: number, openMay: readonly number[]): string {
  if (!me) return '';
  if (!mayDecideBills(me.role))
    return `Your AP user is a ${apRoleWords(me.role ?? 'viewer')}: only an admin or an approver approves bills.`;
  if (bill.created_by === me.id) return 'You made this bill: someone else approves it.';
  if (!openMay.includes(me.id)) {
    const named = (bill.approval_steps?.[openIndex]?.user_approvals ?? []).some((a) => a.user_id === me.id);
    return named
      ? 'You approved another step of this bill, and one person approves at most one step.'
      : `Step ${openIndex + 1} does not name you as an approver.`;
  }
  return '';
}

/**
 * On a bill waiting for approval that the signed-in member cannot approve: why not, and who can (only those the open
 * step names whose role approves bills, other than its maker). When no one can, it says so and what ends the wait.
 */
export function WhoApproves({ bill, me, canAct }: { bill: Bill; me: Approver | null; canAct: boolean }) {
  const approvers = useQuery(billQueries.approvers());
  if (bill.status !== 'submitted_for_approval' || canAct || !approvers.data) return null;
  const open = openStepApprovers(bill);
  // A step everyone it names approved elsewhere is said by the steps themselves (ApprovalSteps).
  if (open.index < 0 || open.stuck) return null;
  const able = whoCanApprove(open.mayApprove, approvers.data, bill.created_by);
  const why = whyNotMe(bill, me, open.index, open.mayApprove);
  if (able.length === 0) {
    return (
      <Alert color="red" title={`No one can approve step ${open.index + 1}`}>
        <Text size="sm">
          {why ? `${why} ` : ''}Of the people step {open.index + 1} names, none who has not approved yet may
          approve bills (an admin or an approver other than its maker). An admin changes the policy, or the
          bill is canceled and made again.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="blue" title="You cannot approve this bill">
      <Text size="sm">
        {why ? `${why} ` : ''}
        {able.length === 1 ? 'It waits for' : 'It waits for one of'}{' '}
        {able.map((id) => nameOf(approvers.data, id)).join(', ')}.
      </Text>
    </Alert>
  );
}
