import { toCsv } from '../../lib/csv';
import {
  outcomeWords,
  type RunStatus,
  summaryLine as summaryLineOf,
} from '../../lib/file-engine/batch-words';
import type { PlannedMove } from './moves-file-plan';
import { MOVE, type MoveOutcome } from './moves-file-send';

export const OUTCOME_WORDS = outcomeWords(MOVE);

export const DIRECTION_WORDS = { to_user: 'To the user', from_user: 'From the user' } as const;

/** "198 moved · 2 moved before · 0 refused · 0 unknown". */
export const summaryLine = (counts: ReturnType<RunStatus['counts']>) => summaryLineOf(MOVE, counts);

/** The results, one line a row, with each row's request id: for the books and for support. */
export function resultsCsv(planned: readonly PlannedMove[], outcomes: readonly MoveOutcome[]): string {
  return toCsv(
    ['row', 'user_id', 'user', 'amount_cents', 'direction', 'outcome', 'transfer_id', 'error', 'request_id'],
    planned.map((row, index) => {
      const outcome: MoveOutcome = outcomes[index] ?? { kind: 'waiting' };
      return [
        row.move.row,
        row.move.userId,
        row.move.userName,
        row.move.cents,
        row.move.direction,
        OUTCOME_WORDS[outcome.kind],
        'transferId' in outcome ? outcome.transferId : '',
        'message' in outcome ? outcome.message : '',
        row.key,
      ];
    }),
  );
}
