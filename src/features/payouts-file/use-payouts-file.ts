import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { recordActivity } from '../../api/activity-log';
import {
  movedMoney,
  useApprovalHint,
  useApprovalNeed,
  useSubmitPayoutsFileApproval,
} from '../../api/approvals';
import { authorOf, batchKeySecret, session } from '../../api/credentials';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { useWallets } from '../../api/wallets';
import { useFileStages } from '../../components/use-file-stages';
import { type CheckedPayoutsFile, checkPayoutsFile, type PayoutsFileStep } from './payouts-file-check';
import { summaryLine } from './payouts-file-exports';
import { batchKeyOf } from './payouts-file-keys';
import { summarizePayouts } from './payouts-file-plan';
import { PayoutsFileRun } from './payouts-file-send';

const LEAVE_QUESTION = 'Payouts are being sent. Leave anyway? Choose the file again to see what was paid.';

/**
 * A payouts file's page, its work without its words: the file checked (lib/file-engine and payouts-file-check), paid
 * from the preferred wallet as payout batches (payouts-file-send), or above the approval limit submitted as one
 * request; one line in the activity log for the run.
 */
export function usePayoutsFile() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint('file');
  const submitApproval = useSubmitPayoutsFileApproval();
  const { preferred: wallet } = useWallets();
  const mode = async () => (await queryClient.ensureQueryData(runtimeConfigQuery)).mode;

  const stages = useFileStages<PayoutsFileStep, CheckedPayoutsFile, PayoutsFileRun>({
    firstStep: 'reading',
    leaveQuestion: LEAVE_QUESTION,
    check: async (file, onStep) => {
      const secret = batchKeySecret(session.credentials());
      if (!secret) return null;
      return checkPayoutsFile(file, {
        secret,
        operator: authorOf(session.credentials()),
        upstream: (await mode()) === 'upstream',
        onStep,
      });
    },
  });

  const pay = async (checked: CheckedPayoutsFile) => {
    const secret = batchKeySecret(session.credentials());
    if (!secret) return;
    const run = new PayoutsFileRun(checked.planned, {
      appId: wallet?.appId,
      mode: await mode(),
      file: checked.sha256,
      batchKeyOf: (keys) => batchKeyOf(secret, keys),
    });
    stages.startRun(checked, run);
    await run.start();
    void queryClient.invalidateQueries({ queryKey: ['apps'] });
    void movedMoney(queryClient);
    // A file's run is no single request: its one line in the activity log is declared here, with its counts.
    recordActivity({
      action: 'Payouts file paid',
      subject: checked.fileName,
      details: summaryLine(run.counts()),
    });
  };

  /** Above the approval limit: the file's payouts, exactly as they would be sent, become one request. */
  const submitForApproval = (checked: CheckedPayoutsFile) => {
    const { toPay } = summarizePayouts(checked.planned);
    submitApproval.mutate(
      {
        payouts: toPay.map((row) => row.body),
        row_numbers: toPay.map((row) => row.payout.row),
        file_sha256: checked.sha256,
        app_id: wallet?.appId,
      },
      { onSuccess: (made) => navigate(`/approvals/${made.id}`) },
    );
  };

  return {
    ...stages,
    wallet,
    pay,
    approval: {
      needed: (cents: number) => approvalNeed(cents, 'file').needed,
      hint: approvalHint,
      submit: submitForApproval,
      submitting: submitApproval.isPending,
      error: submitApproval.error,
    },
  };
}
