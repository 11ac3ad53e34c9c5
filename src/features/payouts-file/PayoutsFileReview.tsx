import { BatchFileReview, type BatchReviewProps } from '../../components/BatchFileReview';
import { formatCents } from '../../lib/money';
import { PayoutsFileRows } from './PayoutsFileRows';
import type { CheckedPayoutsFile } from './payouts-file-check';
import { summarizePayouts } from './payouts-file-plan';
import { PAY } from './payouts-file-send';

const WORDS = { verb: PAY, row: 'payout', made: 'payout' };

/**
 * The last look before money moves: how many payouts, how much in all, from which wallet before and after; the rows
 * paid before (not sent again); a wallet too short said first. The button says the count and the total, and above the
 * approval limit submits the file for another member's approval instead.
 */
export function PayoutsFileReview({
  checked,
  walletName,
  walletCents,
  ...approval
}: BatchReviewProps<CheckedPayoutsFile>) {
  const { toPay, paidBefore, cents } = summarizePayouts(checked.planned);
  const from = !walletName
    ? ''
    : walletCents === null
      ? `, from the wallet of ${walletName}.`
      : `, from the wallet of ${walletName}: ${formatCents(walletCents)} now, ${formatCents(walletCents - cents)} after.`;
  const short =
    walletCents !== null && cents > walletCents
      ? `The wallet holds ${formatCents(walletCents)}: the rows beyond it will be refused. Refill the wallet first.`
      : null;
  return (
    <BatchFileReview
      {...approval}
      look={{
        summary: `${toPay.length.toLocaleString('en-US')} payouts to pay, ${formatCents(cents)} in all${from}`,
        toPay: toPay.length,
        paidBefore,
        cents,
        short,
      }}
      lastDayComplete={checked.lastDayComplete}
      words={WORDS}
      rows={<PayoutsFileRows label="Rows to pay" planned={checked.planned} />}
    />
  );
}
