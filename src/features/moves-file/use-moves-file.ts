import { useSubmitForApproval } from '../../api/approvals';
import { useBatchFile } from '../../components/use-batch-file';
import { checkMovesFile } from './moves-file-check';
import { summaryLine } from './moves-file-exports';
import { moveBatchKeyOf } from './moves-file-keys';
import { summarizeMoves } from './moves-file-plan';
import { MovesFileRun } from './moves-file-send';

/**
 * A wallet moves file's page, its work without its words (components/use-batch-file.ts): the file checked
 * (moves-file-check), moved through the preferred app's wallet as transfer batches (moves-file-send), or above the
 * approval limit by its total submitted as one request, the batch's own key with it.
 */
export function useMovesFile() {
  return useBatchFile({
    firstStep: 'reading',
    leaveQuestion: 'Wallet moves are being sent. Leave anyway? Choose the file again to see what was moved.',
    check: checkMovesFile,
    Run: MovesFileRun,
    batchKeyOf: moveBatchKeyOf,
    sent: 'Wallet moves file sent',
    summaryLine,
    refreshes: [['apps'], ['wallets']],
    submission: useSubmitForApproval('transfer-batch'),
    submissionOf: async (checked, { secret, appId }) => {
      const items = summarizeMoves(checked.planned).toPay.map((row) => row.body);
      const keys = items.map((item) => item.idempotency_key);
      return { items, idempotency_key: await moveBatchKeyOf(secret, keys), app_id: appId };
    },
  });
}
