import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { approvalQueries } from '../../api/approvals';
import { useRole } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Money } from '../../components/Money';
import { age } from '../../lib/dates';
import { PayerName } from './PayerName';
import { TeamRequests } from './TeamRequests';

/** Requests waiting for a decision (finance and admin), then the recent ones decided. */
export function ApprovalsPage() {
  const pending = useQuery(approvalQueries.list('pending'));
  const all = useQuery(approvalQueries.list());
  const decided = (all.data?.data ?? []).filter((r) => r.status !== 'pending').slice(0, 20);
  const rows = pending.data?.data ?? [];
  const admin = useRole() === 'admin';
  return (
    <Stack>
      <Title order={1}>Approvals</Title>
      <Text c="dimmed">
        Money above your organization&apos;s limit waits here for a member other than its maker.
      </Text>
      {pending.isError && <ApiErrorAlert error={pending.error} />}
      {pending.isPending && <Skeleton height={120} />}
      {pending.data &&
        (rows.length === 0 ? (
          <Text>Nothing waits for approval.</Text>
        ) : (
          <DataTable
            label="Waiting for approval"
            rows={rows}
            rowKey={(r) => r.id}
            href={(r) => `/approvals/${r.id}`}
            minWidth={720}
            columns={[
              { header: 'Amount', numeric: true, cell: (r) => <Money cents={r.amount} /> },
              {
                header: 'Payer',
                cell: (r) =>
                  'payment' in r.body ? <PayerName body={r.body.payment} /> : `${r.count} payments (a file)`,
              },
              { header: 'Maker', cell: (r) => r.maker?.name ?? r.maker_id },
              { header: 'Waiting', cell: (r) => age(r.created_at) },
            ]}
          />
        ))}
      {admin && <TeamRequests />}
      {decided.length > 0 && (
        <>
          <Title order={2} size="h4">
            Recently decided
          </Title>
          <DataTable
            label="Recently decided"
            rows={decided}
            rowKey={(r) => r.id}
            href={(r) => `/approvals/${r.id}`}
            minWidth={720}
            columns={[
              { header: 'Amount', numeric: true, cell: (r) => <Money cents={r.amount} /> },
              { header: 'Maker', cell: (r) => r.maker?.name ?? r.maker_id },
              { header: 'Status', cell: (r) => r.status },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
