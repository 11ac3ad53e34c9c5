import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUS_WORDS } from './approval-rules';
import { BILL_TABS, billStatusWords, waitingApprovers, whoActsNext } from './bill-tabs';
import { CANCELED } from './words';

const names = new Map([
  [1, 'Ada Admin'],
  [2, 'April Approver'],
]);
const nameOf = (id: number) => names.get(id) ?? `AP user ${id}`;

describe("the Bills list's tabs and who acts next", () => {
  it('spells canceled one way, as the service and the Overview do, for bills and for requests', () => {
    expect(billStatusWords('canceled').toLowerCase()).toBe(CANCELED);
    expect(APPROVAL_STATUS_WORDS.cancelled.toLowerCase()).toBe(CANCELED);
  });

  it('has the tabs the team works by, in order', () => {
    expect(BILL_TABS.map((tab) => tab.label)).toEqual([
      'Drafts',
      'Waiting for approval',
      'Waiting for me',
      'Approved, ready to pay',
      'Payment failed',
      'Paid',
      'Rejected and canceled',
    ]);
  });

  it("reads whom a bill waits for from its open step, and the service's next approvers where given", () => {
    const steps = [
      { completed: true, user_approvals: [{ user_id: 2, approval_given: true }] },
      {
        completed: false,
        user_approvals: [
          { user_id: 1, approval_given: false },
          { user_id: 3, approval_given: true },
        ],
      },
    ];
    expect(waitingApprovers({ status: 'submitted_for_approval', approval_steps: steps })).toEqual([1]);
    expect(waitingApprovers({ status: 'submitted_for_approval', next_approvers: [4] })).toEqual([4]);
    expect(waitingApprovers({ status: 'approved', approval_steps: steps })).toEqual([]);
  });

  it('names who acts next for every status', () => {
    const waiting = {
      status: 'submitted_for_approval',
      approval_steps: [
        {
          completed: false,
          user_approvals: [
            { user_id: 1, approval_given: false },
            { user_id: 2, approval_given: false },
          ],
        },
      ],
    };
    expect(whoActsNext(waiting, nameOf)).toBe('Approval: Ada Admin, April Approver');
    expect(whoActsNext({ status: 'created' }, nameOf)).toBe('The maker: submit it');
    expect(whoActsNext({ status: 'approved' }, nameOf)).toBe('A payer: pay it');
    expect(whoActsNext({ status: 'payment_failed' }, nameOf)).toBe('A payer: pay it again');
    expect(whoActsNext({ status: 'payment_initiated' }, nameOf)).toBe('The bank (in flight)');
    expect(whoActsNext({ status: 'rejected' }, nameOf)).toBe('The maker: correct or cancel it');
    expect(whoActsNext({ status: 'payment_completed' }, nameOf)).toBe('No one');
    expect(whoActsNext({ status: 'canceled' }, nameOf)).toBe('No one');
  });
});

it('does not wait for whoever approved an earlier step of the bill', () => {
  const bill = {
    status: 'submitted_for_approval',
    next_approvers: [2],
    approval_steps: [
      { completed: true, user_approvals: [{ user_id: 2, approval_given: true }] },
      { completed: false, user_approvals: [{ user_id: 2, approval_given: false }] },
    ],
  };
  expect(waitingApprovers(bill)).toEqual([]);
});
