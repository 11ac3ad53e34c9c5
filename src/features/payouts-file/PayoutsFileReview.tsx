import { BatchFileReview, type BatchReviewProps } from '../../components/BatchFileReview';
import { formatCents } from '../../lib/money';
import { PayoutsFileRows } from './PayoutsFileRows';
import type { CheckedPayoutsFile } from './payouts-file-check';
import { summarizePayouts } from './payouts-file-plan';
import { PAY } from './payouts-file-send';

const WORDS = {
  verb: PAY,
  row: 'payout',
  made: 'payout',
  byWallet: 'from',
  beyond: 'the rows beyond it will be refused. Refill the wallet first.',
};

/**
 * The last look before money moves: how many payouts, how much in all, from which wallet before and after; the rows
 * paid before (not sent again); a wallet too short said first. The button says the count and the total, and above the
 * approval limit submits the file for another member's approval instead.
 */
export function PayoutsFileReview(props: BatchReviewProps<CheckedPayoutsFile>) {
  const summary = summarizePayouts(props.checked.planned);
  return (
    <BatchFileReview
      {...props}
      summary={summary}
      line={`${summary.toPay.length.toLocaleString('en-US')} payouts to pay, ${formatCents(summary.cents)} in all`}
      wallet={{ out: summary.cents }}
      words={WORDS}
      rows={<PayoutsFileRows label="Rows to pay" planned={props.checked.planned} />}
    />
  );
}
