import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { recordActivity } from '../api/activity-log';
import { movedMoney, useApprovalHint, useApprovalNeed } from '../api/approvals';
import { authorOf, batchKeySecret, session } from '../api/credentials';
import { type RuntimeConfig, runtimeConfigQuery } from '../api/runtime-config';
import { useWallets } from '../api/wallets';
import type { RunStatus } from '../lib/file-engine/batch-words';
import type { BatchRunDeps } from '../lib/file-engine/run-batches';
import { type FileCheckResult, useFileStages } from './use-file-stages';

/** What every file sent as batches is checked into: its name and SHA-256, and its rows to send. */
interface CheckedBatchFile<TPlanned> {
  fileName: string;
  sha256: string;
  planned: readonly TPlanned[];
}

/** A file's run as the page starts and follows it. */
interface BatchFileRun extends RunStatus {
  subscribe: (listener: () => void) => () => void;
  start: () => Promise<void>;
}

/** A submission for approval as the page sends it: a mutation whose answer is the request made. */
interface ApprovalSubmission<TSubmission> {
  mutate: (submission: TSubmission, options: { onSuccess: (made: { id: string }) => void }) => void;
  isPending: boolean;
  error: unknown;
}

/** What sets one kind of batch file apart (wallet moves, payouts): its check, its run, its words, its submission. */
export interface BatchFileKind<
  TStep,
  TPlanned,
  TChecked extends CheckedBatchFile<TPlanned>,
  TRun,
  TSubmission,
> {
  firstStep: TStep;
  /** What leaving the page asks while the run is sending. */
  leaveQuestion: string;
  check: (
    file: File,
    options: {
      secret: string;
      operator: string | undefined;
      upstream: boolean;
      onStep: (step: TStep) => void;
    },
  ) => Promise<FileCheckResult<TChecked>>;
  Run: new (rows: readonly TPlanned[], deps: BatchRunDeps & { mode: RuntimeConfig['mode'] }) => TRun;
  /** A batch's own key, from its items' keys. */
  batchKeyOf: (secret: string, itemKeys: readonly string[]) => Promise<string>;
  /** The run's one line in the activity log: its action, and its counts in words. */
  sent: string;
  summaryLine: (counts: ReturnType<RunStatus['counts']>) => string;
  /** The queries the run changes, besides the approval policy's day so far. */
  refreshes: readonly (readonly string[])[];
  submission: ApprovalSubmission<TSubmission>;
  /** Above the approval limit: the file's rows, exactly as they would be sent, as one request. */
  submissionOf: (
    checked: TChecked,
    on: { secret: string; appId: string | undefined },
  ) => Promise<TSubmission>;
}

/**
 * A batch file's page, its work without its words: the file checked (lib/file-engine and the feature's check), sent
 * from the preferred app's wallet as the feature's batches, or above the approval limit by its total submitted as one
 * request (the page opens it then); one line in the activity log for the run.
 */
export function useBatchFile<
  TStep,
  TPlanned,
  TChecked extends CheckedBatchFile<TPlanned>,
  TRun extends BatchFileRun,
  TSubmission,
>(kind: BatchFileKind<TStep, TPlanned, TChecked, TRun, TSubmission>) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint('file');
  const { preferred: wallet } = useWallets();
  const mode = async () => (await queryClient.ensureQueryData(runtimeConfigQuery)).mode;
  const secretNow = () => batchKeySecret(session.credentials());

  const stages = useFileStages<TStep, TChecked, TRun>({
    firstStep: kind.firstStep,
    leaveQuestion: kind.leaveQuestion,
    check: async (file, onStep) => {
      const secret = secretNow();
      if (!secret) return null;
      return kind.check(file, {
        secret,
        operator: authorOf(session.credentials()),
        upstream: (await mode()) === 'upstream',
        onStep,
      });
    },
  });

  const pay = async (checked: TChecked) => {
    const secret = secretNow();
    if (!secret) return;
    const run = new kind.Run(checked.planned, {
      appId: wallet?.appId,
      mode: await mode(),
      file: checked.sha256,
      batchKeyOf: (keys) => kind.batchKeyOf(secret, keys),
    });
    stages.startRun(checked, run);
    await run.start();
    for (const queryKey of kind.refreshes) void queryClient.invalidateQueries({ queryKey });
    void movedMoney(queryClient);
    // A file's run is no single request: its one line in the activity log is declared here, with its counts.
    recordActivity({ action: kind.sent, subject: checked.fileName, details: kind.summaryLine(run.counts()) });
  };

  const submitForApproval = async (checked: TChecked) => {
    const secret = secretNow();
    if (!secret) return;
    kind.submission.mutate(await kind.submissionOf(checked, { secret, appId: wallet?.appId }), {
      onSuccess: (made) => navigate(`/approvals/${made.id}`),
    });
  };

  return {
    ...stages,
    wallet,
    pay,
    approval: {
      needed: (cents: number) => approvalNeed(cents, 'file').needed,
      hint: approvalHint,
      submit: (checked: TChecked) => void submitForApproval(checked),
      submitting: kind.submission.isPending,
      error: kind.submission.error,
    },
  };
}
