import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { recordActivity } from '../../api/activity-log';
import { movedMoney, useApprovalHint, useApprovalNeed, useSubmitForApproval } from '../../api/approvals';
import { authorOf, batchKeySecret, session } from '../../api/credentials';
import { paymentMoney } from '../../api/payments';
import { transfersOfLastDay } from '../../api/people-lookup';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { useFileStages } from '../../components/use-file-stages';
import { useForgetOnIdle } from '../../components/use-forget-on-idle';
import { RowsRun } from '../../lib/file-engine/run-rows';
import { formatCents } from '../../lib/money';
import { mayResend } from '../../lib/money-answer';
import {
  type CheckedPaymentsFile,
  checkPaymentsFile,
  type PaymentsFileStep,
  planPaymentsFile,
} from './payments-file-check';
import { countResults, resultRows, summaryLine } from './payments-file-exports';
import { markPaid, type PlannedPayment } from './payments-file-plan';
import { lookUpPaymentRow, sendPaymentRow } from './payments-file-send';

const LEAVE_QUESTION = 'Payments are still being sent. Leave anyway? The rows not yet sent stay unsent.';

/**
 * A payments file's page, its work without its words: the file checked (lib/file-engine and payments-file-check),
 * planned again to pay again the rows paid before, paid row by row (RowsRun, payments-file-send), or above the
 * approval limit submitted as one request; one line in the activity log for the run. Account numbers live in the
 * page's memory only: an idle sign-out takes them.
 */
export function usePaymentsFile() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const approvalNeed = useApprovalNeed();
  const approvalHint = useApprovalHint('file');
  const submitApproval = useSubmitForApproval('batch');
  const [planning, setPlanning] = useState(false);
  const mode = async () => (await queryClient.ensureQueryData(runtimeConfigQuery)).mode;

  const stages = useFileStages<PaymentsFileStep, CheckedPaymentsFile, RowsRun<PlannedPayment>>({
    firstStep: 'reading',
    leaveQuestion: LEAVE_QUESTION,
    check: async (file, onStep) => {
      const secret = batchKeySecret(session.credentials());
      if (!secret) return null;
      return checkPaymentsFile(file, { secret, upstream: (await mode()) === 'upstream', onStep });
    },
  });
  const { stage } = stages;
  useForgetOnIdle(() => {
    if (stage.kind === 'run') stage.run.cancel();
    stages.reset();
  });

  const choosePayAgain = async (checked: CheckedPaymentsFile, skipped: boolean, payAgain: boolean) => {
    const secret = batchKeySecret(session.credentials());
    if (!secret) return;
    setPlanning(true);
    try {
      stages.setChecked(await planPaymentsFile(checked, secret, payAgain), skipped);
    } finally {
      setPlanning(false);
    }
  };

  /** Above the approval limit: the file's payments, exactly as they would be sent, become one request. */
  const submitForApproval = (checked: CheckedPaymentsFile) => {
    const operator = authorOf(session.credentials());
    const toPay = checked.planned.filter((row) => !row.alreadyPaid);
    const rows = toPay.map((row) => paymentMoney.bodyOf(row.payment, { idempotencyKey: row.key, operator }));
    // The file's row numbers go with it: the approver reads the rows, and the warnings the server finds, by them.
    submitApproval.mutate(
      { rows, row_numbers: toPay.map((row) => row.payment.row), file_sha256: checked.sha256 },
      { onSuccess: (made) => navigate(`/approvals/${made.id}`) },
    );
  };

  const pay = async (checked: CheckedPaymentsFile) => {
    // The one rule (lib/money-answer.ts): a row is sent again after a look-up only where the service holds its key;
    // where it does not, what arrived since the review is looked for first, and not sent.
    const resendAllowed = mayResend(paymentMoney.keyOnReuse[await mode()]);
    const planned = resendAllowed
      ? checked.planned
      : markPaid(checked.planned, (await transfersOfLastDay(Date.now())).transfers);
    const run = new RowsRun(
      planned.filter((row) => !row.alreadyPaid),
      {
        send: (row) => sendPaymentRow(row, authorOf(session.credentials()), checked.sha256),
        lookup: lookUpPaymentRow,
        resendAllowed,
      },
    );
    stages.startRun({ ...checked, planned }, run);
    await run.start();
    void movedMoney(queryClient);
    const results = resultRows(planned, run);
    // A file's run is no single request: its one line in the activity log is declared here, with its counts.
    const paidCents = results.reduce(
      (sum, { planned: row, outcome }) => sum + (outcome.kind === 'created' ? row.payment.cents : 0),
      0,
    );
    recordActivity({
      action: 'Batch paid',
      subject: checked.fileName,
      details: `${summaryLine(countResults(results))}; ${formatCents(paidCents)} in all`,
    });
  };

  return {
    ...stages,
    planning,
    choosePayAgain,
    pay,
    approval: {
      need: (cents: number) => approvalNeed(cents, 'file'),
      hint: approvalHint,
      submit: submitForApproval,
      submitting: submitApproval.isPending,
    },
  };
}
