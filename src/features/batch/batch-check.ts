import { transfersOfLastDay } from '../../api/people-lookup';
import type { Transfer } from '../../api/schemas';
import { fileSizeProblem } from '../../lib/file-engine/read-file';
import { type PaymentsFile, readPaymentsFile } from './batch-file';
import { deriveKeys, type ResolvedPayment } from './batch-keys';
import { resolvePayers } from './batch-resolve';
import { type PlannedRow, planRows } from './batch-review';
import { checkRows, type RowError } from './batch-rows';

/** A file checked through: its rows' errors, and the payments of the valid rows with their keys. */
export interface CheckedBatch {
  fileName: string;
  file: PaymentsFile;
  /** Every row error, by the form's rules and then against the service, in row order. */
  errors: RowError[];
  payments: ResolvedPayment[];
  keys: string[];
  /** The organization's transfers of the last 24 hours (where rows already paid are found). */
  lastDay: Transfer[];
  /** False when the last 24 hours hold more than the console reads: a row paid before may go unseen upstream. */
  lastDayComplete: boolean;
}

export type BatchCheck = { ok: true; batch: CheckedBatch } | { ok: false; problem: string };

export type CheckStep = 'reading' | 'payers' | 'paid';

interface Options {
  apiKey: string;
  upstream: boolean;
  onStep?: (step: CheckStep) => void;
  now?: number;
}

/**
 * Everything before the review, nothing sent: the file read and each row checked by the form's rules in the browser,
 * then the payers and stored accounts looked up, then the last 24 hours read for rows paid already.
 */
export async function checkBatch(file: File, options: Options): Promise<BatchCheck> {
  const sizeProblem = fileSizeProblem(file.size);
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  options.onStep?.('reading');
  const read = readPaymentsFile(await file.text());
  if (!read.ok) return read;
  const checked = checkRows(read.file);
  options.onStep?.('payers');
  const resolved = await resolvePayers(checked.payments, { upstream: options.upstream });
  options.onStep?.('paid');
  const [keys, lastDay] = await Promise.all([
    deriveKeys(options.apiKey, resolved.payments),
    transfersOfLastDay(options.now ?? Date.now()),
  ]);
  return {
    ok: true,
    batch: {
      fileName: file.name,
      file: read.file,
      errors: [...checked.errors, ...resolved.errors].sort((a, b) => a.row - b.row),
      payments: resolved.payments,
      keys,
      lastDay: lastDay.transfers,
      lastDayComplete: lastDay.complete,
    },
  };
}

/**
 * The rows of the review. With `payAgain`, the rows already paid get keys of their own, derived from the payment
 * they repeat, so that paying again is itself done once: a crash mid-way and the same choice again pays nothing a
 * third time.
 */
export async function planBatch(
  batch: CheckedBatch,
  apiKey: string,
  payAgain: boolean,
): Promise<PlannedRow[]> {
  const plan = planRows(batch.payments, batch.keys, batch.lastDay);
  if (!payAgain) return plan;
  const repeated = new Map(
    plan.flatMap((row) => (row.alreadyPaid ? [[row.payment.row, row.alreadyPaid]] : [])),
  );
  if (repeated.size === 0) return plan;
  const againKeys = await deriveKeys(
    apiKey,
    batch.payments,
    new Map([...repeated].map(([row, transfer]) => [row, transfer.id])),
  );
  return planRows(batch.payments, againKeys, batch.lastDay, repeated);
}
