import '@mantine/core/styles/Timeline.css';
import {
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { customerQueries } from '../../api/customers';
import { useCan } from '../../api/permissions';
import type { Transfer } from '../../api/schemas';
import { transferQueries } from '../../api/transfers';
import { userQueries } from '../../api/users';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { CopyableId } from '../../components/CopyableId';
import { DetailRow } from '../../components/DetailRow';
import { Money } from '../../components/Money';
import { Notice, type NoticeTone } from '../../components/Notice';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../lib/dates';
import { describeAccount } from '../../lib/mask';
import { displayName } from '../../lib/names';
import { formatMetadata } from './format-metadata';
import { type PaymentMoneyState, paymentMoneyWords } from './money-on-its-way';
import { TransactionsTable } from './TransactionsTable';

/** Exactly what happened: one transfer, its money, its payer, its history and its transactions. */
export function TransferViewPage() {
  const { transferId = '' } = useParams();
  const transfer = useQuery(transferQueries.detail(transferId));
  const data = transfer.data;
  // What a refresh found, so that a click that changed nothing still answers.
  const [refreshed, setRefreshed] = useState<string | null>(null);
  const refresh = async () => {
    const before = data?.status;
    setRefreshed(null);
    const after = await transfer.refetch();
    if (!after.data) return;
    const at = formatDateTime(new Date().toISOString());
    setRefreshed(
      after.data.status === before
        ? `No change: still ${after.data.status} (checked ${at}).`
        : `The status changed: ${before ?? 'unknown'} to ${after.data.status} (checked ${at}).`,
    );
  };

  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={1}>Transfer</Title>
        <Button variant="default" onClick={() => void refresh()} loading={transfer.isFetching}>
          Refresh status
        </Button>
      </Group>
      {refreshed && (
        <Text role="status" size="sm">
          {refreshed}
        </Text>
      )}
      {transfer.isError && <ApiErrorAlert error={transfer.error} />}
      {transfer.isPending && <Skeleton height={240} />}
      {data && <TransferDetails data={data} />}
    </Stack>
  );
}

/** Who paid (or was paid): by name and email, linked to their record; the id beside it for a ticket. */
function Party({ transfer }: { transfer: Transfer }) {
  const user = useQuery({
    ...userQueries.detail(transfer.user_id ?? ''),
    enabled: Boolean(transfer.user_id),
  });
  const customer = useQuery({
    ...customerQueries.detail(transfer.customer_id ?? ''),
    enabled: !transfer.user_id && Boolean(transfer.customer_id),
  });
  const person = user.data ?? customer.data;
  const to = transfer.user_id
    ? `/users/${transfer.user_id}`
    : transfer.customer_id
      ? `/customers/${transfer.customer_id}`
      : null;
  if (!to) return <>—</>;
  return (
    <>
      <Anchor component={Link} to={to} fw={600}>
        {person ? displayName(person) : (transfer.user_id ?? transfer.customer_id)}
      </Anchor>
      {person?.email && <Text span>{` · ${person.email}`}</Text>}
      <Text size="sm" c="dimmed">
        {transfer.user_id ? 'User' : 'Payment customer'}{' '}
        <code>{transfer.user_id ?? transfer.customer_id}</code>
      </Text>
    </>
  );
}

/** The account, masked ("Checking •••• 2559"): as the service says it, else the user's stored account of that id. */
function AccountOf({ transfer }: { transfer: Transfer }) {
  const external = transfer.external_data;
  const methods = useQuery({
    ...userQueries.payoutMethods(transfer.user_id ?? ''),
    enabled: Boolean(transfer.user_id) && !external?.account_mask,
  });
  if (external?.account_mask) return <>{describeAccount(external.account_type, external.account_mask)}</>;
  const stored = methods.data?.find((method) => method.id === external?.account_id);
  if (stored?.mask) return <>{describeAccount(stored.account_type, stored.mask)}</>;
  return <>{external?.account_id ?? '—'}</>;
}

const TONE_OF: Record<PaymentMoneyState, NoticeTone> = {
  'on-its-way': 'info',
  arrived: 'success',
  'taken-back': 'warning',
};

