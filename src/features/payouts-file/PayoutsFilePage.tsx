import { Stack, Text, Title } from '@mantine/core';
import { FileCheckNotices } from '../../components/FileCheckNotices';
import { FileChooser } from '../../components/FileChooser';
import { RowErrors } from '../../components/RowErrors';
import { PayoutsFileProgress } from './PayoutsFileProgress';
import { PayoutsFileResults } from './PayoutsFileResults';
import { PayoutsFileReview } from './PayoutsFileReview';
import { PayoutsFileRows } from './PayoutsFileRows';
import type { PayoutsFileStep } from './payouts-file-check';
import { PAYOUTS_TEMPLATE_CSV } from './payouts-file-rows';
import { usePayoutsFile } from './use-payouts-file';

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
  const { stage, check, setChecked, reset, sending, runHeading, wallet, pay, approval } = usePayoutsFile();
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
      <FileCheckNotices stage={stage} stepWords={STEP_WORDS} onCheckAgain={check} />

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
            <PayoutsFileReview
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
            {stage.run.state === 'done' ? 'Results' : `Paying out from ${stage.checked.fileName}`}
          </Title>
          <PayoutsFileProgress run={stage.run} />
          {stage.run.state === 'done' && (
            <PayoutsFileResults
              fileName={stage.checked.fileName}
              planned={stage.checked.planned}
              outcomes={stage.run.outcomes}
              onAnotherFile={reset}
            />
          )}
          <PayoutsFileRows label="Results" planned={stage.checked.planned} outcomes={stage.run.outcomes} />
        </>
      )}
    </Stack>
  );
}
