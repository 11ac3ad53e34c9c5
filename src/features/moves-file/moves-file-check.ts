import { transfersOfLastDay } from '../../api/people-lookup';
import { type CheckedFile, checkFileRows } from '../../lib/file-engine/check-file';
import { deriveMoveKeys } from './moves-file-keys';
import { type PlannedMove, planMoves } from './moves-file-plan';
import { resolveMoveUsers } from './moves-file-resolve';
import { checkMoveRows, readMovesFile } from './moves-file-rows';

/** The valid rows planned with their keys and bodies, and the transfers of the last 24 hours that carry their keys. */
export type CheckedMovesFile = CheckedFile<PlannedMove>;

export type MovesFileStep = 'reading' | 'users' | 'paid';

/**
 * Everything before the review, nothing sent (lib/file-engine/check-file.ts): the rows read and checked by the rules
 * in the browser, the users looked up, the keys derived, and the last 24 hours read for rows moved already.
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
  const found = await checkFileRows(file, {
    rowsAre: 'wallet moves',
    read: readMovesFile,
    checkRows: checkMoveRows,
    resolving: 'users',
    resolve: (rows) => resolveMoveUsers(rows.moves, { upstream: options.upstream }),
    keysOf: (resolved) => deriveMoveKeys(options.secret, resolved.moves),
    lastDay: () => transfersOfLastDay(options.now ?? Date.now()),
    plan: (resolved, keys, lastDay) => planMoves(resolved.moves, keys, lastDay.transfers, options.operator),
    onStep: options.onStep,
  });
  return found.ok ? { ok: true, checked: found.checked } : found;
}
