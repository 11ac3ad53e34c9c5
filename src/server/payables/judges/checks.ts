import { formatCents } from '../../../lib/money';
import { Refusal } from '../../errors';
import { type ApUser, type Bill, billOf } from '../service-reads';
import { apUserOf, matchOf, whyNoAct } from '../team/ap-user-links';
import { asBody, type BillAsk, type BillBody, type BillJudgement, notThere } from './bill-judge';

/** The checks several actions' judges share: the bill a path names, the trail's words of it, who acts. */

const BILL_ID = /\/v2\/accounts-payable\/payables\/([0-9a-f-]{36})(?:\/|$)/;

export const billDetail = (bill: { number?: string; vendor?: string | undefined; amount?: number | null }) =>
  [
    `Bill ${bill.number ?? '(no number)'}`,
    bill.vendor ?? 'no vendor yet',
    bill.amount ? formatCents(bill.amount) : 'no amount yet',
  ].join(' · ');

/**
 * The amount a bill's body names, read for the trail's words only (the service judges the body): `amount`, else the
 * sum of the items; an item that is not an object, or an amount that is not a whole number of cents, names no amount
 * rather than failing the request.
 */
export function amountOf(raw: Record<string, unknown>): number | null {
  const cents = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : 0);
  const items = Array.isArray(raw.items) ? (raw.items as unknown[]) : [];
  const sum = items.reduce<number>(
    (total, item) =>
      total + (item && typeof item === 'object' ? cents((item as { amount?: unknown }).amount) : 0),
    0,
  );
  return cents(raw.amount) || (Number.isSafeInteger(sum) ? sum : 0) || null;
}

/** The bill a path names as the service holds it (null when it says there is none), and the trail's words of it. */
export interface BillRead {
  bill: Bill | null;
  detail: string | undefined;
  amountCents: number | undefined;
}

export async function billAt(ask: BillAsk<BillBody>): Promise<BillRead> {
  const billId = BILL_ID.exec(ask.path)?.[1];
  const bill = billId ? await billOf(ask.call, ask.credentials, billId) : null;
  return {
    bill,
    detail: bill
      ? billDetail({ number: bill.number, vendor: bill.ap_vendor_name, amount: bill.amount })
      : undefined,
    amountCents: bill?.amount || undefined,
  };
}

/**
 * The bill a write is judged on: refused when the service says it is not there, as the service would, rather than
 * sent on trusting that it will be.
 */
export async function billJudgedOn(
  ask: BillAsk<BillBody>,
): Promise<(BillRead & { bill: Bill }) | BillJudgement> {
  const read = await billAt(ask);
  return read.bill ? { ...read, bill: read.bill } : notThere();
}

/** A refusal that names the bill for the trail. */
export type Refuse = (
  status: 403 | 409,
  code: string,
  message: string,
  extra?: Record<string, unknown>,
) => BillJudgement;

export const refuser =
  (detail: string | undefined, amountCents: number | undefined): Refuse =>
  (status, code, message, extra = {}) => ({
    kind: 'refused',
    detail,
    amountCents,
    refusal: new Refusal(status, code, message, { extra }),
  });

/**
 * Who acts on a bill is the server's word: the member's AP user, written into the body as `acting_user_id` whatever
 * the client sent. A member with none, or one that may only read, is refused.
 */
export async function actingAs(
  ask: BillAsk<BillBody>,
  detail: string | undefined,
  amountCents: number | undefined,
): Promise<{ kind: 'acting'; apUser: ApUser; body: string | FormData } | BillJudgement> {
  const apUser = await apUserOf(ask.team, ask.call, ask.credentials, ask.found);
  const whyNot = whyNoAct(matchOf(ask.team), apUser);
  if (!apUser || whyNot) {
    return { kind: 'refused', detail, amountCents, refusal: new Refusal(403, 'no-ap-user', whyNot ?? '') };
  }
  if (ask.raw instanceof FormData) ask.raw.set('acting_user_id', String(apUser.id));
  else ask.raw.acting_user_id = apUser.id;
  return { kind: 'acting', apUser, body: asBody(ask.raw) };
}
