import { idempotencyKeysOf } from '../../db/schema/team-controls';
import { reserveSpend } from '../../gate/spend';
import { heldUntil } from '../../members/hold';
import { dailyLimitWordsForABill } from '../bill-pay-words';
import { onJson } from './bill-judge';
import { actingAs, billJudgedOn, refuser } from './checks';
import { approversOfPay } from './pay-approvals';

/** The idempotency key a pay's body names, read as the gate reads every money body's (db/schema/team-controls.ts). */
function keyOfPay(body: string | FormData): string | null {
  if (typeof body !== 'string') return null;
  try {
    return idempotencyKeysOf(JSON.parse(body))[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Paying a bill: only an approved bill, by a member not on hold, approved by someone else where the limit says so
 * (pay-approvals.ts), and counted against the payer's daily limit.
 */
export const judgeBillPay = onJson(async (ask) => {
  const read = await billJudgedOn(ask);
  if ('kind' in read) return read;
  const { bill, detail } = read;
  const acting = await actingAs(ask, detail, read.amountCents);
  if (acting.kind !== 'acting') return acting;
  const { team, found } = ask;
  const { body } = acting;
  const amountCents = bill.amount;
  const refuse = refuser(detail, amountCents);
  // The same attempt sent again after its answer was lost, to a bill whose payment it started: the service answers it
  // as before. Only where no pay could move money anew (a bill approved or failed is judged below, key or not: a
  // service that ignores the key would pay it again).
  const key = keyOfPay(body);
  const payable = bill.status === 'approved' || bill.status === 'payment_failed';
  if (!payable && key && (bill.transfer_history ?? []).some((attempt) => attempt.idempotency_key === key)) {
    return { kind: 'send', body, detail, amountCents, reservation: null };
  }
  if (bill.status === 'payment_failed') {
    // The account that failed would fail again: another "Pay to", approved again, comes first (bill.update).
    return refuse(
      409,
      'payment-method-failed',
      'The payment to this account failed: choose another account to pay it to; once that is approved, pay it again',
    );
  }
  if (bill.status !== 'approved') {
    // Refused here, in the service's words, and never sent on unjudged: a bill approved (or submitted and approved at
    // once) between this read and the service would be paid past every rule below.
    return refuse(
      409,
      'invalid-status-transition',
      `A bill that is ${bill.status.replaceAll('_', ' ')} cannot be paid`,
    );
  }
  // After a reset of their credentials, what a member pays waits for another member (gate/money.ts): a bill too.
  const held = heldUntil(found.member, team.now());
  if (held) {
    return refuse(
      403,
      'approval-required',
      'Your password or authenticator was reset lately: until the hold ends, another member pays this bill',
      { limit: 'hold', held_until: held },
    );
  }
  const approved = await approversOfPay(ask, bill, acting.apUser.id, refuse);
  if (approved.kind !== 'approved-by') return approved;
  // Paying a bill is money the payer moves: it counts against their daily limit (the approval limit is the rule above).
  const reserved = await reserveSpend(
    team.database.db,
    {
      orgId: found.organization.id,
      memberId: found.member.id,
      amountCents,
      fileId: null,
      dailyOnly: true,
      approvedByAnother: approved.approvers.length > 0,
    },
    team.now(),
  );
  if (reserved.kind === 'needs-approval') {
    const message = reserved.need.needed ? reserved.need.message : 'This is above your daily limit';
    return refuse(403, 'approval-required', dailyLimitWordsForABill(message), { limit: 'daily' });
  }
  return { kind: 'send', body, detail, amountCents, reservation: reserved.reservation };
});
