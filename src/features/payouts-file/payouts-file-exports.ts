import { toCsv } from '../../lib/csv';
import {
  outcomeWords,
  type RunStatus,
  summaryLine as summaryLineOf,
} from '../../lib/file-engine/batch-words';
import type { PlannedPayout } from './payouts-file-plan';
import { PAY, type PayoutOutcome } from './payouts-file-send';

export const OUTCOME_WORDS = outcomeWords(PAY);

/** "48 paid · 2 paid before · 0 refused · 0 unknown". */
export const summaryLine = (counts: ReturnType<RunStatus['counts']>) => summaryLineOf(PAY, counts);

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
