import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { recordActivity } from '../../api/activity-log';
import { movedMoney, useApprovalHint, useApprovalNeed } from '../../api/approvals';
import { authorOf, batchKeySecret, session } from '../../api/credentials';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { useSubmitMovesFileApproval } from '../../api/wallet-moves';
import { useWallets } from '../../api/wallets';
import { useFileStages } from '../../components/use-file-stages';
import { type CheckedMovesFile, checkMovesFile, type MovesFileStep } from './moves-file-check';
import { summaryLine } from './moves-file-exports';
import { moveBatchKeyOf } from './moves-file-keys';
import { summarizeMoves } from './moves-file-plan';
import { MovesFileRun } from './moves-file-send';

const LEAVE_QUESTION =
  'Wallet moves are being sent. Leave anyway? Choose the file again to see what was moved.';

/**
 * A wallet moves file's page, its work without its words: the file checked (lib/file-engine and moves-file-check),
 * moved through the preferred app's wallet as transfer batches (moves-file-send), or above the approval limit by its
 * total submitted as one request; one line in the activity log for the run.
 */
export function useMovesFile() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint('file');
  const submitApproval = useSubmitMovesFileApproval();
  const { preferred: wallet } = useWallets();
  const mode = async () => (await queryClient.ensureQueryData(runtimeConfigQuery)).mode;

  const stages = useFileStages<MovesFileStep, CheckedMovesFile, MovesFileRun>({
    firstStep: 'reading',
    leaveQuestion: LEAVE_QUESTION,
    check: async (file, onStep) => {
      const secret = batchKeySecret(session.credentials());
      if (!secret) return null;
      return checkMovesFile(file, {
        secret,
        operator: authorOf(session.credentials()),
        upstream: (await mode()) === 'upstream',
        onStep,
      });
    },
  });

  const pay = async (checked: CheckedMovesFile) => {
    const secret = batchKeySecret(session.credentials());
    if (!secret) return;
    const run = new MovesFileRun(checked.planned, {
      appId: wallet?.appId,
      mode: await mode(),
      file: checked.sha256,
      batchKeyOf: (keys) => moveBatchKeyOf(secret, keys),
    });
    stages.startRun(checked, run);
    await run.start();
    void queryClient.invalidateQueries({ queryKey: ['apps'] });
    void queryClient.invalidateQueries({ queryKey: ['wallets'] });
    void movedMoney(queryClient);
    // A file's run is no single request: its one line in the activity log is declared here, with its counts.
    recordActivity({
      action: 'Wallet moves file sent',
      subject: checked.fileName,
      details: summaryLine(run.counts()),
    });
  };

  /** Above the approval limit: the file's moves, exactly as they would be sent, become one request. */
  const submitForApproval = async (checked: CheckedMovesFile) => {
    const secret = batchKeySecret(session.credentials());
    if (!secret) return;
    const { toPay } = summarizeMoves(checked.planned);
    const items = toPay.map((row) => row.body);
    submitApproval.mutate(
      {
        items,
        idempotency_key: await moveBatchKeyOf(
          secret,
          items.map((item) => item.idempotency_key),
        ),
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
      submit: (checked: CheckedMovesFile) => void submitForApproval(checked),
      submitting: submitApproval.isPending,
      error: submitApproval.error,
    },
  };
}
