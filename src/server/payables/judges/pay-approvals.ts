import { approvingPeople, billApprovals } from '../../../lib/bill-approvals';
import { formatCents } from '../../../lib/money';
import { activePolicy } from '../../approvals/policy';
import { billApprovals as recordedApprovals } from '../../db/repositories/accounts-payable/bill-approvals';
import { billNoteMissing, NOTE_MISSING } from '../bill-notes';
import { billPeople, CREATION_CHANGED, handsOf } from '../bill-people';
import { type Bill, methodFingerprint } from '../service-reads';
import type { BillAsk, BillJudgement, JsonBody } from './bill-judge';
import type { Refuse } from './checks';
import { EDIT_CHANGED, editsOf, notedBy } from './records';

/**
 * No one pays a bill alone: above the organization's approval limit a bill is paid only if someone approved it who is
 * neither its creator, nor its last editor, nor the payer, after the last change of what is paid; and every live
 * approver was shown the payment method the bill has now. The people whose approvals count, or the refusal.
 */
export async function approversOfPay(
  ask: BillAsk<JsonBody>,
  bill: Bill,
  payer: number,
  refuse: Refuse,
): Promise<{ kind: 'approved-by'; approvers: string[] } | BillJudgement> {
  const { team, call, credentials, found } = ask;
  const amountCents = bill.amount;
  const db = team.database.db;
  const policy = await activePolicy(db, found.organization.id);
  const edits = await editsOf(db, found, bill);
  if (!edits) return refuse(409, 'bill-edit-changed', EDIT_CHANGED);
  const approvals = billApprovals(bill, { payer, edits });
  const { approvals: recorded, forged } = await recordedApprovals(db, found.organization.id, bill.id);
  if (forged > 0) {
    return refuse(
      409,
      'bill-approval-changed',
      "A record of this bill's approval was changed outside the console: it is not paid. Cancel it and make a new bill, to be approved again",
    );
  }
  if (await billNoteMissing(team, found.organization.id, bill.id, notedBy(recorded, edits)))
    return refuse(409, 'bill-record-missing', NOTE_MISSING);
  const people = await billPeople(team, call, credentials, found.organization.id, bill, {
    approvals: recorded,
    edits,
  });
  if (people === 'forged') return refuse(409, 'bill-creation-changed', CREATION_CHANGED);
  // The counted approvals as people: none from the member who made it, changed it last or pays it, as any AP user.
  const approvers = approvingPeople(approvals.counted, {
    membersOf: people.membersOf,
    excluded: await handsOf(
      db,
      found.organization.id,
      [people.creator, ...people.lastEditors, found.member.id],
      team.now(),
    ),
  });
  if (policy.enabled && amountCents > policy.limitCents && approvers.length === 0) {
    return refuse(
      403,
      'second-person-required',
      `No one pays a bill alone: above ${formatCents(policy.limitCents)} a bill is paid only if someone approved it who is neither its creator, nor its last editor, nor the one paying it, after the last change of its amount, items, method or vendor, whatever the approval policies say`,
      { limit: 'amount' },
    );
  }
  // Each live approver's latest approval through the console: the method they were shown must still be the bill's.
  const live = new Set([
    ...approvals.counted,
    ...approvals.notCounted.filter((n) => n.why !== 'before-a-change').map((n) => n.apUserId),
  ]);
  const latest = new Map<number, string>();
  for (const approval of recorded) {
    if (live.has(approval.ap_user_id)) latest.set(approval.ap_user_id, approval.method_fingerprint);
  }
  if (latest.size > 0) {
    const now = await methodFingerprint(call, credentials, bill);
    if ([...latest.values()].some((fingerprint) => fingerprint !== now)) {
      return refuse(
        409,
        'payee-method-changed',
        "The bill's payment method is not the one it was approved to: cancel it and make a new bill, to be approved again",
      );
    }
  }
  return { kind: 'approved-by', approvers };
}
