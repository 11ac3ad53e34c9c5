import { toCsv } from '../csv';
import type { RowsFile } from './read-file';
import { describeRowError, type RowError } from './row-checks';

/** What a file's page writes back for the operator: the rows to fix, and the names its downloads go under. */

/**
 * The rows to fix, as the operator wrote them, with an `error` column: fixed and uploaded again, they are paid once
 * (the rows already paid are found by their keys).
 */
export function rowsToFixCsv(file: RowsFile, errors: readonly RowError[]): string {
  const byRow = new Map<number, string[]>();
  for (const error of errors)
    byRow.set(error.row, [...(byRow.get(error.row) ?? []), describeRowError(error)]);
  return toCsv(
    [...file.header, 'error'],
    file.rows
      .filter((row) => byRow.has(row.row))
      .map((row) => [...row.raw, (byRow.get(row.row) ?? []).join('; ')]),
  );
}

/** The name a download goes under, after the operator's file: `payments.csv` gives `payments-results.csv`. */
export function derivedFileName(fileName: string, what: 'results' | 'to-fix'): string {
  return `${fileName.replace(/\.[^.]*$/, '') || 'payments'}-${what}.csv`;
}
