// This page's own Mantine styles, loaded with it (see app/styles.ts for the rest).
import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { recordActivity } from '../../api/activity-log';
import {
  movedMoney,
  useApprovalHint,
  useApprovalNeed,
  useSubmitPaymentsFileApproval,
} from '../../api/approvals';
import { authorOf, batchKeySecret, session } from '../../api/credentials';
import { paymentMoney } from '../../api/payments';
import { transfersOfLastDay } from '../../api/people-lookup';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { FileCheckNotices } from '../../components/FileCheckNotices';
import { FileChooser } from '../../components/FileChooser';
import { useLeaveGuard } from '../../components/leave-guard';
import { RowErrors } from '../../components/RowErrors';
import { useForgetOnIdle } from '../../components/use-forget-on-idle';
import { useRunUpdates } from '../../components/use-run-updates';
import { RowsRun } from '../../lib/file-engine/run-rows';
import { formatCents } from '../../lib/money';
import { mayResend } from '../../lib/money-answer';
import { toPaymentRequest } from '../../lib/payment-request';
import { PaymentsFileProgress } from './PaymentsFileProgress';
import { countResults, PaymentsFileResults } from './PaymentsFileResults';
import { PaymentsFileReview } from './PaymentsFileReview';
import { PaymentsFileRows } from './PaymentsFileRows';
import {
  type CheckedPaymentsFile,
  checkPaymentsFile,
  type PaymentsFileCheck,
  type PaymentsFileStep,
  planPaymentsFile,
} from './payments-file-check';
import { type ResultRow, summaryLine } from './payments-file-exports';
import { markPaid, type PlannedPayment } from './payments-file-plan';
import { PAYMENTS_TEMPLATE_CSV } from './payments-file-rows';
import { lookUpPaymentRow, sendPaymentRow } from './payments-file-send';

type Stage =
  | { kind: 'empty' }
  | { kind: 'checking'; fileName: string; step: PaymentsFileStep }
  | { kind: 'problem'; fileName: string; message: string }
  | { kind: 'failed'; file: File; error: unknown }
  | {
      kind: 'checked';
      checked: CheckedPaymentsFile;
      skipped: boolean;
      payAgain: boolean;
      plan: PlannedPayment[];
    }
  | { kind: 'run'; checked: CheckedPaymentsFile; plan: PlannedPayment[]; run: RowsRun<PlannedPayment> };

const STEP_WORDS: Record<PaymentsFileStep, string> = {
  reading: 'Checking each row',
  payers: 'Finding the payers and their accounts',
  paid: 'Looking for rows paid already',
};

const FILE_HINT =
  'Up to 1,000 payments and 1 MiB. Columns: a payer (user_email, user_id or customer_id), amount, and an account (account_id, or account_number with routing_number).';

const LEAVE_QUESTION = 'Payments are still being sent. Leave anyway? The rows not yet sent stay unsent.';

/** Each row as it stands: paid before the run, or what the run (of the rows not paid, in order) made of it. */
function resultRows(plan: readonly PlannedPayment[], run: RowsRun<PlannedPayment> | null): ResultRow[] {
  let sent = 0;
  return plan.map((planned) => {
    if (planned.alreadyPaid)
      return { planned, outcome: { kind: 'alreadyPaid', transferId: planned.alreadyPaid.id } };
    const outcome = run?.outcomes[sent++] ?? { kind: 'waiting' };
    return { planned, outcome };
  });
}

/**
 * Pay from a file: choose a CSV, see each row's errors, review the count and total, pay each row exactly once (keys
 * derived from the rows, so that the same file again pays nothing twice), follow the progress, keep the results.
 */
