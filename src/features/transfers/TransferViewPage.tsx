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
import { Link, useParams } from 'wouter';
import { useCan } from '../../api/permissions';
import type { Transfer } from '../../api/schemas';
import { transferQueries } from '../../api/transfers';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { CopyableId } from '../../components/CopyableId';
import { DetailRow } from '../../components/DetailRow';
import { Money } from '../../components/Money';
import { Notice } from '../../components/Notice';
import { StatusBadge } from '../../components/StatusBadge';
import { formatMetadata, formatTimes } from './format-metadata';
import { TransactionsTable } from './TransactionsTable';

/** Exactly what happened: one transfer, its money, its payer, its history and its transactions. */
export function TransferViewPage() {
  const { transferId = '' } = useParams();
  const transfer = useQuery(transferQueries.detail(transferId));
  const data = transfer.data;

  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={1}>Transfer</Title>
        <Button variant="default" onClick={() => transfer.refetch()} loading={transfer.isFetching}>
          Refresh status
        </Button>
      </Group>
      {transfer.isError && <ApiErrorAlert error={transfer.error} />}
      {transfer.isPending && <Skeleton height={240} />}
      {data && <TransferDetails data={data} />}
    </Stack>
  );
}

function TransferDetails({ data }: { data: Transfer }) {
  const mayPay = useCan('pay');
  const created = formatTimes(data.created);
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
            <DetailRow label="Created">
              {created ? (
                <>
                  {created.local}
                  <Text size="sm" c="dimmed">
                    {created.utc}
                  </Text>
                </>
              ) : (
                '—'
              )}
            </DetailRow>
            <DetailRow label="Payer">
              {data.user_id ? (
                <>
                  User{' '}
                  <Anchor component={Link} to={`/users/${data.user_id}`} ff="monospace" size="sm">
                    {data.user_id}
                  </Anchor>
                </>
              ) : data.customer_id ? (
                <>
                  Payment customer{' '}
                  <Anchor component={Link} to={`/customers/${data.customer_id}`} ff="monospace" size="sm">
                    {data.customer_id}
                  </Anchor>
                </>
              ) : (
                '—'
              )}
            </DetailRow>
            <DetailRow label="External account">{data.external_data?.account_id ?? '—'}</DetailRow>
            <DetailRow label="External ID">{data.external_data?.external_id ?? '—'}</DetailRow>
            <DetailRow label="Platform">{data.external_data?.platform ?? '—'}</DetailRow>
            <DetailRow label="Metadata">
              <Code block>{formatMetadata(data.metadata)}</Code>
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
                  {formatTimes(entry.at)?.utc}
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
        <TransactionsTable transactions={data.transactions ?? []} />
      </Paper>
      {mayPay && (
        <Group>
          <Anchor component={Link} to="/payments/new">
            Create another payment
          </Anchor>
        </Group>
      )}
    </>
  );
}
