import { type FileCheck, fileSha256, fileSizeProblem, type RowsFile } from './read-file';
import type { RowError } from './row-checks';

/** The last 24 hours as a check reads them, where rows sent already are found. */
interface LastDay {
  /** False when the last 24 hours hold more than the console reads. */
  complete: boolean;
}

/** A kind of file's steps before its review, each its own (a payments file's, a payouts file's, ...). */
export interface FileCheckSteps<
  TStep,
  TRows extends { errors: RowError[] },
  TResolved extends { errors: RowError[] },
  TDay extends LastDay,
  TPlanned,
> {
  /** What the file's rows are, for its size's problem: "payouts". */
  rowsAre: string;
  read: (text: string) => FileCheck;
  /** Each row by the rules that need no service. */
  checkRows: (file: RowsFile) => TRows;
  /** The step that looks up whom the rows name ("payees"), and the look-up. */
  resolving: TStep;
  resolve: (rows: TRows) => Promise<TResolved>;
  /** Each valid row's key, derived from the row. */
  keysOf: (resolved: TResolved) => Promise<string[]>;
  lastDay: () => Promise<TDay>;
  /** The rows of the review: each valid row with its key, its body, and whether the last day holds it already. */
  plan: (resolved: TResolved, keys: string[], lastDay: TDay) => TPlanned[];
  onStep?: ((step: TStep | 'reading' | 'paid') => void) | undefined;
}

/** A file checked through, as its review reads it. */
export interface CheckedFile<TPlanned> {
  fileName: string;
  file: RowsFile;
  /** Every row error, by the rules and then against the service, in row order. */
  errors: RowError[];
  planned: TPlanned[];
  /** False when the last 24 hours hold more than the console reads: a row sent before may go unseen. */
  lastDayComplete: boolean;
  /** The file's SHA-256: each row is sent with it, and an approval request names the file it came from. */
  sha256: string;
}

/**
 * Everything before a file's review, nothing sent, in the same order for every kind of file: its size, then its rows
 * read and checked by the rules in the browser (`reading`), then whom they name looked up (the kind's own step), then
 * their keys derived, the last 24 hours read for rows sent already and the file's SHA-256 (`paid`); then its plan.
 * With the file checked, what it was planned from, for a kind that plans again (a payments file paid again).
 */
export async function checkFileRows<
  TStep,
  TRows extends { errors: RowError[] },
  TResolved extends { errors: RowError[] },
  TDay extends LastDay,
  TPlanned,
>(
  file: File,
  steps: FileCheckSteps<TStep, TRows, TResolved, TDay, TPlanned>,
): Promise<
  | { ok: false; problem: string }
  | { ok: true; checked: CheckedFile<TPlanned>; resolved: TResolved; keys: string[]; lastDay: TDay }
> {
  const sizeProblem = fileSizeProblem(file.size, steps.rowsAre);
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  steps.onStep?.('reading');
  const read = steps.read(await file.text());
  if (!read.ok) return read;
  const rows = steps.checkRows(read.file);
  steps.onStep?.(steps.resolving);
  const resolved = await steps.resolve(rows);
  steps.onStep?.('paid');
  const [keys, lastDay, sha256] = await Promise.all([
    steps.keysOf(resolved),
    steps.lastDay(),
    fileSha256(file),
  ]);
  const checked: CheckedFile<TPlanned> = {
    fileName: file.name,
    file: read.file,
    errors: [...rows.errors, ...resolved.errors].sort((a, b) => a.row - b.row),
    planned: steps.plan(resolved, keys, lastDay),
    lastDayComplete: lastDay.complete,
    sha256,
  };
  return { ok: true, checked, resolved, keys, lastDay };
}
