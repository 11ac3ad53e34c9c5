import { billApprovals as recordedApprovals } from '../../db/repositories/accounts-payable/bill-approvals';
import type { BillApprovalRow } from '../../db/schema/team';
import { billNoteMissing, NOTE_MISSING } from '../bill-notes';
import { type BillPeople, billPeople, CREATION_CHANGED } from '../bill-people';
import { type ApUser, type Bill, creatorOf, waitingFor } from '../service-reads';
import { type BillAsk, type BillJudgement, type JsonBody, onJson } from './bill-judge';
import { actingAs, billJudgedOn, type Refuse, refuser } from './checks';
import { EDIT_CHANGED, editsOf, notedBy } from './records';

/** A decision on a bill's open step, as approving and rejecting both read it before their own rules. */
export interface Deciding {
  kind: 'deciding';
  bill: Bill;
  detail: string | undefined;
  amountCents: number | undefined;
  apUser: ApUser;
  body: string | FormData;
  edits: NonNullable<Awaited<ReturnType<typeof editsOf>>>;
  approvals: BillApprovalRow[];
  people: BillPeople;
  refuse: Refuse;
}

/**
 * No one decides their own bill, under whichever AP user they made it; and a bill whose notes in the console do not
 * verify (an edit, an approval, its making) is decided nowhere here.
 */
export async function decidingOn(ask: BillAsk<JsonBody>): Promise<Deciding | BillJudgement> {
  const read = await billJudgedOn(ask);
  if ('kind' in read) return read;
  const { bill, detail, amountCents } = read;
  const acting = await actingAs(ask, detail, amountCents);
  if (acting.kind !== 'acting') return acting;
  const { team, call, credentials, found } = ask;
  const refuse = refuser(detail, amountCents);
  const db = team.database.db;
  if (creatorOf(bill) === acting.apUser.id) {
    return refuse(403, 'own-bill', 'You made this bill: someone else approves or rejects it');
  }
  const edits = await editsOf(db, found, bill);
  if (!edits) return refuse(409, 'bill-edit-changed', EDIT_CHANGED);
  const { approvals } = await recordedApprovals(db, found.organization.id, bill.id);
  if (await billNoteMissing(team, found.organization.id, bill.id, notedBy(approvals, edits)))
    return refuse(409, 'bill-record-missing', NOTE_MISSING);
  const people = await billPeople(team, call, credentials, found.organization.id, bill, { approvals, edits });
  if (people === 'forged') return refuse(409, 'bill-creation-changed', CREATION_CHANGED);
  if (people.creator === found.member.id) {
    return refuse(
      403,
      'own-bill',
      'You made this bill (as another AP user): someone else approves or rejects it',
    );
  }
  const { apUser, body } = acting;
  return { kind: 'deciding', bill, detail, amountCents, apUser, body, edits, approvals, people, refuse };
}

/** Only the open step's approvers decide it (the service checks it too). */
export const notAnApprover = (deciding: Deciding): BillJudgement | null =>
  waitingFor(deciding.bill).includes(deciding.apUser.id)
    ? null
    : deciding.refuse(403, 'not-an-approver', "You are not an approver of this bill's open step");

/** Rejecting a bill: by one of its open step's approvers who did not make it. */
export const judgeBillReject = onJson(async (ask) => {
  const deciding = await decidingOn(ask);
  if (deciding.kind !== 'deciding') return deciding;
  const { body, detail, amountCents } = deciding;
  return notAnApprover(deciding) ?? { kind: 'send', body, detail, amountCents, reservation: null };
});
