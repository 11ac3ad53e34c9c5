import { BatchFileReview, type BatchReviewProps } from '../../components/BatchFileReview';
import { formatCents } from '../../lib/money';
import { MovesFileRows } from './MovesFileRows';
import type { CheckedMovesFile } from './moves-file-check';
import { summarizeMoves } from './moves-file-plan';
import { MOVE } from './moves-file-send';

const WORDS = { verb: MOVE, row: 'move', made: 'transfer' };

/**
 * The last look before money moves: how many moves, how much each way, the app's wallet before and after; the rows
 * moved before (not sent again); a wallet too short said first. The button says the count and the total, and above
 * the approval limit (by the total of every row's size, as the console server judges it) submits the file instead.
 */
export function MovesFileReview({
  checked,
  walletName,
  walletCents,
  ...approval
}: BatchReviewProps<CheckedMovesFile>) {
  const { toPay, paidBefore, cents, toUsers, fromUsers } = summarizeMoves(checked.planned);
  const through = !walletName
    ? ''
    : walletCents === null
      ? `, through the wallet of ${walletName}.`
      : `, through the wallet of ${walletName}: ${formatCents(walletCents)} now, ${formatCents(walletCents - toUsers + fromUsers)} after.`;
  const short =
    walletCents !== null && toUsers > walletCents
      ? `The wallet holds ${formatCents(walletCents)}: the moves beyond it will be refused. Deposit into it first.`
      : null;
  return (
    <BatchFileReview
      {...approval}
      look={{
        summary: `${toPay.length.toLocaleString('en-US')} moves: ${formatCents(toUsers)} to users' wallets, ${formatCents(fromUsers)} back from them${through}`,
        toPay: toPay.length,
        paidBefore,
        cents,
        short,
      }}
      lastDayComplete={checked.lastDayComplete}
      words={WORDS}
      rows={<MovesFileRows label="Rows to move" planned={checked.planned} />}
    />
  );
}
