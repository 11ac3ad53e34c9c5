import '@mantine/core/styles/SimpleGrid.css';
import { Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { type ApprovalRequest, useWaitingForMe } from '../../api/approvals';
import { organizationQueries } from '../../api/organizations';
import { useRole } from '../../api/permissions';
import { RECENT_LIMIT, transferQueries } from '../../api/transfers';
import { useWallets } from '../../api/wallets';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Money } from '../../components/Money';
import { TransfersTable } from '../../components/TransfersTable';
import { age, formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import { can, type Permission } from '../../lib/roles';
import { transferTypeWords } from '../../lib/words';
import { byKind, OUTCOME_LABEL, OUTCOMES, type Overview, overviewOf, type Totals } from './transfer-totals';
import { WalletCoverWarning } from './WalletCoverWarning';

// The chart library is the largest thing on the page: it comes after the figures, in a chunk of its own.
const DailyVolume = lazy(() => import('./DailyVolume').then((module) => ({ default: module.DailyVolume })));

const TASKS: { to: string; title: string; text: string; permission: Permission }[] = [
  {
    to: '/payments/new',
    permission: 'pay',
    title: 'Create payment',
    text: 'Debit a user or a payment customer by ACH into the app.',
  },
  {
    to: '/payouts/new',
    permission: 'pay',
    title: 'Send payout',
    text: "Pay a user to one of their saved payout methods from an app's wallet.",
  },
  {
    to: '/payout-links',
    permission: 'read',
    title: 'Payout links',
    text: 'Links that pay someone who chooses where the money goes.',
  },
  {
    to: '/addresses/new',
    title: 'Add address',
    text: "Add an address to a user's record.",
    permission: 'support',
  },
  {
    to: '/compliance/copy',
    permission: 'support',
    title: 'Copy compliance',
    text: "Copy the organization's compliance record to an app.",
  },
];

const DAY = 24 * 60 * 60 * 1000;

function TotalsTable({ label, last7, last30 }: { label: string; last7: Totals; last30: Totals }) {
  const cell = (totals: Totals, outcome: keyof Totals) => (
    <Table.Td style={{ textAlign: 'right' }}>
      <Money cents={totals[outcome].cents} />{' '}
      <Text span size="sm" c="dimmed">
        ({totals[outcome].count})
      </Text>
    </Table.Td>
  );
  return (
    <Table aria-label={label} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Outcome</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Last 7 days</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Last 30 days</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {OUTCOMES.map((outcome) => (
          <Table.Tr key={outcome}>
            <Table.Th scope="row">{OUTCOME_LABEL[outcome]}</Table.Th>
            {cell(last7, outcome)}
            {cell(last30, outcome)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function NeedsAttention({ transfers }: { transfers: Overview['attention'] }) {
  if (transfers.length === 0) {
    return <Text size="sm">No failed or returned transfers in the last 7 days.</Text>;
  }
  return (
    <TransfersTable
      label="Needs attention"
      transfers={transfers}
      columns={['party', 'created', 'status', 'returnCode', 'reason']}
      minWidth={960}
    />
  );
}

/** For an approver: how many requests wait for them, how much in all, and since when the oldest. */
function WaitingForYou({ waiting }: { waiting: readonly ApprovalRequest[] }) {
  const total = waiting.reduce((sum, request) => sum + request.amount, 0);
  const oldest = waiting.reduce(
    (first, request) => (request.created_at < first ? request.created_at : first),
    waiting[0]?.created_at ?? '',
  );
  return (
    <Text mb="sm" role="status" aria-label="Waiting for your approval">
      <Anchor component={Link} to="/approvals" fw={600}>
        {`${waiting.length} ${waiting.length === 1 ? 'request waits' : 'requests wait'} for your approval`}
      </Anchor>
      {`: ${formatCents(total)} in all; the oldest since ${formatDateTime(oldest)} (${age(oldest)}).`}
    </Text>
  );
}

/**
 * What an operator wants on opening the console: the balance, how recent payments stand, and what failed or came
 * back. The vendor's API gives no totals, so they are added up here from a bounded read of the last 30 days'
 * transfers, and the page says what they cover.
 */
export function OverviewPage() {
  const role = useRole();
  const waiting = useWaitingForMe().requests;
  const organization = useQuery(organizationQueries.current());
  const [nowMs] = useState(() => Date.now());
  const recent = useQuery(transferQueries.since(new Date(nowMs - 30 * DAY).toISOString()));
  // Money in and money out apart: payments into the app, payouts from its wallets to users, bills paid to vendors.
  const kinds = recent.data ? byKind(recent.data.transfers) : null;
  const overview = kinds ? overviewOf(kinds.payments, nowMs) : null;
  const payouts = kinds ? overviewOf(kinds.payouts, nowMs) : null;
  const bills = kinds && kinds.bills.length > 0 ? overviewOf(kinds.bills, nowMs) : null;
  const attention = recent.data ? overviewOf(recent.data.transfers, nowMs).attention : [];
  const { wallets } = useWallets();

  return (
    <Stack>
      <Title order={1}>Overview</Title>
      <WalletCoverWarning recent={recent.data?.transfers} />
      {organization.isError && <ApiErrorAlert error={organization.error} />}
      <Card withBorder role="group" aria-label="Organization">
        {organization.data ? (
          <Stack gap={4}>
            <Text fw={600}>{organization.data.name ?? 'Organization'}</Text>
            <Text size="sm" c="dimmed">
              {organization.data.id}
            </Text>
            {organization.data.balance !== null && organization.data.balance !== undefined && (
              <Text>
                Balance: <Money cents={organization.data.balance} />
              </Text>
            )}
          </Stack>
        ) : (
          <Skeleton height={60} />
        )}
      </Card>
      <Paper withBorder p="md">
        <Stack>
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4">
              Recent payments
            </Title>
            {recent.data && (
              <Text size="sm" c="dimmed">
                {recent.data.complete
                  ? `The ${recent.data.transfers.length.toLocaleString('en-US')} transfers created in the last 30 days, by where they stand now.`
                  : `The ${RECENT_LIMIT.toLocaleString('en-US')} most recent transfers of the last 30 days (there are more), by where they stand now.`}
              </Text>
            )}
          </Group>
          {recent.isError && <ApiErrorAlert error={recent.error} title="The transfers could not be read" />}
          {recent.isPending && <Skeleton height={200} />}
          {overview && (
            <>
              <TotalsTable label="Totals" last7={overview.last7} last30={overview.last30} />
              <Suspense fallback={<Skeleton height={300} />}>
                <DailyVolume daily={overview.daily} />
              </Suspense>
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack>
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4">
              Payouts
            </Title>
            <Anchor component={Link} to="/transfers?type=payout" size="sm">
              See every payout
            </Anchor>
          </Group>
          {wallets.length > 0 && (
            <Stack gap={2} role="group" aria-label="Wallets">
              {wallets.map((wallet) => (
                <Text key={wallet.appId}>
                  {`Wallet of ${wallet.appName}: `}
                  {wallet.cents === null ? 'not known' : <Money cents={wallet.cents} />}
                </Text>
              ))}
            </Stack>
          )}
          {payouts && (
            <TotalsTable label="Payouts by outcome" last7={payouts.last7} last30={payouts.last30} />
          )}
          {bills && (
            <TotalsTable
              label={`${transferTypeWords('payable')}s by outcome`}
              last7={bills.last7}
              last30={bills.last30}
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Needs attention
        </Title>
        {waiting.length > 0 && <WaitingForYou waiting={waiting} />}
        {recent.data && <NeedsAttention transfers={attention} />}
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {TASKS.filter((task) => role === null || can(role, task.permission)).map((task) => (
          <Card key={task.to} withBorder>
            <Anchor component={Link} to={task.to} fw={600}>
              {task.title}
            </Anchor>
            <Text size="sm" mt={4}>
              {task.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
