import { describe, expect, it } from 'vitest';
import { mayDecideBills, stepsNoOneCanComplete, whoCanApprove } from './ap-approvers';

const people = [
  { id: 1, role: 'admin' },
  { id: 2, role: 'ap_creator' },
  { id: 3, role: 'viewer' },
  { id: 4, role: 'ap_approver' },
];

describe('who can approve a bill', () => {
  it('is an admin or an approver, never a maker of bills, a payer or a viewer', () => {
    expect(['admin', 'ap_approver', 'ap_creator', 'payer', 'viewer', null].map(mayDecideBills)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses a step of only makers and viewers, and one that requires more approvals than can be given', () => {
    expect(
      stepsNoOneCanComplete(
        [
          { approver_list: [1, 4], num_approvals_required: 2 },
          { approver_list: [2], num_approvals_required: 1 },
          { approver_list: [1, 2, 3], num_approvals_required: 2 },
        ],
        people,
      ),
    ).toEqual([
      {
        index: 1,
        message:
          'No approver of step 2 may approve bills (only an admin or an approver may): no bill under this policy could ever be approved',
      },
      {
        index: 2,
        message:
          'Only 1 approver of step 3 may approve bills (an admin or an approver), fewer than the 2 it requires',
      },
    ]);
  });

  it("names who can give the open step's approval, not the bill's maker", () => {
    expect(whoCanApprove([1, 2, 3, 4], people, 4)).toEqual([1]);
    expect(whoCanApprove([2], people, 1)).toEqual([]);
  });
});
