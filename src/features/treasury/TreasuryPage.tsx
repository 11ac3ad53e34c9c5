import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Badge, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { ledgerQueries, listTransactions, type Wallets } from '../../api/ledger';
import { useRole } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Money } from '../../components/Money';
import { dailyBalances } from '../../lib/daily-balances';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import { can } from '../../lib/roles';
import { bankAccountWords } from '../../lib/words';
import { MoveAppWallet } from './MoveAppWallet';
import { MoveOrganizationWallet } from './MoveOrganizationWallet';
import { RefillSettings } from './RefillSettings';
import { SetBankAccount } from './SetBankAccount';

const BalanceChart = lazy(() =>
  import('./BalanceChart').then((module) => ({ default: module.BalanceChart })),
);

const DAY = 86_400_000;

/** The last 30 days' lines of one wallet, at most 1,000 (ten pages): what its chart is drawn from. */
async function recentLines(walletId: string) {
  const since = new Date(Date.now() - 30 * DAY).toISOString();
  const lines: { created?: string | null; amount: number }[] = [];
  let after: string | undefined;
  for (let page = 0; page < 10; page++) {
    const read = await listTransactions({
      wallet_id: walletId,
      start_date: since,
      limit: 100,
      starting_after: after,
    });
    lines.push(...read.data.map((line) => ({ created: line.created, amount: Number(line.amount) })));
    const last = read.data.at(-1)?.id;
    if (!read.has_more || last === undefined) break;
    after = String(last);
  }
  return lines;
}

/** The app's bank account, masked; for a role that pays, deposits from it and withdrawals to it, or setting one. */
function AppAccount({ app }: { app: Wallets['apps'][number] }) {
  // The wallets say whether the app has an account (a sandbox extension); upstream it is asked for app by app.
  const listed = app.ach_account !== undefined;
  const account = useQuery({ ...ledgerQueries.achAccount(app.id), enabled: !listed });
  const role = useRole();
  const pays = role === null || can(role, 'pay');
  const known = listed ? app.ach_account : account.data;
  if (!listed && account.isPending) return <Skeleton height={18} width={160} />;
  if (!known) return pays ? <SetBankAccount app={app} /> : <Text c="dimmed">No bank account</Text>;
  const label = bankAccountWords(known);
  return (
    <>
      <Text>{`Bank account: ${label}`}</Text>
      {pays && (
        <>
          <MoveAppWallet app={app} account={label} />
          <RefillSettings app={app} />
        </>
      )}
    </>
  );
}

function WalletChart({ walletId, name, balance }: { walletId: string; name: string; balance: number }) {
  const lines = useQuery({
    queryKey: ['transactions', 'recent', walletId],
    queryFn: () => recentLines(walletId),
  });
  if (!lines.data) return <Skeleton height={220} />;
  return (
    <Suspense fallback={<Skeleton height={220} />}>
      <BalanceChart name={name} days={dailyBalances(balance, lines.data, 30, Date.now())} />
    </Suspense>
  );
}

/**
 * The treasury a finance lead opens every morning: each wallet (the organization's own and each app's), what is on
 * its way in, each app's bank account (masked), and each wallet's balance over 30 days drawn from the ledger.
 */
/**
 * What of the balance the app may spend now, and the payments counted in it whose money has not arrived yet (where
 * the service says so: the sandbox's wallets list does, the vendor's does not).
 */
function Spendable({ app }: { app: Wallets['apps'][number] }) {
  if (app.withdrawable_amount === null || app.withdrawable_amount === undefined) return null;
  const count = app.pending_payment_count ?? 0;
  return (
    <Stack gap={2}>
      <Text>
        {'Spendable now: '}
        <Money cents={app.withdrawable_amount} />
      </Text>
      {count > 0 ? (
        <Text size="sm">
          {`Payments on their way (${count.toLocaleString('en-US')}): `}
          <Money cents={app.pending_payments ?? 0} />
          {' · counted in the balance, spendable once they arrive'}
        </Text>
      ) : (
        <Text size="sm">No payments on their way</Text>
      )}
    </Stack>
  );
}

