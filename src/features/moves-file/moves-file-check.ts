import { transfersOfLastDay } from '../../api/people-lookup';
import { fileSha256, fileSizeProblem, type RowsFile } from '../../lib/file-engine/read-file';
import type { RowError } from '../../lib/file-engine/row-checks';
import { deriveMoveKeys } from './moves-file-keys';
import { type PlannedMove, planMoves } from './moves-file-plan';
import { resolveMoveUsers } from './moves-file-resolve';
import { checkMoveRows, readMovesFile } from './moves-file-rows';

export interface CheckedMovesFile {
  fileName: string;
  file: RowsFile;
  /** Every row error, by the rules and then against the service, in row order. */
  errors: RowError[];
  /** The valid rows, with their keys and bodies, and the transfers of the last 24 hours that carry their keys. */
  planned: PlannedMove[];
  /** False when the last 24 hours hold more than the console reads. */
  lastDayComplete: boolean;
  sha256: string;
}

export type MovesFileStep = 'reading' | 'users' | 'paid';

/**
 * Everything before the review, nothing sent: the rows read and checked by the rules in the browser, the users looked
 * up, the keys derived, and the last 24 hours read for rows moved already.
 */
export async function checkMovesFile(
  file: File,
  options: {
    secret: string;
    operator: string | undefined;
    upstream: boolean;
    onStep?: (step: MovesFileStep) => void;
    now?: number;
  },
): Promise<{ ok: true; checked: CheckedMovesFile } | { ok: false; problem: string }> {
  const sizeProblem = fileSizeProblem(file.size, 'wallet moves');
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  options.onStep?.('reading');
  const read = readMovesFile(await file.text());
  if (!read.ok) return read;
  const rows = checkMoveRows(read.file);
  options.onStep?.('users');
  const resolved = await resolveMoveUsers(rows.moves, { upstream: options.upstream });
  options.onStep?.('paid');
  const [keys, lastDay, sha256] = await Promise.all([
    deriveMoveKeys(options.secret, resolved.moves),
    transfersOfLastDay(options.now ?? Date.now()),
    fileSha256(file),
  ]);
  return {
    ok: true,
    checked: {
      fileName: file.name,
      file: read.file,
      errors: [...rows.errors, ...resolved.errors].sort((a, b) => a.row - b.row),
      planned: planMoves(resolved.moves, keys, lastDay.transfers, options.operator),
      lastDayComplete: lastDay.complete,
      sha256,
    },
  };
}
