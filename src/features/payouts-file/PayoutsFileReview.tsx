import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { formatCents } from '../../lib/money';
import { PayoutsFileRows } from './PayoutsFileRows';
import type { CheckedPayoutsFile } from './payouts-file-check';
import { summarizePayouts } from './payouts-file-plan';

const n = (count: number) => count.toLocaleString('en-US');

/**
 * The last look before money moves: how many payouts, how much in all, from which wallet before and after; the rows
 * paid before (not sent again); a wallet too short said first. The button says the count and the total, and above the
 * approval limit submits the file for another member's approval instead.
 */
export function PayoutsFileReview({
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
  checked: CheckedPayoutsFile;
  walletName: string | null;
  walletCents: number | null;
  approvalNeeded: (cents: number) => boolean;
  approvalHint: string | null;
  onPay: () => void;
  onSubmitForApproval: () => void;
  submitting: boolean;
  approvalError: unknown;
}) {
  const { toPay, paidBefore, cents: total } = summarizePayouts(checked.planned);
  const short = walletCents !== null && total > walletCents;
  const needsApproval = approvalNeeded(total);
  const label = `${n(toPay.length)} payout${toPay.length === 1 ? '' : 's'} (${formatCents(total)})`;
  return (
    <Paper withBorder p="md" component="section" aria-label="Review">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Review
        </Title>
        <Text>
          {`${n(toPay.length)} payouts to pay, ${formatCents(total)} in all`}
          {walletName &&
            (walletCents === null
              ? `, from the wallet of ${walletName}.`
              : `, from the wallet of ${walletName}: ${formatCents(walletCents)} now, ${formatCents(walletCents - total)} after.`)}
        </Text>
        {paidBefore > 0 && (
          <Notice tone="info" title="Paid before" role="status">
            {`${n(paidBefore)} row${paidBefore === 1 ? '' : 's'} of this file ${paidBefore === 1 ? 'was' : 'were'} paid in the last 24 hours (found by ${paidBefore === 1 ? 'its' : 'their'} request ids): ${paidBefore === 1 ? 'it is' : 'they are'} not paid again.`}
          </Notice>
        )}
        {!checked.lastDayComplete && (
          <Notice tone="warning" title="Not every payout of the last 24 hours was read">
            The service holds more than the console reads: a row paid earlier may not show as paid before. Its
            key still stops the service from paying it twice.
          </Notice>
        )}
        {short && (
          <Notice tone="danger" title="The wallet is short" role="alert">
            {`The wallet holds ${formatCents(walletCents ?? 0)}: the rows beyond it will be refused. Refill the wallet first.`}
          </Notice>
        )}
        {approvalHint && <Text size="sm">{approvalHint}</Text>}
        {approvalError !== null && approvalError !== undefined && (
          <ApiErrorAlert error={approvalError} title="The request was not submitted" />
        )}
        <Group>
          {toPay.length === 0 ? (
            <Text>Every row of this file was paid before: there is nothing to pay.</Text>
          ) : needsApproval ? (
            <Button onClick={onSubmitForApproval} loading={submitting}>
              {`Submit ${label} for approval`}
            </Button>
          ) : (
            <Button onClick={onPay}>{`Pay ${label}`}</Button>
          )}
        </Group>
        <PayoutsFileRows
          label="Rows to pay"
          planned={checked.planned}
          outcomes={checked.planned.map((row) =>
            row.paidBefore ? { kind: 'paidBefore', transferId: row.paidBefore } : { kind: 'waiting' },
          )}
        />
      </Stack>
    </Paper>
  );
}