/** Each deposit on its way into an app's wallet, oldest first, opening its transfer. */
function PendingDeposits({ app }: { app: Wallets['apps'][number] }) {
  if (app.pending_deposit_count === 0) return <Text>No deposits pending</Text>;
  return (
    <Stack gap={2}>
      <Text>
        {`Pending deposits (${app.pending_deposit_count}): `}
        <Money cents={app.pending_deposits} />
      </Text>
      {app.pending && app.pending.length > 0 && (
        <List size="sm" aria-label={`Pending deposits of ${app.name}`}>
          {app.pending.map((deposit) => (
            <List.Item key={deposit.id}>
              <Money cents={deposit.amount} />
              {` · ${deposit.status}${deposit.auto_refill ? ' · auto-refill' : ''}${deposit.created ? ` · ${formatDateTime(deposit.created)}` : ''} · `}
              <Link
                href={`/transfers/${deposit.id}`}
                // Each of the list's links says which deposit it opens; the visible words stay short.
                aria-label={`Open deposit of ${formatCents(deposit.amount)}${deposit.created ? `, ${formatDateTime(deposit.created)}` : ''}`}
              >
                Open deposit
              </Link>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

export function TreasuryPage() {
  const role = useRole();
  const wallets = useQuery(ledgerQueries.wallets());
  // A read again that fails leaves what is shown, and every form on it, in place: it says so above them.
  if (wallets.isError && !wallets.data) {
    return (
      <Stack>
        <Title order={1}>Treasury</Title>
        <ApiErrorAlert error={wallets.error} />
        <Alert color="gray" title="Wallets">
          The service did not list the wallets here: the Apps page shows each app&apos;s balance.
        </Alert>
      </Stack>
    );
  }
  const data = wallets.data;
  return (
    <Stack>
      <Title order={1}>Treasury</Title>
      {wallets.isError && <ApiErrorAlert error={wallets.error} title="The wallets could not be read again" />}
      {!data && <Skeleton height={200} />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper
              withBorder
              p="md"
              component="section"
              aria-label={`${data.organization.name} (organization) wallet`}
            >
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {`${data.organization.name} (organization)`}
                </Title>
                <Text size="xl" fw={700}>
                  <Money cents={data.organization.balance} />
                </Text>
                {data.organization.balance < 0 && <Badge color="red">Short</Badge>}
                {(role === null || can(role, 'pay')) && data.apps.length > 0 && (
                  <MoveOrganizationWallet organization={data.organization} apps={data.apps} />
                )}
              </Stack>
            </Paper>
            {data.apps.map((app) => (
              <Paper key={app.id} withBorder p="md" component="section" aria-label={`${app.name} wallet`}>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {app.name}
                  </Title>
                  <Group gap="xs">
                    <Text size="xl" fw={700}>
                      <Money cents={app.balance} />
                    </Text>
                    {app.balance < 0 && <Badge color="red">Short</Badge>}
                  </Group>
                  <Spendable app={app} />
                  <PendingDeposits app={app} />
                  <AppAccount app={app} />
                  <Link href={`/ledger?wallet_id=${app.id}`}>{`Ledger of ${app.name}`}</Link>
                </Stack>
              </Paper>
            ))}
            {data.users && (
              <Paper withBorder p="md" component="section" aria-label="Users' wallets">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {`Users' wallets (${data.users.count.toLocaleString('en-US')})`}
                  </Title>
                  <Text size="xl" fw={700}>
                    <Money cents={data.users.balance} />
                  </Text>
                  <Text size="sm" c="dimmed">
                    Money paid to users and not yet paid out: part of the ledger of all wallets.
                  </Text>
                  <Link href="/ledger">Ledger of all wallets</Link>
                </Stack>
              </Paper>
            )}
          </SimpleGrid>
          {data.apps.map((app) => (
            <Paper key={app.id} withBorder p="md">
              <WalletChart walletId={app.id} name={app.name} balance={app.balance} />
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
