import { toCsv } from '../../lib/csv';
import type { PlannedMove } from './moves-file-plan';
import type { MoveOutcome } from './moves-file-send';

export const OUTCOME_WORDS: Record<MoveOutcome['kind'], string> = {
  waiting: 'To move',
  paid: 'Moved',
  paidBefore: 'Moved before',
  refused: 'Refused',
  unknown: 'Unknown',
};

export const DIRECTION_WORDS = { to_user: 'To the user', from_user: 'From the user' } as const;

const n = (count: number) => count.toLocaleString('en-US');

/** "198 moved · 2 moved before · 0 refused · 0 unknown". */
export function summaryLine(counts: {
  paid: number;
  paidBefore: number;
  refused: number;
  unknown: number;
}): string {
  return `${n(counts.paid)} moved · ${n(counts.paidBefore)} moved before · ${n(counts.refused)} refused · ${n(counts.unknown)} unknown`;
}

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