export function PaymentsFilePage() {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [planning, setPlanning] = useState(false);
  // Only the latest file's check may land: choosing another file mid-check drops the first.
  const latest = useRef(0);
  const run = stage.kind === 'run' ? stage.run : null;
  useRunUpdates(run);
  const sending = run !== null && run.state !== 'done';
  useLeaveGuard(sending, LEAVE_QUESTION);
  // Account numbers live in this page's memory only; an idle sign-out takes them.
  useForgetOnIdle(() => {
    run?.cancel();
    setStage({ kind: 'empty' });
  });

  // The run replaces the file and the review: its heading takes the focus, so that a screen reader says so.
  const runHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (run) runHeading.current?.focus();
  }, [run]);

  const upstream = async () => (await queryClient.ensureQueryData(runtimeConfigQuery)).mode === 'upstream';

  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint('file');
  const submitApproval = useSubmitPaymentsFileApproval();
  const [, navigate] = useLocation();

  const check = async (file: File) => {
    const ticket = ++latest.current;
    const apiKey = batchKeySecret(session.credentials());
    if (!apiKey) return;
    setStage({ kind: 'checking', fileName: file.name, step: 'reading' });
    let checked: PaymentsFileCheck;
    try {
      checked = await checkPaymentsFile(file, {
        apiKey,
        upstream: await upstream(),
        onStep: (step) => {
          if (ticket === latest.current) setStage({ kind: 'checking', fileName: file.name, step });
        },
      });
    } catch (error) {
      if (ticket === latest.current) setStage({ kind: 'failed', file, error });
      return;
    }
    if (ticket !== latest.current) return;
    if (!checked.ok) {
      setStage({ kind: 'problem', fileName: file.name, message: checked.problem });
      return;
    }
    const plan = await planPaymentsFile(checked.checked, apiKey, false);
    if (ticket === latest.current) {
      setStage({ kind: 'checked', checked: checked.checked, skipped: false, payAgain: false, plan });
    }
  };

  const choosePayAgain = async (payAgain: boolean) => {
    if (stage.kind !== 'checked') return;
    const apiKey = batchKeySecret(session.credentials());
    if (!apiKey) return;
    setPlanning(true);
    try {
      const plan = await planPaymentsFile(stage.checked, apiKey, payAgain);
      setStage({ ...stage, payAgain, plan });
    } finally {
      setPlanning(false);
    }
  };

  /** Above the approval limit: the file's payments, exactly as they would be sent, become one request. */
  const submitForApproval = () => {
    if (stage.kind !== 'checked') return;
    const author = authorOf(session.credentials());
    const toPay = stage.plan.filter((row) => !row.alreadyPaid);
    const rows = toPay.map((row) =>
      toPaymentRequest(row.payment, { idempotencyKey: row.key, operator: author }),
    );
    // The file's row numbers go with it: the approver reads the rows, and the warnings the server finds, by them.
    submitApproval.mutate(
      { rows, row_numbers: toPay.map((row) => row.payment.row), file_sha256: stage.checked.sha256 },
      { onSuccess: (made) => navigate(`/approvals/${made.id}`) },
    );
  };

  const pay = async () => {
    if (stage.kind !== 'checked') return;
    const toUpstream = await upstream();
    // A service that may not honour keys: what arrived since the review is looked for first.
    const plan = toUpstream
      ? markPaid(stage.plan, (await transfersOfLastDay(Date.now())).transfers)
      : stage.plan;
    const run = new RowsRun(
      plan.filter((row) => !row.alreadyPaid),
      {
        send: (row) => sendPaymentRow(row, authorOf(session.credentials()), stage.checked.sha256),
        lookup: lookUpPaymentRow,
        // The one rule (lib/money-answer.ts): resent after a look-up only where the service holds a payment's key.
        resendAllowed: mayResend(paymentMoney.keyOnReuse[toUpstream ? 'upstream' : 'sandbox']),
      },
    );
    setStage({ kind: 'run', checked: stage.checked, plan, run });
    await run.start();
    void movedMoney(queryClient);
    const results = resultRows(plan, run);
    // A file's run is no single request: its one line in the activity log is declared here, with its counts.
    const paidCents = results.reduce(
      (sum, { planned, outcome }) => sum + (outcome.kind === 'created' ? planned.payment.cents : 0),
      0,
    );
    recordActivity({
      action: 'Batch paid',
      subject: stage.checked.fileName,
      details: `${summaryLine(countResults(results))}; ${formatCents(paidCents)} in all`,
    });
  };

  return (
    <Stack>
      <Title order={1}>Batch payments</Title>
      <Text size="sm" c="dimmed">
        Each row of the file is one payment from a user or a payment customer to the app. Nothing moves before
        you review the count and the total; the same rows uploaded again are never paid twice.
      </Text>
      {stage.kind !== 'run' && (
        <FileChooser
          onFile={check}
          active={!sending}
          label="Payments file"
          hint={FILE_HINT}
          template={{ name: 'payments-template.csv', csv: PAYMENTS_TEMPLATE_CSV }}
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
              batch={{ ...stage.checked, payable: stage.checked.payments.length }}
              skipped={stage.skipped}
              onSkip={() => setStage({ ...stage, skipped: true })}
            />
          )}
          {(stage.checked.errors.length === 0 || stage.skipped) && (
            <>
              <PaymentsFileReview
                plan={stage.plan}
                skippedRows={new Set(stage.checked.errors.map((error) => error.row)).size}
                lastDayComplete={stage.checked.lastDayComplete}
                payAgain={stage.payAgain}
                onPayAgain={choosePayAgain}
                planning={planning}
                onConfirm={pay}
                approvalNeed={(cents) => approvalNeed(cents, 'file')}
                approvalHint={approvalHint}
                onSubmitForApproval={submitForApproval}
                submittingForApproval={submitApproval.isPending}
              />
              <PaymentsFileRows label="Rows to pay" rows={resultRows(stage.plan, null)} />
            </>
          )}
        </>
      )}

      {stage.kind === 'run' && (
        <>
          <Title order={2} ref={runHeading} tabIndex={-1}>
            {stage.run.state === 'done' ? 'Results' : `Paying from ${stage.checked.fileName}`}
          </Title>
          {stage.run.state !== 'done' && <PaymentsFileProgress run={stage.run} />}
          {stage.run.state === 'done' && (
            <PaymentsFileResults
              fileName={stage.checked.fileName}
              file={stage.checked.file}
              rows={resultRows(stage.plan, stage.run)}
              skippedErrors={stage.checked.errors}
              onCheckAgain={() => stage.run.resolveUnknown()}
              onAnotherFile={() => setStage({ kind: 'empty' })}
            />
          )}
          <PaymentsFileRows label="Results" rows={resultRows(stage.plan, stage.run)} />
        </>
      )}
    </Stack>
  );
}
