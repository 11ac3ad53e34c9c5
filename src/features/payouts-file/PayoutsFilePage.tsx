import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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
import { FileCheckNotices } from '../../components/FileCheckNotices';
import { FileChooser } from '../../components/FileChooser';
import { useLeaveGuard } from '../../components/leave-guard';
import { RowErrors } from '../../components/RowErrors';
import { useRunUpdates } from '../../components/use-run-updates';
import { PayoutsFileProgress } from './PayoutsFileProgress';
import { PayoutsFileResults } from './PayoutsFileResults';
import { PayoutsFileReview } from './PayoutsFileReview';
import { PayoutsFileRows } from './PayoutsFileRows';
import { type CheckedPayoutsFile, checkPayoutsFile, type PayoutsFileStep } from './payouts-file-check';
import { summaryLine } from './payouts-file-exports';
import { batchKeyOf } from './payouts-file-keys';
import { PAYOUTS_TEMPLATE_CSV } from './payouts-file-rows';
import { PayoutsFileRun } from './payouts-file-send';

type Stage =
  | { kind: 'empty' }
  | { kind: 'checking'; fileName: string; step: PayoutsFileStep }
  | { kind: 'problem'; fileName: string; message: string }
  | { kind: 'failed'; file: File; error: unknown }
  | { kind: 'checked'; checked: CheckedPayoutsFile; skipped: boolean }
  | { kind: 'run'; checked: CheckedPayoutsFile; run: PayoutsFileRun };

const STEP_WORDS: Record<PayoutsFileStep, string> = {
  reading: 'Checking each row',
  payees: 'Finding the payees and their payout methods',
  paid: 'Looking for rows paid already',
};

const HINT =
  'Up to 1,000 payouts and 1 MiB. Columns: a payee (user_email or user_id), amount, platform (ach, paypal, venmo, cash_app or default) and, for a bank account, account_id.';

/**
 * Pay out from a file: a CSV of payouts, each row checked against its payee's saved methods; a review by count and
 * total and the wallet it comes from; one or more payout batches (row by row where the service has none); each row's
 * result and a CSV of them. The same file again pays nothing twice: every row's key is derived from the row.
 */
export function PayoutsFilePage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const latest = useRef(0);
  const run = stage.kind === 'run' ? stage.run : null;
  useRunUpdates(run);
  const sending = run !== null && run.state !== 'done';
  useLeaveGuard(sending, 'Payouts are being sent. Leave anyway? Choose the file again to see what was paid.');
  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint('file');
  const submitApproval = useSubmitPayoutsFileApproval();
  const { preferred: wallet } = useWallets();
  const runHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (run) runHeading.current?.focus();
  }, [run]);

  const mode = async () => (await queryClient.ensureQueryData(runtimeConfigQuery)).mode;

  const check = async (file: File) => {
    const ticket = ++latest.current;
    const secret = batchKeySecret(session.credentials());
    if (!secret) return;
    setStage({ kind: 'checking', fileName: file.name, step: 'reading' });
    try {
      const result = await checkPayoutsFile(file, {
        secret,
        operator: authorOf(session.credentials()),
        upstream: (await mode()) === 'upstream',
        onStep: (step) => {
          if (ticket === latest.current) setStage({ kind: 'checking', fileName: file.name, step });
        },
      });
      if (ticket !== latest.current) return;
      setStage(
        result.ok
          ? { kind: 'checked', checked: result.checked, skipped: false }
          : { kind: 'problem', fileName: file.name, message: result.problem },
      );
    } catch (error) {
      if (ticket === latest.current) setStage({ kind: 'failed', file, error });
    }
  };

  const pay = async (checked: CheckedPayoutsFile) => {
    const secret = batchKeySecret(session.credentials());
    if (!secret) return;
    const payoutRun = new PayoutsFileRun(checked.planned, {
      appId: wallet?.appId,
      mode: await mode(),
      file: checked.sha256,
      batchKeyOf: (keys) => batchKeyOf(secret, keys),
    });
    setStage({ kind: 'run', checked, run: payoutRun });
    await payoutRun.start();
    void queryClient.invalidateQueries({ queryKey: ['apps'] });
    void movedMoney(queryClient);
    recordActivity({
      action: 'Payouts file paid',
      subject: checked.fileName,
      details: summaryLine(payoutRun.counts()),
    });
  };

  const submitForApproval = (checked: CheckedPayoutsFile) => {
    const toPay = checked.planned.filter((row) => !row.paidBefore);
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

  return (
    <Stack>
      <Title order={1}>Pay out from a file</Title>
      <Text size="sm" c="dimmed">
        Each row is one payout from an app&apos;s wallet to a user&apos;s saved payout method. Nothing moves
        before you review the count and the total; the same rows chosen again are never paid twice.
      </Text>
      {stage.kind !== 'run' && (
        <FileChooser
          onFile={check}
          active={!sending}
          label="Payouts file"
          hint={HINT}
          template={{ name: 'payouts-template.csv', csv: PAYOUTS_TEMPLATE_CSV }}
        />
      )}
      <FileCheckNotices
        checking={stage.kind === 'checking' ? `${stage.fileName}: ${STEP_WORDS[stage.step]}…` : undefined}
        problem={stage.kind === 'problem' ? stage : undefined}
        failed={
          stage.kind === 'failed' ? { error: stage.error, onCheckAgain: () => check(stage.file) } : undefined
        }
      />

      {stage.kind === 'checked' && (
        <>
          {stage.checked.errors.length > 0 && (
            <RowErrors
              batch={{ ...stage.checked, payable: stage.checked.planned.length }}
              skipped={stage.skipped}
              onSkip={() => setStage({ ...stage, skipped: true })}
            />
          )}
          {(stage.checked.errors.length === 0 || stage.skipped) && stage.checked.planned.length > 0 && (
            <PayoutsFileReview
              checked={stage.checked}
              walletName={wallet?.appName ?? null}
              walletCents={wallet?.cents ?? null}
              approvalNeeded={(cents) => approvalNeed(cents, 'file').needed}
              approvalHint={approvalHint}
              onPay={() => void pay(stage.checked)}
              onSubmitForApproval={() => submitForApproval(stage.checked)}
              submitting={submitApproval.isPending}
              approvalError={submitApproval.error}
            />
          )}
        </>
      )}
      {stage.kind === 'run' && (
        <>
          <Title order={2} ref={runHeading} tabIndex={-1}>
            {stage.run.state === 'done' ? 'Results' : `Paying out from ${stage.checked.fileName}`}
          </Title>
          <PayoutsFileProgress run={stage.run} />
          {stage.run.state === 'done' && (
            <PayoutsFileResults
              fileName={stage.checked.fileName}
              planned={stage.checked.planned}
              outcomes={stage.run.outcomes}
              onAnotherFile={() => setStage({ kind: 'empty' })}
            />
          )}
          <PayoutsFileRows label="Results" planned={stage.checked.planned} outcomes={stage.run.outcomes} />
        </>
      )}
    </Stack>
  );
}
