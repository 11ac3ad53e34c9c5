import { useEffect, useRef, useState } from 'react';
import { useLeaveGuard } from './leave-guard';
import { useRunUpdates } from './use-run-updates';

/**
 * Where a file's page stands, for every file of rows (payments, payouts, and the files that come next): nothing
 * chosen; a file being checked (which step); one that cannot be used (nothing was sent); a check the service could
 * not answer; a file checked, its rows with errors skipped or not; its run.
 */
export type FileStage<TStep, TChecked, TRun> =
  | { kind: 'empty' }
  | { kind: 'checking'; fileName: string; step: TStep }
  | { kind: 'problem'; fileName: string; message: string }
  | { kind: 'failed'; file: File; error: unknown }
  | { kind: 'checked'; checked: TChecked; skipped: boolean }
  | { kind: 'run'; checked: TChecked; run: TRun };

/** What a file's check gives: the file checked, or why it cannot be used. */
export type FileCheckResult<TChecked> = { ok: true; checked: TChecked } | { ok: false; problem: string };

/** A file's run as the page follows it: its changes, and whether it is over. */
interface Run {
  state: string;
  subscribe: (listener: () => void) => () => void;
}

interface Options<TStep, TChecked> {
  /** The first step a check says it is at. */
  firstStep: TStep;
  /** Everything before the review, nothing sent; null when there is nothing to check with (no key to derive from). */
  check: (file: File, onStep: (step: TStep) => void) => Promise<FileCheckResult<TChecked> | null>;
  /** What leaving the page asks while the run is sending. */
  leaveQuestion: string;
}

/**
 * The stages every file's page goes through, kept the same for all: only the latest file's check may land (choosing
 * another file mid-check drops the first); while a run is sending, leaving the page asks first; the page renders as
 * the run moves (at most once a frame); and the run's heading takes the focus when the run replaces the file and the
 * review, so that a screen reader says so.
 */
export function useFileStages<TStep, TChecked, TRun extends Run>({
  firstStep,
  check,
  leaveQuestion,
}: Options<TStep, TChecked>) {
  const [stage, setStage] = useState<FileStage<TStep, TChecked, TRun>>({ kind: 'empty' });
  const latest = useRef(0);
  const run = stage.kind === 'run' ? stage.run : null;
  useRunUpdates(run);
  const sending = run !== null && run.state !== 'done';
  useLeaveGuard(sending, leaveQuestion);
  const runHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (run) runHeading.current?.focus();
  }, [run]);

  const checkFile = async (file: File) => {
    const ticket = ++latest.current;
    setStage({ kind: 'checking', fileName: file.name, step: firstStep });
    try {
      const result = await check(file, (step) => {
        if (ticket === latest.current) setStage({ kind: 'checking', fileName: file.name, step });
      });
      if (ticket !== latest.current) return;
      if (result === null) setStage({ kind: 'empty' });
      else if (result.ok) setStage({ kind: 'checked', checked: result.checked, skipped: false });
      else setStage({ kind: 'problem', fileName: file.name, message: result.problem });
    } catch (error) {
      if (ticket === latest.current) setStage({ kind: 'failed', file, error });
    }
  };

  return {
    stage,
    /** The file's check, from its choice to its review (or its problem). */
    check: checkFile,
    /** The checked file changed (another plan, its rows with errors skipped). */
    setChecked: (checked: TChecked, skipped: boolean) => setStage({ kind: 'checked', checked, skipped }),
    /** The run replaces the file and its review. */
    startRun: (checked: TChecked, started: TRun) => setStage({ kind: 'run', checked, run: started }),
    /** Back to choosing a file. */
    reset: () => setStage({ kind: 'empty' }),
    sending,
    runHeading,
  };
}
