import { toCsv } from '../../lib/csv';
import type { PlannedPayout } from './payouts-file-plan';
import type { PayoutOutcome } from './payouts-file-send';

export const OUTCOME_WORDS: Record<PayoutOutcome['kind'], string> = {
  waiting: 'To pay',
  paid: 'Paid',
  paidBefore: 'Paid before',
  refused: 'Refused',
  unknown: 'Unknown',
};

const n = (count: number) => count.toLocaleString('en-US');

/** "48 paid · 2 paid before · 0 refused · 0 unknown". */
export function summaryLine(counts: {
  paid: number;
  paidBefore: number;
  refused: number;
  unknown: number;
}): string {
  return `${n(counts.paid)} paid · ${n(counts.paidBefore)} paid before · ${n(counts.refused)} refused · ${n(counts.unknown)} unknown`;
}

/** The results, one line a row, with each row's request id: for the books and for support. */
export function resultsCsv(planned: readonly PlannedPayout[], outcomes: readonly PayoutOutcome[]): string {
  return toCsv(
    ['row', 'user_id', 'payee', 'amount_cents', 'platform', 'outcome', 'transfer_id', 'error', 'request_id'],
    planned.map((row, index) => {
      const outcome: PayoutOutcome = outcomes[index] ?? { kind: 'waiting' };
      return [
        row.payout.row,
        row.payout.userId,
        row.payout.payeeName,
        row.payout.cents,
        row.payout.platform,
        OUTCOME_WORDS[outcome.kind],
        'transferId' in outcome ? outcome.transferId : '',
        'message' in outcome ? outcome.message : '',
        row.key,
      ];
    }),
  );
}
