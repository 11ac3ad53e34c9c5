import { fileReader, MAX_FILE_ROWS, type RowsFile } from '../../lib/file-engine/read-file';
import {
  amountCell,
  checkRows,
  oneOfCells,
  type RowCheck,
  type RowError,
} from '../../lib/file-engine/row-checks';
import { metadataProblems } from '../../lib/payment-rules';
import type { WalletMove } from '../../lib/wallet-move-request';

/** The columns of a wallet moves file; any number of `metadata.<key>` besides. */
export const MOVE_COLUMNS = ['user_id', 'user_email', 'user_name', 'amount', 'direction'] as const;
export const readMovesFile = fileReader({
  columns: MOVE_COLUMNS,
  rowsAre: 'wallet moves',
  maxRows: MAX_FILE_ROWS,
});

/** Who a row names: by id, by email, or by full name (which must name exactly one user). */
export type MoveUserRef = { id: string } | { email: string } | { name: string };

/** A row that passed every rule of its own: the move it asks for, its user not yet looked up. */
export interface RowMove {
  row: number;
  user: MoveUserRef;
  cents: number;
  direction: WalletMove['direction'];
  metadata: Record<string, string>;
}

const DIRECTION_WORDS = 'to_user (from the app’s wallet) or from_user (back to the app’s)';

/** A cell's direction, in any case, with `-`, `_` or a space between the words. */
export function directionOf(cell: string | undefined): WalletMove['direction'] | null {
  const value = (cell ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return value === 'to_user' || value === 'from_user' ? value : null;
}

function checkRow(check: RowCheck): RowMove | null {
  const { row, cell, error } = check;
  const named = oneOfCells(
    check,
    ['user_id', 'user_email', 'user_name'],
    'user: user_id, user_email or user_name',
  );
  const user: MoveUserRef | null = !named
    ? null
    : named.column === 'user_email'
      ? { email: named.value }
      : named.column === 'user_name'
        ? { name: named.value }
        : { id: named.value };
  const cents = amountCell(check);

  const direction = directionOf(cell('direction'));
  if (!direction) {
    error(
      'direction',
      cell('direction') === undefined
        ? `missing: give ${DIRECTION_WORDS}`
        : `not a direction: give ${DIRECTION_WORDS}`,
    );
  }

  for (const problem of metadataProblems(check.metadata)) check.ruleProblem(problem);
  if (!user || cents === null || !direction) return null;
  return {
    row: row.row,
    user,
    cents,
    direction,
    metadata: Object.fromEntries(check.metadata.map(({ key, value }) => [key, value])),
  };
}

/** Every row by the rules that need no service: the moves of the valid rows, and each error by row and column. */
export function checkMoveRows(file: RowsFile): { moves: RowMove[]; errors: RowError[] } {
  const { valid, errors } = checkRows(file, checkRow);
  return { moves: valid, errors };
}

/** The template: the header, and rows that show each way to name the user and each direction. */
export const MOVES_TEMPLATE_CSV = [
  'user_name,user_email,user_id,amount,direction,metadata.reason',
  'Amara Okafor,,,25.00,to_user,Referral bonus',
  ',li.wei@example.com,,"1,250.05",to_user,Weekly earnings',
  ',,a169451c-8525-4352-b8ca-070dd449a1a5,10.00,from_user,Correction',
  '',
].join('\r\n');
