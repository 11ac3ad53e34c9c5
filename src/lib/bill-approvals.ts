/**
 * Which approvals of a bill count as the second person the team's rule asks for above the approval limit. An
 * approval counts only from an AP user who is neither the bill's creator, nor its last editor, nor the one paying
 * it, and only when it was given after the last change of what is paid (the amount, the items, the method or the
 * vendor): an admin who rejects a bill, raises its amount, resubmits and approves it has approved their own bill.
 *
 * "After" is read in the service's own order, never by comparing clocks: the service's action history (an `update`
 * row, where the service writes one, voids the approvals before it, whatever changed: the history does not say what),
 * and the console's record of each edit, which notes how many approvals the history held just before it.
 */

export interface BillForApprovals {
  action_history?: readonly { action: string; user_id?: number | null | undefined }[] | null | undefined;
  approval_steps?:
    | readonly { user_approvals: readonly { user_id: number; approval_given: boolean }[] }[]
    | null
    | undefined;
}

/** An edit the console passed on: by whom, whether what is paid changed, and the approvals in the history before. */
export interface BillEdit {
  apUserId: number;
  /** The member who made the edit (the console's record; the service knows only the AP user). */
  memberId?: string;
  material: boolean;
  approvalsBefore: number;
}

export interface BillApprovals {
  creator: number | null;
  /** The last editor by the console's record and by the service's history (they may differ upstream). */
  lastEditors: number[];
  /** AP users whose approval counts for a payment by `payer`. */
  counted: number[];
  /** AP users who approved but do not count, and why. */
  notCounted: { apUserId: number; why: 'creator' | 'last-editor' | 'payer' | 'before-a-change' }[];
}

/** How many approvals the service's history holds. */
export function approvalsIn(bill: BillForApprovals): number {
  return (bill.action_history ?? []).filter((a) => a.action === 'approve').length;
}

export function billApprovals(
  bill: BillForApprovals,
  { payer, edits }: { payer: number | null; edits: readonly BillEdit[] },
): BillApprovals {
  const history = bill.action_history ?? [];
  const creator = history.find((a) => a.action === 'create')?.user_id ?? null;
  const lastUpdate = history.findLastIndex((a) => a.action === 'update');
  const lastEditors = [
    ...new Set(
      [
        edits.at(-1)?.apUserId,
        // Whoever last changed what is paid, though someone edited a word after them: they approve their own amount.
        edits.findLast((e) => e.material)?.apUserId,
        lastUpdate >= 0 ? history[lastUpdate]?.user_id : undefined,
      ].filter((id): id is number => typeof id === 'number'),
    ),
  ];
  // Approvals before this many (in the history's order) were given to a bill that has changed since.
  const voidedBefore = Math.max(
    0,
    approvalsIn({ action_history: history.slice(0, Math.max(lastUpdate, 0)) }),
    ...edits.filter((e) => e.material).map((e) => e.approvalsBefore),
  );
  const inSteps = new Set(
    (bill.approval_steps ?? []).flatMap((step) =>
      step.user_approvals.filter((a) => a.approval_given).map((a) => a.user_id),
    ),
  );
  const approvals = history.filter((a) => a.action === 'approve');
  const counted: number[] = [];
  const notCounted: BillApprovals['notCounted'] = [];
  approvals.forEach((approval, index) => {
    const id = approval.user_id;
    if (typeof id !== 'number' || !inSteps.has(id)) return;
    const why =
      index < voidedBefore
        ? 'before-a-change'
        : id === creator
          ? 'creator'
          : lastEditors.includes(id)
            ? 'last-editor'
            : id === payer
              ? 'payer'
              : null;
    if (why) notCounted.push({ apUserId: id, why });
    else if (!counted.includes(id)) counted.push(id);
  });
  return { creator, lastEditors, counted, notCounted };
}

/**
 * The people whose approvals count, from the AP users `billApprovals` counted: an AP user's approval does not count
 * when any member known to have acted as it (`membersOf`) is excluded (the creator, the last editors, the payer, and
 * whoever may share their hands), as upstream one member may act as several AP users in turn; two AP users behind one
 * member are one person. An AP user no member is known behind (`[]`) is someone outside the team, a person of their
 * own; one whose person cannot be told (`null`) does not count.
 */
export function approvingPeople(
  counted: readonly number[],
  {
    membersOf,
    excluded,
  }: {
    membersOf: (apUserId: number) => readonly string[] | null;
    excluded: Iterable<string | null>;
  },
): string[] {
  const out = new Set([...excluded].filter((id): id is string => id !== null));
  const people = new Set<string>();
  for (const apUserId of counted) {
    const members = membersOf(apUserId);
    if (members === null || members.some((m) => out.has(m))) continue;
    people.add(members[0] ?? `ap-user:${apUserId}`);
  }
  return [...people];
}

/** What is paid: a change of any of these voids the approvals given before it. */
export const MATERIAL_FIELDS = ['amount', 'items', 'ap_payment_method_id', 'ap_vendor_id'] as const;

/** Whether a bill's update changes what is paid (a field of `MATERIAL_FIELDS` sent with another value). */
export function changesWhatIsPaid(before: Record<string, unknown>, update: Record<string, unknown>): boolean {
  return MATERIAL_FIELDS.some(
    (field) => field in update && JSON.stringify(update[field]) !== JSON.stringify(before[field]),
  );
}

interface StepsOfABill {
  approval_steps?:
    | readonly {
        completed: boolean;
        user_approvals: readonly { user_id: number; approval_given: boolean }[];
      }[]
    | null
    | undefined;
}

/**
 * Who may still approve the bill's open step: its approvers who have not approved yet and approved no other step of
 * this bill (one person approves at most one step, or a two-step policy would be one person's word). Empty when no
 * step is open; `stuck` when the open step waits and everyone left in it approved an earlier step already.
 */
export function openStepApprovers(bill: StepsOfABill): {
  index: number;
  mayApprove: number[];
  stuck: boolean;
} {
  const steps = bill.approval_steps ?? [];
  const index = steps.findIndex((step) => !step.completed);
  const open = steps[index];
  if (!open) return { index: -1, mayApprove: [], stuck: false };
  const approvedElsewhere = new Set(
    steps
      .filter((_, i) => i !== index)
      .flatMap((step) => step.user_approvals.filter((a) => a.approval_given).map((a) => a.user_id)),
  );
  const mayApprove = open.user_approvals
    .filter((a) => !a.approval_given && !approvedElsewhere.has(a.user_id))
    .map((a) => a.user_id);
  return { index, mayApprove, stuck: mayApprove.length === 0 };
}
