import { transfersOfLastDay } from '../../api/people-lookup';
import type { Transfer } from '../../api/schemas';
import { fileSha256, fileSizeProblem, type RowsFile } from '../../lib/file-engine/read-file';
import type { RowError } from '../../lib/file-engine/row-checks';
import { derivePaymentKeys } from './payments-file-keys';
import { type PlannedPayment, planPayments } from './payments-file-plan';
import { type ResolvedPayment, resolvePayers } from './payments-file-resolve';
import { checkPaymentRows, readPaymentsFile } from './payments-file-rows';

/** A file checked through: its rows' errors, and the payments of the valid rows with their keys. */
export interface CheckedPaymentsFile {
  fileName: string;
  file: RowsFile;
  /** Every row error, by the form's rules and then against the service, in row order. */
  errors: RowError[];
  payments: ResolvedPayment[];
  keys: string[];
  /** The organization's transfers of the last 24 hours (where rows already paid are found). */
  lastDay: Transfer[];
  /** False when the last 24 hours hold more than the console reads: a row paid before may go unseen upstream. */
  lastDayComplete: boolean;
  /** The rows of the review: as they are, or with the rows paid before paid again (`payAgain`). */
  planned: PlannedPayment[];
  payAgain: boolean;
  /** The file's SHA-256: each row is sent with it, and an approval request names the file it came from. */
  sha256: string;
}

export type PaymentsFileCheck = { ok: true; checked: CheckedPaymentsFile } | { ok: false; problem: string };

export type PaymentsFileStep = 'reading' | 'payers' | 'paid';

interface Options {
  /** What the rows' keys derive from (the organization's batch secret). */
  secret: string;
  upstream: boolean;
  onStep?: (step: PaymentsFileStep) => void;
  now?: number;
}

/**
 * Everything before the review, nothing sent: the file read and each row checked by the form's rules in the browser,
 * then the payers and stored accounts looked up, then the last 24 hours read for rows paid already.
 */
export async function checkPaymentsFile(file: File, options: Options): Promise<PaymentsFileCheck> {
  const sizeProblem = fileSizeProblem(file.size);
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  options.onStep?.('reading');
  const read = readPaymentsFile(await file.text());
  if (!read.ok) return read;
  const checked = checkPaymentRows(read.file);
  options.onStep?.('payers');
  const resolved = await resolvePayers(checked.payments, { upstream: options.upstream });
  options.onStep?.('paid');
  const [keys, lastDay, sha256] = await Promise.all([
    derivePaymentKeys(options.secret, resolved.payments),
    transfersOfLastDay(options.now ?? Date.now()),
    fileSha256(file),
  ]);
  return {
    ok: true,
    checked: {
      fileName: file.name,
      file: read.file,
      errors: [...checked.errors, ...resolved.errors].sort((a, b) => a.row - b.row),
      payments: resolved.payments,
      keys,
      lastDay: lastDay.transfers,
      lastDayComplete: lastDay.complete,
      sha256,
      planned: planPayments(resolved.payments, keys, lastDay.transfers),
      payAgain: false,
    },
  };
}

/**
 * The file planned again, paying again the rows already paid or not. With `payAgain`, those rows get keys of their
 * own, derived from the payment they repeat, so that paying again is itself done once: a crash mid-way and the same
 * choice again pays nothing a third time.
 */
export async function planPaymentsFile(
  checked: CheckedPaymentsFile,
  secret: string,
  payAgain: boolean,
): Promise<CheckedPaymentsFile> {
  return { ...checked, payAgain, planned: await planAgain(checked, secret, payAgain) };
}

async function planAgain(checked: CheckedPaymentsFile, secret: string, payAgain: boolean) {
  const plan = planPayments(checked.payments, checked.keys, checked.lastDay);
  if (!payAgain) return plan;
  const repeated = new Map(
    plan.flatMap((row) => (row.alreadyPaid ? [[row.payment.row, row.alreadyPaid]] : [])),
  );
  if (repeated.size === 0) return plan;
  const againKeys = await derivePaymentKeys(
    secret,
    checked.payments,
    new Map([...repeated].map(([row, transfer]) => [row, transfer.id])),
  );
  return planPayments(checked.payments, againKeys, checked.lastDay, repeated);
}
