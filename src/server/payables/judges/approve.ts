import { randomUUID } from 'node:crypto';
import { billApprovals, openStepApprovers } from '../../../lib/bill-approvals';
import {
  deleteBillApproval,
  insertBillApproval,
} from '../../db/repositories/accounts-payable/bill-approvals';
import { heldUntil } from '../../members/hold';
import { handsOf } from '../bill-people';
import { methodFingerprint } from '../service-reads';
import { onJson } from './bill-judge';
import { decidingOn, notAnApprover } from './decide';

/**
 * Approving a bill: not by its maker, its last editor, a member on hold or one who may share the maker's hands; one
 * step each per person, under whichever AP user; and noted with the payment method the approver was shown, so that
 * the bill is paid to it or not at all.
 */
export const judgeBillApprove = onJson(async (ask) => {
  const deciding = await decidingOn(ask);
  if (deciding.kind !== 'deciding') return deciding;
  const { team, call, credentials, found } = ask;
  const { bill, apUser, edits, approvals, people, refuse, body, detail, amountCents } = deciding;
  const db = team.database.db;
  const me = found.member.id;
  const now = team.now();
  if (heldUntil(found.member, now)) {
    return refuse(
      403,
      'approver-held',
      'Your password or authenticator was reset lately: until the hold ends, your approvals do not count. Another member approves it',
    );
  }
  if ((await handsOf(db, found.organization.id, [people.creator], now)).has(me)) {
    return refuse(
      403,
      'approver-excluded',
      "The password of your account or of this bill's maker was set through a one-time link shown to the other (or both to the same admin), or you reset the maker's credentials lately: one person may hold both, so another member approves it",
    );
  }
  const editors = billApprovals(bill, { payer: null, edits }).lastEditors;
  if (editors.includes(apUser.id) || people.lastEditors.includes(me)) {
    return refuse(
      403,
      'own-edit',
      'You changed this bill last: someone other than its creator and its last editor approves it',
    );
  }
  const notOne = notAnApprover(deciding);
  if (notOne) return notOne;
  // An approval of this bill the service still holds, given by this member as another AP user.
  const given = new Set(
    (bill.approval_steps ?? []).flatMap((step) =>
      step.user_approvals.filter((a) => a.approval_given).map((a) => a.user_id),
    ),
  );
  const approvedAsAnother = approvals.some(
    (a) => a.member_id === me && a.ap_user_id !== apUser.id && given.has(a.ap_user_id),
  );
  if (approvedAsAnother || !openStepApprovers(bill).mayApprove.includes(apUser.id)) {
    return refuse(
      403,
      'one-step-each',
      'You approved an earlier step of this bill: each step is approved by someone else, or one person would decide it alone',
    );
  }
  // The method the approver is shown now: the bill is paid to it or not at all.
  const fingerprint = await methodFingerprint(call, credentials, bill);
  if (!fingerprint)
    return refuse(409, 'payee-method-changed', "The bill's payment method cannot be read: it was deleted");
  // Noted before it is sent: a payment judged while the service holds the approval finds whose it is, whatever
  // AP user the member is linked to by then. Taken back when the service refuses it.
  // One note per member and round of the bill (its edits so far, as the console and the service count them): two
  // approvals of one member sent at once, each judged before the other landed, cannot both be sent (a two-step
  // bill decided by one). A bill edited and submitted again is a new round.
  const round = edits.length + (bill.action_history ?? []).filter((a) => a.action === 'update').length;
  const noteId = randomUUID();
  const noted = await insertBillApproval(db, {
    id: noteId,
    org_id: found.organization.id,
    bill_id: bill.id,
    member_id: me,
    ap_user_id: apUser.id,
    method_fingerprint: fingerprint,
    at: team.now().toISOString(),
    round,
  });
  if (!noted) {
    return refuse(
      403,
      'one-step-each',
      'You approved this bill already (or are approving it now): each approval of it is someone else’s',
    );
  }
  const after = async (response: Response) => {
    if (response.status >= 400 && response.status < 500) await deleteBillApproval(db, noteId);
  };
  return { kind: 'send', body, detail, amountCents, reservation: null, after };
});
