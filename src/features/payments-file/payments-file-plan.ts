import type { Transfer } from '../../api/schemas';
import { requestIdOf } from '../../api/transfers';
import type { ResolvedPayment } from './payments-file-resolve';

/** A row ready to be paid, and what the operator must know of it first. */
export interface PlannedPayment {
  payment: ResolvedPayment;
  key: string;
  /** Its payment already exists (found by its request id): it is not sent again. */
  alreadyPaid: Transfer | null;
  /** The row number of an earlier row of the file with the same payer, amount and source. */
  repeats: number | null;
  /** Another payment of the same payer and amount in the last 24 hours. */
  paidRecently: Transfer | null;
  /** The payment this row deliberately repeats (Pay again as new payments): no warning is needed for it. */
  paysAgain: Transfer | null;
}

const payerOf = (transfer: Transfer) => transfer.user_id ?? transfer.customer_id ?? null;

function byRequestIdOf(transfers: readonly Transfer[]): Map<string, Transfer> {
  const byRequestId = new Map<string, Transfer>();
  for (const transfer of transfers) {
    const id = requestIdOf(transfer);
    if (id) byRequestId.set(id, transfer);
  }
  return byRequestId;
}

/**
 * Each row's place in the review: already paid (by its key, before anything is sent), or to pay, with the two
 * warnings that need an explicit tick: a repeat of another row of the file, and a payer who paid the same amount in
 * the last 24 hours. A row already paid is not also warned about, nor one the operator chose to pay again (`again`,
 * by row: the transfer it repeats).
 */
export function planPayments(
  payments: readonly ResolvedPayment[],
  keys: readonly string[],
  lastDay: readonly Transfer[],
  again: ReadonlyMap<number, Transfer> = new Map(),
): PlannedPayment[] {
  const byRequestId = byRequestIdOf(lastDay);
  const byPayer = new Map<string, Transfer[]>();
  for (const transfer of lastDay) {
    const payer = payerOf(transfer);
    if (payer) byPayer.set(payer, [...(byPayer.get(payer) ?? []), transfer]);
  }
  const firstRowOf = new Map<string, number>();
  return payments.map((payment, index) => {
    const key = keys[index] as string;
    const paysAgain = again.get(payment.row) ?? null;
    const alreadyPaid = byRequestId.get(key) ?? null;
    if (alreadyPaid || paysAgain)
      return { payment, key, alreadyPaid, repeats: null, paidRecently: null, paysAgain };
    const same = JSON.stringify([payment.payerId, payment.cents, payment.source]);
    const first = firstRowOf.get(same);
    if (first === undefined) firstRowOf.set(same, payment.row);
    const paidRecently =
      byPayer
        .get(payment.payerId)
        ?.find((transfer) => transfer.amount === payment.cents && requestIdOf(transfer) !== key) ?? null;
    return { payment, key, alreadyPaid: null, repeats: first ?? null, paidRecently, paysAgain: null };
  });
}

/** The plan with the rows whose request id has arrived since (upstream, read again just before sending) paid. */
export function markPaid(plan: readonly PlannedPayment[], transfers: readonly Transfer[]): PlannedPayment[] {
  const byRequestId = byRequestIdOf(transfers);
  return plan.map((row) => {
    const found = row.alreadyPaid ? null : byRequestId.get(row.key);
    return found ? { ...row, alreadyPaid: found } : row;
  });
}

export interface PaymentsSummary {
  count: number;
  cents: number;
  payers: number;
  largestCents: number;
}

/** What the confirm button and the review say of the rows to pay: how many, how much, from how many payers. */
export function summarize(rows: readonly PlannedPayment[]): PaymentsSummary {
  return {
    count: rows.length,
    cents: rows.reduce((sum, row) => sum + row.payment.cents, 0),
    payers: new Set(rows.map((row) => row.payment.payerId)).size,
    largestCents: rows.reduce((largest, row) => Math.max(largest, row.payment.cents), 0),
  };
}
