import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/List.css';
import { Anchor, Button, Checkbox, Group, List, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { DetailRow } from '../../components/DetailRow';
import { AmountToConfirm } from '../../components/Money';
import { Notice } from '../../components/Notice';
import { WarningAlert } from '../../components/WarningAlert';
import type { ApprovalNeed } from '../../lib/approval-rules';
import { formatCents } from '../../lib/money';
import type { PlannedPayment } from './payments-file-plan';
import { summarize } from './payments-file-plan';

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "Pay 48 payments ($2,345.67)": the confirm names exactly what moves. */
export function confirmText(rows: readonly PlannedPayment[]): string {
  const { count: n, cents } = summarize(rows);
  return `Pay ${count(n, 'payment')} (${formatCents(cents)})`;
}

const transferLink = (id: string, text: string) => (
  <Anchor component={Link} to={`/transfers/${id}`} target="_blank">
    {text}
  </Anchor>
);

interface Props {
  plan: readonly PlannedPayment[];
  /** Rows of the file skipped for errors: said in the summary, so that the count is not a surprise. */
  skippedRows: number;
  lastDayComplete: boolean;
  payAgain: boolean;
  onPayAgain: (payAgain: boolean) => void;
  /** A new plan is being made (keys derived for Pay again): no confirm meanwhile. */
  planning: boolean;
  onConfirm: () => void;
  /** Whether a total needs another member's approval (the policy's limit, the member's daily limit). */
  approvalNeed?: (cents: number) => ApprovalNeed;
  /** The approval rule in a sentence, said before the button changes; null where approvals are off. */
  approvalHint?: string | null;
  onSubmitForApproval?: () => void;
  submittingForApproval?: boolean;
}

/**
 * The last look before money moves: how many payments, how much in all, from how many payers, the largest; the rows
 * already paid (not sent again) and the warnings that need a tick; the payers' authorization. The confirm button
 * says the count and the total.
 */
export function PaymentsFileReview({
  plan,
  skippedRows,
  lastDayComplete,
  payAgain,
  onPayAgain,
  planning,
  onConfirm,
  approvalNeed = () => ({ needed: false }),
  approvalHint = null,
  onSubmitForApproval,
  submittingForApproval = false,
}: Props) {
  const toPay = plan.filter((row) => !row.alreadyPaid);
  const alreadyPaid = plan.filter((row) => row.alreadyPaid);
  const paidBefore = plan.filter((row) => row.paysAgain).length + (payAgain ? 0 : alreadyPaid.length);
  const repeats = toPay.filter((row) => row.repeats !== null);
  const paidRecently = toPay.filter((row) => row.paidRecently !== null);
  const disabled = toPay.filter((row) => row.payment.payerDisabled);
  const summary = summarize(toPay);
  const [authorized, setAuthorized] = useState(false);
  const [repeatsTicked, setRepeatsTicked] = useState(false);
  const [recentTicked, setRecentTicked] = useState(false);
  const [disabledTicked, setDisabledTicked] = useState(false);
  // A new plan is a new decision.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new plan
  useEffect(() => {
    setAuthorized(false);
    setRepeatsTicked(false);
    setRecentTicked(false);
    setDisabledTicked(false);
  }, [plan]);
  const ready =
    authorized &&
    (repeats.length === 0 || repeatsTicked) &&
    (paidRecently.length === 0 || recentTicked) &&
    (disabled.length === 0 || disabledTicked);

  return (
    <Stack>
      <Title order={2}>Review</Title>
      <Table variant="vertical" withTableBorder aria-label="Batch summary" maw={560}>
        <Table.Tbody>
          <DetailRow label="Payments to make">{summary.count.toLocaleString('en-US')}</DetailRow>
          <DetailRow label="Total">
            <AmountToConfirm cents={summary.cents} />
          </DetailRow>
          <DetailRow label="Payers">{summary.payers.toLocaleString('en-US')}</DetailRow>
          <DetailRow label="Largest payment">{formatCents(summary.largestCents)}</DetailRow>
          <DetailRow label="To">The app&apos;s wallet, each by ACH debit</DetailRow>
          {(alreadyPaid.length > 0 || skippedRows > 0) && (
            <DetailRow label="Not paid now">
              {[
                alreadyPaid.length > 0 ? `${count(alreadyPaid.length, 'row')} already paid` : '',
                skippedRows > 0 ? `${count(skippedRows, 'row')} skipped for errors` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </DetailRow>
          )}
        </Table.Tbody>
      </Table>
      {approvalHint && <Text size="sm">{approvalHint}</Text>}

      {!lastDayComplete && (
        <WarningAlert title="Not every recent payment was read">
          The last 24 hours hold more payments than the console reads before a batch, so a row paid earlier
          may not show as already paid here.
        </WarningAlert>
      )}

      {paidBefore > 0 && (
        <Notice
          tone="info"
          title={`${count(paidBefore, 'row')} of this file ${paidBefore === 1 ? 'was' : 'were'} paid in the last 24 hours`}
        >
          <Text size="sm">
            Found by their request ids, so they are not sent again: their transfers are in the table below.
          </Text>
          <Checkbox
            mt="sm"
            label={`Pay again as new payments: the ${count(paidBefore, 'row')} already paid`}
            description="Only if these payers owe the same amounts a second time"
            checked={payAgain}
            disabled={planning}
            onChange={(event) => onPayAgain(event.currentTarget.checked)}
          />
        </Notice>
      )}

      {repeats.length > 0 && (
        <WarningAlert
          title={`${count(repeats.length, 'row')} repeat${repeats.length === 1 ? 's' : ''} an earlier row`}
        >
          <ScrollArea.Autosize mah={160} type="auto">
            <List size="sm">
              {repeats.map((row) => (
                <List.Item key={row.payment.row}>
                  {`Row ${row.payment.row} repeats row ${row.repeats}: the same payer, amount and account`}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          <Checkbox
            mt="sm"
            label={`Also pay the ${count(repeats.length, 'repeated row')}`}
            checked={repeatsTicked}
            onChange={(event) => setRepeatsTicked(event.currentTarget.checked)}
          />
        </WarningAlert>
      )}

      {paidRecently.length > 0 && (
        <WarningAlert
          title={`${count(paidRecently.length, 'payer')} paid the same amount in the last 24 hours`}
        >
          <ScrollArea.Autosize mah={160} type="auto">
            <List size="sm">
              {paidRecently.map((row) => (
                <List.Item key={row.payment.row}>
                  {`Row ${row.payment.row}: ${row.payment.payerName || row.payment.payerId} paid ${formatCents(row.payment.cents)} already, in `}
                  {transferLink(row.paidRecently?.id ?? '', 'this transfer')}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          <Checkbox
            mt="sm"
            label={`Also pay the ${count(paidRecently.length, 'row')} paid recently`}
            checked={recentTicked}
            onChange={(event) => setRecentTicked(event.currentTarget.checked)}
          />
        </WarningAlert>
      )}

      {disabled.length > 0 && (
        <WarningAlert
          title={`${count(disabled.length, 'row')} charge${disabled.length === 1 ? 's' : ''} a disabled payer`}
        >
          <ScrollArea.Autosize mah={160} type="auto">
            <List size="sm">
              {disabled.map((row) => (
                <List.Item key={row.payment.row}>
                  {`Row ${row.payment.row}: ${row.payment.payerName || row.payment.payerId} is disabled at the service`}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          <Checkbox
            mt="sm"
            label={`Also charge the ${count(disabled.length, 'row')} of disabled payers`}
            checked={disabledTicked}
            onChange={(event) => setDisabledTicked(event.currentTarget.checked)}
          />
        </WarningAlert>
      )}

      {toPay.length === 0 ? (
        <Text fw={500}>Nothing to pay: every row of this file is paid already.</Text>
      ) : (
        <>
          <Checkbox
            label="Payers authorized these debits"
            checked={authorized}
            onChange={(event) => setAuthorized(event.currentTarget.checked)}
          />
          <Group>
            {approvalNeed(summarize(toPay).cents).needed ? (
              <Button
                onClick={onSubmitForApproval}
                disabled={!ready || planning}
                loading={planning || submittingForApproval}
              >
                {`Submit for approval (${count(toPay.length, 'payment')}, ${formatCents(summarize(toPay).cents)})`}
              </Button>
            ) : (
              <Button onClick={onConfirm} disabled={!ready || planning} loading={planning}>
                {confirmText(toPay)}
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
