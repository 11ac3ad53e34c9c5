import { describe, expect, it } from 'vitest';
import {
  approvalsIn,
  approvingPeople,
  type BillForApprovals,
  billApprovals,
  changesWhatIsPaid,
  openStepApprovers,
} from './bill-approvals';

const FINANCE = 1;
const ADMIN = 2;
const APPROVER = 3;

/** A bill whose history is `actions` ([action, AP user]) and whose steps hold `approved`. */
function bill(actions: [string, number][], approved: number[]): BillForApprovals {
  return {
    action_history: actions.map(([action, user_id]) => ({ action, user_id })),
    approval_steps: [{ user_approvals: approved.map((user_id) => ({ user_id, approval_given: true })) }],
  };
}

describe('which approvals of a bill count as the second person', () => {
  it('counts an approver who neither made, last changed, nor pays the bill', () => {
    const made = bill(
      [
        ['create', FINANCE],
        ['submit_for_approval', FINANCE],
        ['approve', ADMIN],
      ],
      [ADMIN],
    );
    expect(billApprovals(made, { payer: FINANCE, edits: [] }).counted).toEqual([ADMIN]);
  });

  it('does not count the payer, the creator or the last editor', () => {
    const made = bill(
      [
        ['create', FINANCE],
        ['submit_for_approval', FINANCE],
        ['approve', ADMIN],
      ],
      [ADMIN],
    );
    expect(billApprovals(made, { payer: ADMIN, edits: [] })).toMatchObject({
      counted: [],
      notCounted: [{ apUserId: ADMIN, why: 'payer' }],
    });
    const own = bill(
      [
        ['create', ADMIN],
        ['approve', ADMIN],
      ],
      [ADMIN],
    );
    expect(billApprovals(own, { payer: FINANCE, edits: [] }).notCounted).toEqual([
      { apUserId: ADMIN, why: 'creator' },
    ]);
    // The insider's path: finance made it, the admin rejected it, raised its amount, resubmitted and approved it.
    const raised = bill(
      [
        ['create', FINANCE],
        ['submit_for_approval', FINANCE],
        ['reject', ADMIN],
        ['update', ADMIN],
        ['submit_for_approval', ADMIN],
        ['approve', ADMIN],
      ],
      [ADMIN],
    );
    expect(billApprovals(raised, { payer: FINANCE, edits: [] })).toMatchObject({
      lastEditors: [ADMIN],
      counted: [],
      notCounted: [{ apUserId: ADMIN, why: 'last-editor' }],
    });
  });

  it("names the last editor from the console's record where the service writes no update", () => {
    const made = bill(
      [
        ['create', FINANCE],
        ['approve', ADMIN],
      ],
      [ADMIN],
    );
    const edits = [{ apUserId: ADMIN, material: true, approvalsBefore: 0 }];
    expect(billApprovals(made, { payer: FINANCE, edits })).toMatchObject({
      lastEditors: [ADMIN],
      counted: [],
    });
  });

  it('keeps whoever last changed what is paid among the last editors, though another edited a word after', () => {
    const made = bill(
      [
        ['create', FINANCE],
        ['approve', ADMIN],
      ],
      [ADMIN],
    );
    const edits = [
      { apUserId: ADMIN, material: true, approvalsBefore: 0 },
      { apUserId: FINANCE, material: false, approvalsBefore: 0 },
    ];
    expect(billApprovals(made, { payer: FINANCE, edits })).toMatchObject({
      lastEditors: [FINANCE, ADMIN],
      counted: [],
    });
  });

  it('voids approvals given before a change of what is paid, in the history order', () => {
    // An approval, then (a service that keeps steps across an edit) a change of amount, then nothing new.
    const history: [string, number][] = [
      ['create', FINANCE],
      ['submit_for_approval', FINANCE],
      ['approve', APPROVER],
    ];
    const approved = bill(history, [APPROVER]);
    const changed = [{ apUserId: FINANCE, material: true, approvalsBefore: approvalsIn(approved) }];
    expect(billApprovals(approved, { payer: FINANCE, edits: changed })).toMatchObject({
      counted: [],
      notCounted: [{ apUserId: APPROVER, why: 'before-a-change' }],
    });
    // A change of the description only keeps the approval (the editor is still not counted).
    const described = [{ apUserId: ADMIN, material: false, approvalsBefore: 1 }];
    expect(billApprovals(approved, { payer: FINANCE, edits: described }).counted).toEqual([APPROVER]);
    // Approved again after the change: that one counts.
    const again = bill([...history, ['approve', APPROVER]], [APPROVER]);
    expect(billApprovals(again, { payer: FINANCE, edits: changed }).counted).toEqual([APPROVER]);
    // The service's own `update` row voids what came before it as well.
    const updated = bill([...history, ['update', FINANCE], ['submit_for_approval', FINANCE]], [APPROVER]);
    expect(billApprovals(updated, { payer: FINANCE, edits: [] }).counted).toEqual([]);
  });

  it("counts only approvals the service's steps still hold", () => {
    const made = bill(
      [
        ['create', FINANCE],
        ['approve', APPROVER],
      ],
      [],
    );
    expect(billApprovals(made, { payer: FINANCE, edits: [] }).counted).toEqual([]);
  });

  it('tells a change of what is paid from another change', () => {
    const before = { amount: 500, ap_vendor_id: 'v', ap_payment_method_id: 'm', items: null };
    expect(changesWhatIsPaid(before, { amount: 900 })).toBe(true);
    expect(changesWhatIsPaid(before, { ap_payment_method_id: 'n' })).toBe(true);
    expect(changesWhatIsPaid(before, { ap_vendor_id: 'w' })).toBe(true);
    expect(changesWhatIsPaid(before, { items: [{ name: 'x', amount: 500 }] })).toBe(true);
    expect(changesWhatIsPaid(before, { amount: 500, description: 'March' })).toBe(false);
  });
});

