import { parseDollars, paymentAmountProblem } from '../money';
import { isUuid } from '../uuid';
import { z } from '../zod';
import { type FileRow, METADATA_PREFIX, type RowsFile } from './read-file';

/**
 * What every file's rows are checked for, whatever they hold (payments, payouts, ...): the words of an error, a cell
 * that starts like a spreadsheet formula, the metadata.<key> cells, where a rule's path is in the file.
 */

/** What is wrong with a row of a file, by the row number a spreadsheet shows and the column. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** "Row 7, amount: not a dollar amount". */
export function describeRowError(error: RowError): string {
  return `Row ${error.row}, ${error.column}: ${error.message}`;
}

/** A number in a cell may start with a sign; any other text that starts like a formula is refused. */
const FORMULA_START = /^[=+\-@]/;
const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/;

/** Where the rules' paths (payment-rules.ts) are in the file. */
export function columnOf(path: string, metadataColumns: readonly string[]): string {
  if (path === 'amount') return 'amount';
  if (path === 'accountNumber') return 'account_number';
  if (path === 'routingNumber') return 'routing_number';
  if (path === 'accountId') return 'account_id';
  const index = /^metadata\.(\d+)\./.exec(path)?.[1];
  return index === undefined ? 'metadata' : (metadataColumns[Number(index)] ?? 'metadata');
}

/** The form's messages, as they read after "Row 7, amount:". */
export function inFileWords(message: string): string {
  if (message === 'Enter an amount' || message === 'Enter the account number') return 'missing';
  if (message.startsWith('Enter the amount in dollars')) return 'not a dollar amount';
  return message.replace(/^\w/, (c) => c.toLowerCase());
}

/** Cells that start like a spreadsheet formula (a number with a sign is a number): refused, never opened as one. */
export function formulaErrors(row: FileRow): RowError[] {
  return Object.entries(row.cells)
    .filter(([, value]) => FORMULA_START.test(value) && !NUMBER.test(value))
    .map(([column, value]) => ({
      row: row.row,
      column,
      message: `starts with "${value[0]}" like a spreadsheet formula, which the console does not take`,
    }));
}

/** A file's metadata.<key> cells, as metadata rows (the empty ones are absent already). */
export function metadataCells(row: FileRow): { column: string; key: string; value: string }[] {
  return Object.keys(row.cells)
    .filter((name) => name.startsWith(METADATA_PREFIX))
    .map((column) => ({ column, key: column.slice(METADATA_PREFIX.length), value: row.cells[column] ?? '' }));
}

/** What a file's own rule for one row sees: its cells by column, and where an error of the row goes. */
export interface RowCheck {
  row: FileRow;
  cell: (column: string) => string | undefined;
  error: (column: string, message: string) => void;
  /** Its metadata.<key> cells, the empty ones left out, in the order of their columns. */
  metadata: { key: string; value: string }[];
  /** A problem the form's rules found (payment-rules.ts), put at its column in the file's words. */
  ruleProblem: (problem: { path: string; message: string }) => void;
}

/**
 * Every row of a file by its own rule (`check`), once it has passed what every row is checked for (no formulas):
 * what the valid rows ask for, and each error by row and column. A row with an error gives nothing, whatever `check`
 * returns; `check` returns null where it could not make what the row asks for.
 */
export function checkRows<T>(
  file: RowsFile,
  check: (row: RowCheck) => T | null,
): { valid: T[]; errors: RowError[] } {
  const valid: T[] = [];
  const errors: RowError[] = [];
  for (const row of file.rows) {
    const formulas = formulaErrors(row);
    if (formulas.length > 0) {
      errors.push(...formulas);
      continue;
    }
    const own: RowError[] = [];
    const error = (column: string, message: string) => own.push({ row: row.row, column, message });
    const cells = metadataCells(row);
    const metadataColumns = cells.map((c) => c.column);
    const made = check({
      row,
      cell: (column) => row.cells[column],
      error,
      metadata: cells.map(({ key, value }) => ({ key, value })),
      ruleProblem: ({ path, message }) => error(columnOf(path, metadataColumns), inFileWords(message)),
    });
    if (own.length > 0 || made === null) errors.push(...own);
    else valid.push(made);
  }
  return { valid, errors };
}

const email = z.email();

/** A cell that names a person by email: the address in lower case, or null with the row's error. */
export function emailCell({ cell, error }: RowCheck, column: string): string | null {
  const address = cell(column) ?? '';
  if (email.safeParse(address).success) return address.toLowerCase();
  error(column, 'not an email address');
  return null;
}

/** A cell that holds an id of the service's: the UUID in lower case, or null with the row's error. */
export function idCell({ cell, error }: RowCheck, column: string): string | null {
  const id = cell(column) ?? '';
  if (isUuid(id)) return id.toLowerCase();
  error(column, 'not an ID (a UUID, like 3f1d2c4b-…)');
  return null;
}

/**
 * The one cell of several that names whom a row is for (user_id, user_email, user_name, ...): its column and its
 * value, an `_id` checked as an id, an `_email` as an email address, a name with its spaces made single; null with the
 * row's error where none or more than one is given ("give exactly one payee: user_id or user_email").
 */
export function oneOfCells<TColumn extends string>(
  check: RowCheck,
  columns: readonly [TColumn, ...TColumn[]],
  words: string,
): { column: TColumn; value: string } | null {
  const given = columns.filter((column) => check.cell(column) !== undefined);
  const [column] = given;
  if (given.length !== 1 || column === undefined) {
    check.error(given[1] ?? columns[0], `give exactly one ${words}`);
    return null;
  }
  const value = column.endsWith('_email')
    ? emailCell(check, column)
    : column.endsWith('_id')
      ? idCell(check, column)
      : (check.cell(column) ?? '').replace(/\s+/g, ' ');
  return value === null ? null : { column, value };
}

/** A cell of dollars a payout or a move may be: its cents, or null with the row's error in the file's words. */
export function amountCell({ cell, error }: RowCheck): number | null {
  const amount = parseDollars(cell('amount') ?? '');
  const problem = amount.ok ? paymentAmountProblem(amount.cents) : amount.problem;
  if (problem) error('amount', inFileWords(problem));
  return amount.ok && !problem ? amount.cents : null;
}
