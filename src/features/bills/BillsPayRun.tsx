import '@mantine/core/styles/Progress.css';
import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import { useWallets } from '../../api/wallets';
import { Money } from '../../components/Money';
import { RowsProgressBar } from '../../components/RowsProgressBar';
import type { RowOutcome } from '../../lib/file-engine/run-rows';
import { formatCents } from '../../lib/money';
import { type RunBill, runSummary } from './bills-pay-run';
import type { useBillsPayRun } from './use-bills-pay-run';
import { WalletEffects } from './WalletEffects';

type PayRun = ReturnType<typeof useBillsPayRun>;

const billsWord = (count: number) => `${count} bill${count === 1 ? '' : 's'}`;

/** The review of a run of bills: how many, how much, and each wallet before and after; then one confirm. */
export function BillsPayReview({
  bills,
  payRun,
  onBack,
}: {
  bills: RunBill[] | null;
  payRun: PayRun;
  onBack: () => void;
}) {
  const { wallets } = useWallets();
  const summary = runSummary(bills ?? [], wallets);
  const confirm = `Pay ${billsWord(summary.count)} (${formatCents(summary.total)})`;
  return (
    <Modal opened={bills !== null} onClose={onBack} title="Review the run" centered size="lg">
      {bills && (
        <Stack>
          <Text>{`${billsWord(summary.count)}, ${formatCents(summary.total)} in all, each paid once.`}</Text>
          <WalletEffects summary={summary} one={false} />
          <Text size="sm">
            Each bill is judged on its own (its approval policy, and a second person above the approval
            limit); the run's total counts against your daily limit, as payments do.
          </Text>
          <Table aria-label="Bills to pay" striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Vendor</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bills.map((bill) => (
                <Table.Tr key={bill.id}>
                  <Table.Td>{bill.number}</Table.Td>
                  <Table.Td>{bill.vendor || '—'}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    <Money cents={bill.amount} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Button variant="default" onClick={onBack}>
              Back
            </Button>
            <Button
              onClick={() => {
                onBack();
                void payRun.start(bills);
              }}
            >
              {confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function outcomeWords(outcome: RowOutcome | undefined): string {
  switch (outcome?.kind) {
    case 'created':
      return 'Paid';
    case 'alreadyPaid':
      return 'Already paid';
    case 'refused':
      return `Refused: ${outcome.message}`;
    case 'unknown':
      return `Unknown: ${outcome.message}`;
    case 'notSent':
      return 'Not sent';
    case 'sending':
      return 'Sending';
    default:
      return 'Waiting';
  }
}

/** A run under way or done: the bar, the counts, and each bill's outcome with its transfer. */
export function BillsPayProgress({ payRun }: { payRun: PayRun }) {
  const { run } = payRun;
  if (!run) return null;
  const counts = run.rows.counts();
  const done = run.rows.state === 'done';
  return (
    <Stack gap="xs">
      <RowsProgressBar
        label="Bills paid"
        finished={counts.sent + counts.notSent}
        now={counts.sent}
        total={counts.total}
        verb="sent"
        animated={!done}
      />
      <Text size="sm" role="status">
        {`${done ? 'Finished' : 'Paying'} · ${counts.created} paid · ${counts.alreadyPaid} already paid · ${counts.refused} refused · ${counts.unknown} unknown`}
      </Text>
      {/* Five columns and a transfer's id do not fit a phone: the table scrolls sideways, by keyboard too. */}
      <Table.ScrollContainer
        type="native"
        minWidth={720}
        tabIndex={0}
        role="region"
        aria-label="Run (scrolls sideways)"
      >
        <Table aria-label="Run" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Vendor</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th>Transfer</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.bills.map((bill, index) => {
              const outcome = run.rows.outcomes[index];
              const transfer =
                outcome && (outcome.kind === 'created' || outcome.kind === 'alreadyPaid')
                  ? outcome.transferId
                  : null;
              return (
                <Table.Tr key={bill.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/bills/${bill.id}`}>
                      {bill.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{bill.vendor || '—'}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    <Money cents={bill.amount} />
                  </Table.Td>
                  <Table.Td>{outcomeWords(outcome)}</Table.Td>
                  <Table.Td>
                    {transfer ? (
                      <Anchor component={Link} to={`/transfers/${transfer}`}>
                        {transfer}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {done && (
        <Group>
          {counts.unknown > 0 && <Button onClick={() => void payRun.checkAgain()}>Check again</Button>}
          <Button variant="default" onClick={payRun.close}>
            Close the run
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A run a reload interrupted: resumed, each bill is read again before anything is sent. */
export function InterruptedRun({ payRun }: { payRun: PayRun }) {
  const bills = payRun.interrupted;
  if (!bills || payRun.run) return null;
  const total = bills.reduce((sum, bill) => sum + bill.amount, 0);
  return (
    <Alert color="yellow" title="A run of bills was interrupted">
      <Stack gap="xs">
        <Text size="sm">
          {`${billsWord(bills.length)} (${formatCents(total)}) were being paid when the page was left. Resuming reads each bill again: those paid are not paid twice, the rest are sent with the same keys.`}
        </Text>
        <Group>
          <Button onClick={() => void payRun.resume()}>Resume the run</Button>
          <Button variant="default" onClick={payRun.forget}>
            Forget it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
