import { Stack, Text, Title } from '@mantine/core';
import { FileCheckNotices } from '../../components/FileCheckNotices';
import { FileChooser } from '../../components/FileChooser';
import { RowErrors } from '../../components/RowErrors';
import { PaymentsFileProgress } from './PaymentsFileProgress';
import { PaymentsFileResults } from './PaymentsFileResults';
import { PaymentsFileReview } from './PaymentsFileReview';
import { PaymentsFileRows } from './PaymentsFileRows';
import type { PaymentsFileStep } from './payments-file-check';
import { resultRows } from './payments-file-exports';
import { PAYMENTS_TEMPLATE_CSV } from './payments-file-rows';
import { usePaymentsFile } from './use-payments-file';

const STEP_WORDS: Record<PaymentsFileStep, string> = {
  reading: 'Checking each row',
  payers: 'Finding the payers and their accounts',
  paid: 'Looking for rows paid already',
};

const HINT =
  'Up to 1,000 payments and 1 MiB. Columns: a payer (user_email, user_id or customer_id), amount, and an account (account_id, or account_number with routing_number).';

/**
 * Pay from a file: choose a CSV, see each row's errors, review the count and total, pay each row exactly once (keys
 * derived from the rows, so that the same file again pays nothing twice), follow the progress, keep the results.
 */
export function PaymentsFilePage() {
  const { stage, check, setChecked, reset, sending, runHeading, planning, choosePayAgain, pay, approval } =
    usePaymentsFile();

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
          hint={HINT}
          template={{ name: 'payments-template.csv', csv: PAYMENTS_TEMPLATE_CSV }}
        />
      )}

      <FileCheckNotices stage={stage} stepWords={STEP_WORDS} onCheckAgain={check} />

      {stage.kind === 'checked' && (
        <>
          {stage.checked.errors.length > 0 && (
            <RowErrors
              checked={{ ...stage.checked, payable: stage.checked.payments.length }}
              skipped={stage.skipped}
              onSkip={() => setChecked(stage.checked, true)}
            />
          )}
          {(stage.checked.errors.length === 0 || stage.skipped) && (
            <>
              <PaymentsFileReview
                plan={stage.checked.planned}
                skippedRows={new Set(stage.checked.errors.map((error) => error.row)).size}
                lastDayComplete={stage.checked.lastDayComplete}
                payAgain={stage.checked.payAgain}
                onPayAgain={(payAgain) => choosePayAgain(stage.checked, stage.skipped, payAgain)}
                planning={planning}
                onConfirm={() => pay(stage.checked)}
                approvalNeed={approval.need}
                approvalHint={approval.hint}
                onSubmitForApproval={() => approval.submit(stage.checked)}
                submittingForApproval={approval.submitting}
              />
              <PaymentsFileRows label="Rows to pay" rows={resultRows(stage.checked.planned, null)} />
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
              rows={resultRows(stage.checked.planned, stage.run)}
              skippedErrors={stage.checked.errors}
              onCheckAgain={() => stage.run.resolveUnknown()}
              onAnotherFile={reset}
            />
          )}
          <PaymentsFileRows label="Results" rows={resultRows(stage.checked.planned, stage.run)} />
        </>
      )}
    </Stack>
  );
}
