import { asBody, type BillAsk, type BillBody, type BillJudgement, onJson, onJsonOrForm } from './bill-judge';
import { actingAs, billAt } from './checks';

/** The writes of a bill that its rules judge on nothing but who acts: named in the trail, and sent. */

/** A bill's invoice file, attached (a form) or deleted: sent as it came. */
async function fileChange(ask: BillAsk<BillBody>): Promise<BillJudgement> {
  const { detail, amountCents } = await billAt(ask);
  return { kind: 'send', body: asBody(ask.raw), detail, amountCents, reservation: null };
}

export const judgeBillFileAttach = onJsonOrForm(fileChange);
export const judgeBillFileDelete = onJson(fileChange);

/** Cancelling a bill, or submitting it for approval: by the member's AP user. */
async function actedOn(ask: BillAsk<BillBody>): Promise<BillJudgement> {
  const { detail, amountCents } = await billAt(ask);
  const acting = await actingAs(ask, detail, amountCents);
  if (acting.kind !== 'acting') return acting;
  return { kind: 'send', body: acting.body, detail, amountCents, reservation: null };
}

export const judgeBillCancel = onJson(actedOn);
export const judgeBillSubmit = onJson(actedOn);
