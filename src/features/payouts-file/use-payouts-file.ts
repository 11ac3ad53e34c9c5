import { useSubmitForApproval } from '../../api/approvals';
import { useBatchFile } from '../../components/use-batch-file';
import { checkPayoutsFile } from './payouts-file-check';
import { summaryLine } from './payouts-file-exports';
import { batchKeyOf } from './payouts-file-keys';
import { summarizePayouts } from './payouts-file-plan';
import { PayoutsFileRun } from './payouts-file-send';

/**
 * A payouts file's page, its work without its words (components/use-batch-file.ts): the file checked
 * (payouts-file-check), paid from the preferred wallet as payout batches (payouts-file-send), or above the approval
 * limit submitted as one request that names the file and each payout's row.
 */
export function usePayoutsFile() {
  return useBatchFile({
    firstStep: 'reading',
    leaveQuestion: 'Payouts are being sent. Leave anyway? Choose the file again to see what was paid.',
    check: checkPayoutsFile,
    Run: PayoutsFileRun,
    batchKeyOf,
    sent: 'Payouts file paid',
    summaryLine,
    refreshes: [['apps']],
    submission: useSubmitForApproval('payout-batch'),
    submissionOf: async (checked, { appId }) => {
      const { toPay } = summarizePayouts(checked.planned);
      return {
        payouts: toPay.map((row) => row.body),
        row_numbers: toPay.map((row) => row.payout.row),
        file_sha256: checked.sha256,
        app_id: appId,
      };
    },
  });
}
