import { transfersOfLastDay } from '../../api/people-lookup';
import { fileSha256, fileSizeProblem, type RowsFile } from '../../lib/file-engine/read-file';
import type { RowError } from '../../lib/file-engine/row-checks';
import { derivePayoutKeys } from './payouts-file-keys';
import { type PlannedPayout, planPayouts } from './payouts-file-plan';
import { resolvePayees } from './payouts-file-resolve';
import { checkPayoutRows, readPayoutsFile } from './payouts-file-rows';

export interface CheckedPayoutsFile {
  fileName: string;
  file: RowsFile;
  /** Every row error, by the rules and then against the service, in row order. */
  errors: RowError[];
  /** The valid rows, with their keys and bodies, and the payouts of the last 24 hours that carry their keys. */
  planned: PlannedPayout[];
  /** False when the last 24 hours hold more than the console reads. */
  lastDayComplete: boolean;
  sha256: string;
}

export type PayoutsFileCheck = { ok: true; checked: CheckedPayoutsFile } | { ok: false; problem: string };
export type PayoutsFileStep = 'reading' | 'payees' | 'paid';

/**
 * Everything before the review, nothing sent: the rows read and checked by the rules in the browser, the payees and
 * their saved methods looked up, the keys derived, and the last 24 hours read for rows paid already.
 */
export async function checkPayoutsFile(
  file: File,
  options: {
    secret: string;
    operator: string | undefined;
    upstream: boolean;
    onStep?: (step: PayoutsFileStep) => void;
    now?: number;
  },
): Promise<PayoutsFileCheck> {
  const sizeProblem = fileSizeProblem(file.size, 'payouts');
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  options.onStep?.('reading');
  const read = readPayoutsFile(await file.text());
  if (!read.ok) return read;
  const rows = checkPayoutRows(read.file);
  options.onStep?.('payees');
  const resolved = await resolvePayees(rows.payouts, { upstream: options.upstream });
  options.onStep?.('paid');
  const [keys, lastDay, sha256] = await Promise.all([
    derivePayoutKeys(options.secret, resolved.payouts),
    transfersOfLastDay(options.now ?? Date.now()),
    fileSha256(file),
  ]);
  const planned = planPayouts(resolved.payouts, keys, lastDay.transfers, options.operator);
  return {
    ok: true,
    checked: {
      fileName: file.name,
      file: read.file,
      errors: [...rows.errors, ...resolved.errors].sort((a, b) => a.row - b.row),
      planned,
      lastDayComplete: lastDay.complete,
      sha256,
    },
  };
}
