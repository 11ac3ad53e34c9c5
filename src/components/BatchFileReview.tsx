import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { outcomeWords } from '../lib/file-engine/batch-words';
import type { RunVerb } from '../lib/file-engine/run-batches';
import { formatCents } from '../lib/money';
import { ApiErrorAlert } from './ApiErrorAlert';
import { Notice } from './Notice';

const n = (count: number) => count.toLocaleString('en-US');

/** What a batch file's review is handed by its page: the file checked, the wallet it goes through, the approval. */
export interface BatchReviewProps<TChecked> {
  checked: TChecked;
  walletName: string | null;
  walletCents: number | null;
  approvalNeeded: (cents: number) => boolean;
  approvalHint: string | null;
  onPay: () => void;
  onSubmitForApproval: () => void;
  submitting: boolean;
  approvalError: unknown;
}

/** A batch file's words: what its run does ("move"), what a row is ("move", "payout"), what it makes ("transfer"). */
export interface BatchFileWords {
  verb: RunVerb;
  row: string;
  made: string;
  /** How the money goes by the wallet ("through", "from"), and what a wallet too short means for the rows. */
  byWallet: string;
  beyond: string;
}

/**
 * The last look before a batch file's money moves, in its own words: the feature's line of how many and how much, and
 * the wallet before and after (`out` of it, `back` into it); the rows sent before (not sent again); the wallet too
 * short said first. The button says the count and the total, and above the approval limit submits the file for
 * another member's approval instead.
 */
export function BatchFileReview({
  checked: { lastDayComplete },
  walletName,
  walletCents,
  summary: { toPay: rowsToPay, paidBefore, cents },
  line,
  wallet: { out, back = 0 },
  words: { verb, row, made, byWallet, beyond },
  approvalNeeded,
  approvalHint,
  onPay,
  onSubmitForApproval,
  submitting,
  approvalError,
  rows,
}: BatchReviewProps<{ lastDayComplete: boolean }> & {
  /** The rows to send now, how many were sent before, and every row's size (what the approval limit reads). */
  summary: { toPay: readonly unknown[]; paidBefore: number; cents: number };
  /** "3 moves: $5.00 to users' wallets, $2.00 back from them". */
  line: string;
  wallet: { out: number; back?: number };
  words: BatchFileWords;
  rows: ReactNode;
}) {
  const toPay = rowsToPay.length;
  const needsApproval = approvalNeeded(cents);
  const one = paidBefore === 1;
  const label = `${n(toPay)} ${row}${toPay === 1 ? '' : 's'} (${formatCents(cents)})`;
  const capital = `${verb.base.charAt(0).toUpperCase()}${verb.base.slice(1)}`;
  const atWallet = !walletName
    ? ''
    : walletCents === null
      ? `, ${byWallet} the wallet of ${walletName}.`
      : `, ${byWallet} the wallet of ${walletName}: ${formatCents(walletCents)} now, ${formatCents(walletCents - out + back)} after.`;
  return (
    <Paper withBorder p="md" component="section" aria-label="Review">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Review
        </Title>
        <Text>{`${line}${atWallet}`}</Text>
        {paidBefore > 0 && (
          <Notice tone="info" title={outcomeWords(verb).paidBefore} role="status">
            {`${n(paidBefore)} row${one ? '' : 's'} of this file ${one ? 'was' : 'were'} ${verb.past} in the last 24 hours (found by ${one ? 'its' : 'their'} request ids): ${one ? 'it is' : 'they are'} not ${verb.past} again.`}
          </Notice>
        )}
        {!lastDayComplete && (
          <Notice tone="warning" title={`Not every ${made} of the last 24 hours was read`}>
            {`The service holds more than the console reads: a row ${verb.past} earlier may not show as ${verb.past} before. Its key still stops the service from ${verb.doing} it twice.`}
          </Notice>
        )}
        {walletCents !== null && out > walletCents && (
          <Notice tone="danger" title="The wallet is short" role="alert">
            {`The wallet holds ${formatCents(walletCents)}: ${beyond}`}
          </Notice>
        )}
        {approvalHint && <Text size="sm">{approvalHint}</Text>}
        {approvalError !== null && approvalError !== undefined && (
          <ApiErrorAlert error={approvalError} title="The request was not submitted" />
        )}
        <Group>
          {toPay === 0 ? (
            <Text>{`Every row of this file was ${verb.past} before: there is nothing to ${verb.base}.`}</Text>
          ) : needsApproval ? (
            <Button onClick={onSubmitForApproval} loading={submitting}>
              {`Submit ${label} for approval`}
            </Button>
          ) : (
            <Button onClick={onPay}>{`${capital} ${label}`}</Button>
          )}
        </Group>
        {rows}
      </Stack>
    </Paper>
  );
}
