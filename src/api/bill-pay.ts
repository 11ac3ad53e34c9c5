import type { SendResult } from '../lib/file-engine/run-rows';
import { type Bill, billSchema } from './accounts-payable';
import { exchange, request } from './client';
import { type MoneyKind, sendMoneyRow } from './money';
import type { Transfer } from './schemas';

/**
 * Paying a bill as a kind of money of the one submission (components/use-money-submission.ts) and of a run of many
 * (features/bills/use-bills-pay-run.ts). A pay's key is derived from the bill and its attempt (the bill's payment
 * attempts so far, plus one), never random: the same attempt carries the same key from any page, across a reload.
 * A bill whose answer was lost is read again (`findByKey`): an attempt in its `transfer_history` (by that key, or the
 * attempt's place where the service keeps no key of ours) is the payment made, and nothing is sent again.
 */

const AP = '/v2/accounts-payable';

/** What is paid: the bill as the operator reviewed it. */
export interface BillPayDraft {
  billId: string;
  /** 1 for the first payment, 2 for the first Pay again after a failure, ... */
  attempt: number;
  amount: number;
  number: string;
  vendor: string;
}

export interface BillPayBody {
  bill_id: string;
  attempt: number;
  amount: number;
  number: string;
  vendor: string;
  idempotency_key: string;
}

/** The attempt a pay of `bill` now would be. */
export function nextAttempt(bill: Pick<Bill, 'transfer_history'>): number {
  return (bill.transfer_history ?? []).length + 1;
}

export function billPayDraft(bill: Bill): BillPayDraft {
  return {
    billId: bill.id,
    attempt: nextAttempt(bill),
    amount: bill.amount,
    number: bill.number,
    vendor: bill.ap_vendor_name ?? '',
  };
}

/** The key of one attempt to pay one bill. */
export function billPayKey(billId: string, attempt: number): string {
  return `bill-${billId}-attempt-${attempt}`;
}

/** The transfer a paid bill names, as the one submission reads money made. */
function transferOf(bill: Bill, transferId: string): Transfer {
  return { id: transferId, amount: bill.amount, status: 'created', type: 'payable' };
}

/** The service's body: who acts is the console server's to set. */
const wire = (body: BillPayBody) => ({ acting_user_id: 0, idempotency_key: body.idempotency_key });

export async function payBill(body: BillPayBody, file?: string) {
  const { data, headers } = await exchange({
    method: 'POST',
    path: `${AP}/payables/${encodeURIComponent(body.bill_id)}/pay`,
    body: wire(body),
    response: billSchema,
    file,
  });
  const transferId = data.transfer_id ?? data.transfer_history?.at(-1)?.transfer_id ?? '';
  return {
    bill: data,
    transfer: transferOf(data, transferId),
    replayed: headers.get('Idempotent-Replayed') === 'true',
  };
}

/** The bill read again: the payment this attempt made, if the service has it. */
export async function findBillAttempt(body: BillPayBody): Promise<Transfer | undefined> {
  const bill = await request({
    method: 'GET',
    path: `${AP}/payables/${encodeURIComponent(body.bill_id)}`,
    response: billSchema,
  });
  const attempts = bill.transfer_history ?? [];
  const made = attempts.find((a) => a.idempotency_key === body.idempotency_key) ?? attempts[body.attempt - 1];
  return made ? transferOf(bill, made.transfer_id) : undefined;
}

export const billPayMoney: MoneyKind<BillPayDraft, BillPayBody> = {
  noun: 'bill payment',
  keyFor: (draft) => billPayKey(draft.billId, draft.attempt),
  bodyOf: (draft, { idempotencyKey }) => ({
    bill_id: draft.billId,
    attempt: draft.attempt,
    amount: draft.amount,
    number: draft.number,
    vendor: draft.vendor,
    idempotency_key: idempotencyKey,
  }),
  keyOf: (body) => body.idempotency_key,
  send: async (body, route) => {
    const { transfer, replayed } = await payBill(body, route.file);
    return { transfer, replayed };
  },
  findByKey: findBillAttempt,
  // The sandbox answers a key an attempt has again; upstream the bill's own status refuses a second pay of an
  // attempt that arrived (the look-up before any resend reads the bill's attempts first either way).
  keyOnReuse: { sandbox: 'replays', upstream: 'refused' },
  describe: (body, transfer) => ({
    action: 'Bill paid',
    subject: transfer?.id ?? body.idempotency_key,
    details: `Bill ${body.number}, ${body.vendor}, ${body.amount} cents (attempt ${body.attempt})`,
  }),
};

/** One bill of a run sent through the one row sender (the file engine's runner calls it). */
export function payBillRow(body: BillPayBody): Promise<SendResult> {
  return sendMoneyRow(billPayMoney, body, {});
}

/** The bill of a run read again: the transfer its attempt made, if the service has it. */
export async function lookUpBillRow(body: BillPayBody): Promise<string | null> {
  return (await findBillAttempt(body))?.id ?? null;
}

/**
 * A bill of a run a reload interrupted: it may have been paid with its answer lost, so it is read again first, and
 * sent (with the same key) only when its attempt is not there.
 */
export async function payBillRowAfterLookUp(body: BillPayBody): Promise<SendResult> {
  try {
    const found = await lookUpBillRow(body);
    if (found) return { kind: 'alreadyPaid', transferId: found };
  } catch (error) {
    return { kind: 'unknown', message: `The bill could not be read again: ${(error as Error).message}` };
  }
  return payBillRow(body);
}