/** What the payment's transaction means for the app's wallet: counted, spendable, or taken back, in words. */
function PaymentMoney({ transfer }: { transfer: Transfer }) {
  const words = paymentMoneyWords(transfer);
  if (!words) return null;
  return (
    <Notice tone={TONE_OF[words.state]} title={words.title} role="status" mb="sm">
      {words.text}
    </Notice>
  );
}

function TransferDetails({ data }: { data: Transfer }) {
  const mayPay = useCan('pay');
  return (
    <>
      {data.failure_reason && (
        <Notice tone="danger" title={`ACH return ${data.failure_reason.code}`} role="alert">
          {data.failure_reason.message}
        </Notice>
      )}
      <Paper withBorder p="md">
        <Table variant="vertical" aria-label="Transfer details">
          <Table.Tbody>
            <DetailRow label="Transfer ID">
              <CopyableId id={data.id} label="transfer ID" />
            </DetailRow>
            <DetailRow label="Status">
              <StatusBadge status={data.status} />
            </DetailRow>
            <DetailRow label="Type">{data.type ?? '—'}</DetailRow>
            <DetailRow label="Amount">
              <Text fw={700} span>
                <Money cents={data.amount} />
              </Text>
            </DetailRow>
            <DetailRow label="Created">{formatDateTime(data.created)}</DetailRow>
            <DetailRow label={data.type === 'payout' ? 'Payee' : 'Payer'}>
              <Party transfer={data} />
            </DetailRow>
            <DetailRow label={data.type === 'payout' ? 'To account' : 'From account'}>
              <AccountOf transfer={data} />
            </DetailRow>
            <DetailRow label="External ID">{data.external_data?.external_id ?? '—'}</DetailRow>
            <DetailRow label="Platform">{data.external_data?.platform ?? '—'}</DetailRow>
            <DetailRow label="Metadata">
              {/* Its lines wrap: a long id in the metadata would otherwise widen the record past a phone's screen. */}
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {formatMetadata(data.metadata)}
              </Code>
            </DetailRow>
          </Table.Tbody>
        </Table>
      </Paper>
      {data.status_history && data.status_history.length > 0 && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Status history
          </Title>
          <Timeline
            active={data.status_history.length - 1}
            bulletSize={14}
            role="group"
            aria-label="Status history"
          >
            {data.status_history.map((entry) => (
              <Timeline.Item key={`${entry.status}-${entry.at}`} title={entry.status}>
                <Text size="sm" c="dimmed">
                  {formatDateTime(entry.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Transactions
        </Title>
        <PaymentMoney transfer={data} />
        <TransactionsTable transactions={data.transactions ?? []} />
      </Paper>
      {mayPay && <NextStep transfer={data} />}
    </>
  );
}

/**
 * What a paying member does next, by what this transfer was: another payout to the same payee, or another payment
 * from the same payer, the form filled with them. (Viewers and support are offered neither: they cannot pay.)
 */
function NextStep({ transfer }: { transfer: Transfer }) {
  const user = useQuery({
    ...userQueries.detail(transfer.user_id ?? ''),
    enabled: Boolean(transfer.user_id),
  });
  const customer = useQuery({
    ...customerQueries.detail(transfer.customer_id ?? ''),
    enabled: !transfer.user_id && Boolean(transfer.customer_id),
  });
  const person = user.data ?? customer.data;
  const name = person ? ` ${transfer.type === 'payout' ? 'to' : 'from'} ${displayName(person)}` : '';
  let next: { to: string; label: string } | null = null;
  if (transfer.type === 'payout' && transfer.user_id) {
    next = { to: `/payouts/new?user_id=${transfer.user_id}`, label: `Send another payout${name}` };
  } else if (transfer.type === 'payment' && transfer.user_id) {
    next = { to: `/payments/new?user_id=${transfer.user_id}`, label: `Create another payment${name}` };
  } else if (transfer.type === 'payment' && transfer.customer_id) {
    next = {
      to: `/payments/new?customer_id=${transfer.customer_id}`,
      label: `Create another payment${name}`,
    };
  }
  if (!next) return null;
  return (
    <Group>
      <Anchor component={Link} to={next.to}>
        {next.label}
      </Anchor>
    </Group>
  );
}
