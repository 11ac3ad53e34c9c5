import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { formatCents } from '../../lib/money';
import { MovesFileRows } from './MovesFileRows';
import type { CheckedMovesFile } from './moves-file-check';
import { summarizeMoves } from './moves-file-plan';

const n = (count: number) => count.toLocaleString('en-US');

/**
 * The last look before money moves: how many moves, how much each way, the app's wallet before and after; the rows
 * moved before (not sent again); a wallet too short said first. The button says the count and the total, and above
 * the approval limit (by the total of every row's size, as the console server judges it) submits the file instead.
 */
export function MovesFileReview({
  checked,
  walletName,
  walletCents,
  approvalNeeded,
  approvalHint,
  onPay,
  onSubmitForApproval,
  submitting,
  approvalError,
}: {
  checked: CheckedMovesFile;
  walletName: string | null;
  walletCents: number | null;
  approvalNeeded: (cents: number) => boolean;
  approvalHint: string | null;
  onPay: () => void;
  onSubmitForApproval: () => void;
  submitting: boolean;
  approvalError: unknown;
}) {
  const { toPay, paidBefore, cents: total, toUsers, fromUsers } = summarizeMoves(checked.planned);
  const short = walletCents !== null && toUsers > walletCents;
  const needsApproval = approvalNeeded(total);
  const label = `${n(toPay.length)} move${toPay.length === 1 ? '' : 's'} (${formatCents(total)})`;
  return (
    <Paper withBorder p="md" component="section" aria-label="Review">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Review
        </Title>
        <Text>
          {`${n(toPay.length)} moves: ${formatCents(toUsers)} to users' wallets, ${formatCents(fromUsers)} back from them`}
          {walletName &&
            (walletCents === null
              ? `, through the wallet of ${walletName}.`
              : `, through the wallet of ${walletName}: ${formatCents(walletCents)} now, ${formatCents(walletCents - toUsers + fromUsers)} after.`)}
        </Text>
        {paidBefore > 0 && (
          <Notice tone="info" title="Moved before" role="status">
            {`${n(paidBefore)} row${paidBefore === 1 ? '' : 's'} of this file ${paidBefore === 1 ? 'was' : 'were'} moved in the last 24 hours (found by ${paidBefore === 1 ? 'its' : 'their'} request ids): ${paidBefore === 1 ? 'it is' : 'they are'} not moved again.`}
          </Notice>
        )}
        {!checked.lastDayComplete && (
          <Notice tone="warning" title="Not every transfer of the last 24 hours was read">
            The service holds more than the console reads: a row moved earlier may not show as moved before.
            Its key still stops the service from moving it twice.
          </Notice>
        )}
        {short && (
          <Notice tone="danger" title="The wallet is short" role="alert">
            {`The wallet holds ${formatCents(walletCents ?? 0)}: the moves beyond it will be refused. Deposit into it first.`}
          </Notice>
        )}
        {approvalHint && <Text size="sm">{approvalHint}</Text>}
        {approvalError !== null && approvalError !== undefined && (
          <ApiErrorAlert error={approvalError} title="The request was not submitted" />
        )}
        <Group>
          {toPay.length === 0 ? (
            <Text>Every row of this file was moved before: there is nothing to move.</Text>
          ) : needsApproval ? (
            <Button onClick={onSubmitForApproval} loading={submitting}>
              {`Submit ${label} for approval`}
            </Button>
          ) : (
            <Button onClick={onPay}>{`Move ${label}`}</Button>
          )}
        </Group>
        <MovesFileRows
          label="Rows to move"
          planned={checked.planned}
          outcomes={checked.planned.map((row) =>
            row.paidBefore ? { kind: 'paidBefore', transferId: row.paidBefore } : { kind: 'waiting' },
          )}
        />
      </Stack>
    </Paper>
  );
}
