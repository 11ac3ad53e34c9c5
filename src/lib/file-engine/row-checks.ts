import { type FileRow, METADATA_PREFIX } from './read-file';

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
