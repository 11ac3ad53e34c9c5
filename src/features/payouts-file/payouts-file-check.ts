import { transfersOfLastDay } from '../../api/people-lookup';
import { type CheckedFile, checkFileRows } from '../../lib/file-engine/check-file';
import { derivePayoutKeys } from './payouts-file-keys';
import { type PlannedPayout, planPayouts } from './payouts-file-plan';
import { resolvePayees } from './payouts-file-resolve';
import { checkPayoutRows, readPayoutsFile } from './payouts-file-rows';

/** The valid rows planned with their keys and bodies, and the payouts of the last 24 hours that carry their keys. */
export type CheckedPayoutsFile = CheckedFile<PlannedPayout>;

export type PayoutsFileCheck = { ok: true; checked: CheckedPayoutsFile } | { ok: false; problem: string };
export type PayoutsFileStep = 'reading' | 'payees' | 'paid';

/**
 * Everything before the review, nothing sent (lib/file-engine/check-file.ts): the rows read and checked by the rules
 * in the browser, the payees and their saved methods looked up, the keys derived, and the last 24 hours read for rows
 * paid already.
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
  const found = await checkFileRows(file, {
    rowsAre: 'payouts',
    read: readPayoutsFile,
    checkRows: checkPayoutRows,
    resolving: 'payees',
    resolve: (rows) => resolvePayees(rows.payouts, { upstream: options.upstream }),
    keysOf: (resolved) => derivePayoutKeys(options.secret, resolved.payouts),
    lastDay: () => transfersOfLastDay(options.now ?? Date.now()),
    plan: (resolved, keys, lastDay) =>
      planPayouts(resolved.payouts, keys, lastDay.transfers, options.operator),
    onStep: options.onStep,
  });
  return found.ok ? { ok: true, checked: found.checked } : found;
}
