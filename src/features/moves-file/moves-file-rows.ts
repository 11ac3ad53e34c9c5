import { fileReader, MAX_FILE_ROWS, type RowsFile } from '../../lib/file-engine/read-file';
import {
  checkRows,
  emailCell,
  idCell,
  inFileWords,
  type RowCheck,
  type RowError,
} from '../../lib/file-engine/row-checks';
import { parseDollars, paymentAmountProblem } from '../../lib/money';
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
  let user: MoveUserRef | null = null;
  const given = (['user_id', 'user_email', 'user_name'] as const).filter((name) => cell(name) !== undefined);
  if (given.length !== 1) {
    error(given[1] ?? 'user_id', 'give exactly one user: user_id, user_email or user_name');
  } else if (given[0] === 'user_email') {
    const address = emailCell(check, 'user_email');
    if (address) user = { email: address };
  } else if (given[0] === 'user_name') {
    user = { name: (cell('user_name') ?? '').replace(/\s+/g, ' ') };
  } else {
    const id = idCell(check, 'user_id');
    if (id) user = { id };
  }

  const amount = parseDollars(cell('amount') ?? '');
  const amountProblem = amount.ok ? paymentAmountProblem(amount.cents) : amount.problem;
  if (amountProblem) error('amount', inFileWords(amountProblem));

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
  if (!user || !amount.ok || !direction) return null;
  return {
    row: row.row,
    user,
    cents: amount.cents,
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
