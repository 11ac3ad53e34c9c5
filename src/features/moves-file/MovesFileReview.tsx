import { BatchFileReview, type BatchReviewProps } from '../../components/BatchFileReview';
import { formatCents } from '../../lib/money';
import { MovesFileRows } from './MovesFileRows';
import type { CheckedMovesFile } from './moves-file-check';
import { summarizeMoves } from './moves-file-plan';
import { MOVE } from './moves-file-send';

const WORDS = {
  verb: MOVE,
  row: 'move',
  made: 'transfer',
  byWallet: 'through',
  beyond: 'the moves beyond it will be refused. Deposit into it first.',
};

/**
 * The last look before money moves: how many moves, how much each way, the app's wallet before and after; the rows
 * moved before (not sent again); a wallet too short said first. The button says the count and the total, and above
 * the approval limit (by the total of every row's size, as the console server judges it) submits the file instead.
 */
export function MovesFileReview(props: BatchReviewProps<CheckedMovesFile>) {
  const summary = summarizeMoves(props.checked.planned);
  const { toPay, toUsers, fromUsers } = summary;
  return (
    <BatchFileReview
      {...props}
      summary={summary}
      line={`${toPay.length.toLocaleString('en-US')} moves: ${formatCents(toUsers)} to users' wallets, ${formatCents(fromUsers)} back from them`}
      wallet={{ out: toUsers, back: fromUsers }}
      words={WORDS}
      rows={<MovesFileRows label="Rows to move" planned={props.checked.planned} />}
    />
  );
}
