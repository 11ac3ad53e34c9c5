import { billEdits } from '../../db/repositories/accounts-payable/bill-approvals';
import type { SessionMember } from '../../identity/sign-in';
import type { Team } from '../../team';
import type { Bill } from '../service-reads';

/** The console's own records of a bill (its edits and approvals), as the judges of approving and paying read them. */

export const EDIT_CHANGED =
  "A record of this bill's edits was changed outside the console: it is neither approved nor paid here. Cancel it and make a new bill, to be approved again";

/**
 * The console's record of a bill's edits, as the rule of approvals reads them; null when one does not verify (changed
 * in the database, reported): who edited last and which approvals an edit voided cannot be known, so the bill is
 * neither approved nor paid through the console.
 */
export async function editsOf(db: Team['database']['db'], found: SessionMember, bill: Bill) {
  const { edits, forged } = await billEdits(db, found.organization.id, bill.id);
  if (forged > 0) return null;
  return edits.map((edit) => ({
    apUserId: edit.ap_user_id,
    memberId: edit.member_id,
    material: edit.material === 1,
    approvalsBefore: edit.approvals_before,
  }));
}

/** The members of a bill's notes of approvals and edits that verify. */
export const notedBy = (
  approvals: readonly { member_id: string }[],
  edits: readonly { memberId: string }[],
) => ({
  approvals: approvals.map((a) => a.member_id),
  edits: edits.map((e) => e.memberId),
});
