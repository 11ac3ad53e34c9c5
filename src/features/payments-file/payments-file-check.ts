import { transfersOfLastDay } from '../../api/people-lookup';
import type { Transfer } from '../../api/schemas';
import { type CheckedFile, checkFileRows } from '../../lib/file-engine/check-file';
import { derivePaymentKeys } from './payments-file-keys';
import { type PlannedPayment, planPayments } from './payments-file-plan';
import { type ResolvedPayment, resolvePayers } from './payments-file-resolve';
import { checkPaymentRows, readPaymentsFile } from './payments-file-rows';

/** A file checked through: its rows' errors, and the payments of the valid rows with their keys. */
export interface CheckedPaymentsFile extends CheckedFile<PlannedPayment> {
  payments: ResolvedPayment[];
  keys: string[];
  /** The organization's transfers of the last 24 hours (where rows already paid are found). */
  lastDay: Transfer[];
  /** The rows of the review (`planned`): as they are, or with the rows paid before paid again (`payAgain`). */
  payAgain: boolean;
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
 * Everything before the review, nothing sent (lib/file-engine/check-file.ts): the file read and each row checked by
 * the form's rules in the browser, then the payers and stored accounts looked up, then the last 24 hours read for
 * rows paid already.
 */
export async function checkPaymentsFile(file: File, options: Options): Promise<PaymentsFileCheck> {
  const found = await checkFileRows(file, {
    rowsAre: 'payments',
    read: readPaymentsFile,
    checkRows: checkPaymentRows,
    resolving: 'payers',
    resolve: (rows) => resolvePayers(rows.payments, { upstream: options.upstream }),
    keysOf: (resolved) => derivePaymentKeys(options.secret, resolved.payments),
    lastDay: () => transfersOfLastDay(options.now ?? Date.now()),
    plan: (resolved, keys, lastDay) => planPayments(resolved.payments, keys, lastDay.transfers),
    onStep: options.onStep,
  });
  if (!found.ok) return found;
  const { checked, resolved, keys, lastDay } = found;
  return {
    ok: true,
    checked: { ...checked, payments: resolved.payments, keys, lastDay: lastDay.transfers, payAgain: false },
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
