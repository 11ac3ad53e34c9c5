import { Stack, Text, Title } from '@mantine/core';
import { BatchFileStages } from '../../components/BatchFileStages';
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

const CHOOSER = {
  label: 'Payouts file',
  hint: 'Up to 1,000 payouts and 1 MiB. Columns: a payee (user_email or user_id), amount, platform (ach, paypal, venmo, cash_app or default) and, for a bank account, account_id.',
  template: { name: 'payouts-template.csv', csv: PAYOUTS_TEMPLATE_CSV },
};

const PARTS = {
  Review: PayoutsFileReview,
  Progress: PayoutsFileProgress,
  Results: PayoutsFileResults,
  Rows: PayoutsFileRows,
};

/**
 * Pay out from a file: a CSV of payouts, each row checked against its payee's saved methods; a review by count and
 * total and the wallet it comes from; one or more payout batches (row by row where the service has none); each row's
 * result and a CSV of them. The same file again pays nothing twice: every row's key is derived from the row.
 */
export function PayoutsFilePage() {
  return (
    <Stack>
      <Title order={1}>Pay out from a file</Title>
      <Text size="sm" c="dimmed">
        Each row is one payout from an app&apos;s wallet to a user&apos;s saved payout method. Nothing moves
        before you review the count and the total; the same rows chosen again are never paid twice.
      </Text>
      <BatchFileStages
        file={usePayoutsFile()}
        chooser={CHOOSER}
        stepWords={STEP_WORDS}
        running={(fileName) => `Paying out from ${fileName}`}
        parts={PARTS}
      />
    </Stack>
  );
}
