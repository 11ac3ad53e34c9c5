import { toCsv } from '../../lib/csv';
import type { RowOutcome } from '../../lib/file-engine/run-rows';
import { maskAccount } from '../../lib/mask';
import { centsToDecimal } from '../../lib/money';
import type { PlannedPayment } from './payments-file-plan';

export const OUTCOME_WORDS: Record<RowOutcome['kind'], string> = {
  waiting: 'To pay',
  sending: 'Sending',
  created: 'Created',
  alreadyPaid: 'Already paid',
  refused: 'Refused',
  unknown: 'Unknown',
  notSent: 'Not sent',
};

/** "48 created · 0 already paid · 0 refused · 0 unknown", and the rows not sent when there are any. */
export function summaryLine(counts: {
  created: number;
  alreadyPaid: number;
  refused: number;
  unknown: number;
  notSent: number;
}): string {
  const n = (count: number) => count.toLocaleString('en-US');
  const parts = [
    `${n(counts.created)} created`,
    `${n(counts.alreadyPaid)} already paid`,
    `${n(counts.refused)} refused`,
    `${n(counts.unknown)} unknown`,
  ];
  if (counts.notSent > 0) parts.push(`${n(counts.notSent)} not sent`);
  return parts.join(' · ');
}

/**
 * A paid row's transaction, in words: a payment just made is counted in the app's wallet at once and spendable once it
 * arrives; one paid before may have arrived since, so only its transaction is named.
 */
export function transactionWords(outcome: RowOutcome): string | null {
  if (!('transactionId' in outcome) || !outcome.transactionId) return null;
  const named = `Transaction ${outcome.transactionId}`;
  return outcome.kind === 'created' ? `${named}: on its way, spendable once it arrives` : named;
}

export interface ResultRow {
  planned: PlannedPayment;
  outcome: RowOutcome;
}

/** Each row as it stands: paid before the run, or what the run (of the rows not paid, in order) made of it. */
export function resultRows(
  plan: readonly PlannedPayment[],
  run: { outcomes: readonly RowOutcome[] } | null,
): ResultRow[] {
  let sent = 0;
  return plan.map((planned) => {
    if (planned.alreadyPaid)
      return { planned, outcome: { kind: 'alreadyPaid', transferId: planned.alreadyPaid.id } };
    const outcome = run?.outcomes[sent++] ?? { kind: 'waiting' };
    return { planned, outcome };
  });
}

/** Counts of a finished run, the rows already paid before it started included. */
export function countResults(rows: readonly ResultRow[]) {
  const counts = { created: 0, alreadyPaid: 0, refused: 0, unknown: 0, notSent: 0 };
  for (const { outcome } of rows) {
    if (outcome.kind in counts) counts[outcome.kind as keyof typeof counts]++;
  }
  return counts;
}

function accountOf(planned: PlannedPayment): string {
  const source = planned.payment.source;
  return source.kind === 'stored'
    ? `stored account ${source.accountId}`
    : maskAccount(source.accountNumber.slice(-4));
}

/**
 * The results, one line a row, accounts masked: for the books and for support. The transaction (last, so that a reader
 * of the earlier columns by position is not moved) is the payment's line in the app's wallet, written with it.
 */
export function resultsCsv(rows: readonly ResultRow[]): string {
  return toCsv(
    ['row', 'payer', 'payer_email', 'amount', 'account', 'outcome', 'transfer_id', 'error', 'transaction_id'],
    rows.map(({ planned, outcome }) => [
      planned.payment.row,
      planned.payment.payerName,
      planned.payment.payerEmail,
      centsToDecimal(planned.payment.cents),
      accountOf(planned),
      OUTCOME_WORDS[outcome.kind],
      'transferId' in outcome ? outcome.transferId : '',
      'message' in outcome ? outcome.message : '',
      'transactionId' in outcome ? (outcome.transactionId ?? '') : '',
    ]),
  );
}