describe('who may approve the open step of a bill', () => {
  const step = (completed: boolean, ...approvals: [number, boolean][]) => ({
    completed,
    user_approvals: approvals.map(([user_id, approval_given]) => ({ user_id, approval_given })),
  });

  it('leaves out of the open step whoever approved an earlier step', () => {
    const bill = {
      approval_steps: [
        step(true, [ADMIN, true], [APPROVER, false]),
        step(false, [ADMIN, false], [APPROVER, false]),
      ],
    };
    expect(openStepApprovers(bill)).toEqual({ index: 1, mayApprove: [APPROVER], stuck: false });
  });

  it('says the open step is stuck when the one person in it approved the step before', () => {
    const bill = { approval_steps: [step(true, [ADMIN, true]), step(false, [ADMIN, false])] };
    expect(openStepApprovers(bill)).toEqual({ index: 1, mayApprove: [], stuck: true });
  });

  it('lets anyone in the first open step approve, and nothing when no step is open', () => {
    expect(
      openStepApprovers({ approval_steps: [step(false, [ADMIN, false]), step(false, [ADMIN, false])] })
        .mayApprove,
    ).toEqual([ADMIN]);
    expect(openStepApprovers({ approval_steps: [step(true, [ADMIN, true])] })).toEqual({
      index: -1,
      mayApprove: [],
      stuck: false,
    });
  });
});

describe('approvingPeople', () => {
  const members: Record<number, string[]> = { 2: ['ann'], 3: ['ann'], 4: ['bob', 'ann'], 5: ['cy'] };
  const membersOf = (id: number) => members[id] ?? [];

  it('counts the member behind the AP users, once, and someone outside the team as their AP user', () => {
    expect(approvingPeople([2, 3, 5, 9], { membersOf, excluded: [] })).toEqual(['ann', 'cy', 'ap-user:9']);
  });

  it('counts no AP user whose person cannot be told', () => {
    expect(
      approvingPeople([5, 7], { membersOf: (id) => (id === 7 ? null : membersOf(id)), excluded: [] }),
    ).toEqual(['cy']);
  });

  it('counts no AP user any excluded member acted as, whoever else did', () => {
    expect(approvingPeople([2, 4, 5], { membersOf, excluded: ['ann', null] })).toEqual(['cy']);
    expect(approvingPeople([3], { membersOf, excluded: ['ann'] })).toEqual([]);
  });
});
