import { Title } from '@mantine/core';
import type { ComponentType, RefObject } from 'react';
import type { RowsFile } from '../lib/file-engine/read-file';
import type { RowError } from '../lib/file-engine/row-checks';
import type { BatchRowOutcome } from '../lib/file-engine/run-batches';
import type { BatchReviewProps } from './BatchFileReview';
import { FileCheckNotices } from './FileCheckNotices';
import { FileChooser } from './FileChooser';
import { RowErrors } from './RowErrors';
import type { FileStage } from './use-file-stages';

/** A batch file checked, as its page reads it: the file as read, its rows' errors, and its rows to send. */
interface CheckedFile<TPlanned> {
  fileName: string;
  file: RowsFile;
  errors: readonly RowError[];
  planned: readonly TPlanned[];
}

/** A batch file's run, as its page reads it: whether it is over, and what became of each row so far. */
interface FileRun {
  state: string;
  outcomes: readonly BatchRowOutcome[];
}

/** A batch file's page state and work (components/use-batch-file.ts). */
interface BatchFile<TStep, TChecked, TRun> {
  stage: FileStage<TStep, TChecked, TRun>;
  check: (file: File) => void;
  setChecked: (checked: TChecked, skipped: boolean) => void;
  reset: () => void;
  sending: boolean;
  runHeading: RefObject<HTMLHeadingElement | null>;
  wallet: { appName: string; cents: number | null } | null | undefined;
  pay: (checked: TChecked) => Promise<void>;
  approval: {
    needed: (cents: number) => boolean;
    hint: string | null;
    submit: (checked: TChecked) => void;
    submitting: boolean;
    error: unknown;
  };
}

/** A batch file's own parts: its review, its run's progress, its results, its rows' table. */
interface BatchFileParts<TPlanned, TChecked, TRun> {
  Review: ComponentType<BatchReviewProps<TChecked>>;
  Progress: ComponentType<{ run: TRun }>;
  Results: ComponentType<{
    fileName: string;
    planned: readonly TPlanned[];
    outcomes: readonly BatchRowOutcome[];
    onAnotherFile: () => void;
  }>;
  Rows: ComponentType<{ label: string; planned: readonly TPlanned[]; outcomes: readonly BatchRowOutcome[] }>;
}

/**
 * A batch file's page below its heading, the same for every file sent as batches: the file chosen and checked; its
 * rows with errors, to fix or skip; its review; then its run, which takes the file's place, under a heading that
 * takes the focus (`running`: "Moving december.csv"), its progress, its results once done, and its rows.
 */
export function BatchFileStages<
  TStep extends string,
  TPlanned,
  TChecked extends CheckedFile<TPlanned>,
  TRun extends FileRun,
>({
  file: { stage, check, setChecked, reset, sending, runHeading, wallet, pay, approval },
  chooser,
  stepWords,
  running,
  parts: { Review, Progress, Results, Rows },
}: {
  file: BatchFile<TStep, TChecked, TRun>;
  /** The file field's name ("Wallet moves file"), what it takes, and its template. */
  chooser: { label: string; hint: string; template: { name: string; csv: string } };
  stepWords: Readonly<Record<TStep, string>>;
  running: (fileName: string) => string;
  parts: BatchFileParts<TPlanned, TChecked, TRun>;
}) {
  return (
    <>
      {stage.kind !== 'run' && <FileChooser onFile={check} active={!sending} {...chooser} />}
      <FileCheckNotices stage={stage} stepWords={stepWords} onCheckAgain={check} />

      {stage.kind === 'checked' && (
        <>
          {stage.checked.errors.length > 0 && (
            <RowErrors
              checked={{ ...stage.checked, payable: stage.checked.planned.length }}
              skipped={stage.skipped}
              onSkip={() => setChecked(stage.checked, true)}
            />
          )}
          {(stage.checked.errors.length === 0 || stage.skipped) && stage.checked.planned.length > 0 && (
            <Review
              checked={stage.checked}
              walletName={wallet?.appName ?? null}
              walletCents={wallet?.cents ?? null}
              approvalNeeded={approval.needed}
              approvalHint={approval.hint}
              onPay={() => void pay(stage.checked)}
              onSubmitForApproval={() => approval.submit(stage.checked)}
              submitting={approval.submitting}
              approvalError={approval.error}
            />
          )}
        </>
      )}
      {stage.kind === 'run' && (
        <>
          <Title order={2} ref={runHeading} tabIndex={-1}>
            {stage.run.state === 'done' ? 'Results' : running(stage.checked.fileName)}
          </Title>
          <Progress run={stage.run} />
          {stage.run.state === 'done' && (
            <Results
              fileName={stage.checked.fileName}
              planned={stage.checked.planned}
              outcomes={stage.run.outcomes}
              onAnotherFile={reset}
            />
          )}
          <Rows label="Results" planned={stage.checked.planned} outcomes={stage.run.outcomes} />
        </>
      )}
    </>
  );
}
