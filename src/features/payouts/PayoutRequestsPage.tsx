import { Anchor, Badge, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { type PayoutRequest, payoutQueries } from '../../api/payouts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Pager, useListParams } from '../../components/keyset-pages';
import { Money } from '../../components/Money';
import { age, formatDateTime } from '../../lib/dates';
import { fullName } from '../../lib/names';

const PAGE = 25;

const STATUS: Record<string, { label: string; color: string }> = {
  created: { label: 'Waiting', color: 'blue.8' },
  approved: { label: 'Approved', color: 'teal.9' },
  rejected: { label: 'Rejected', color: 'red.9' },
};

function RequestStatus({ status }: { status: string }) {
  const shown = STATUS[status] ?? { label: status, color: 'gray.8' };
  return (
    <Badge color={shown.color} variant="filled">
      <VisuallyHidden>Status: </VisuallyHidden>
      {shown.label}
    </Badge>
  );
}

function payee(request: PayoutRequest) {
  if (request.user) {
    return (
      <Anchor component={Link} to={`/users/${request.user.id}`}>
        {fullName(request.user) || request.user.email || request.user.id}
      </Anchor>
    );
  }
  if (request.payee?.phone_number)
    return `+${request.payee.country_code ?? '1'} ${request.payee.phone_number}`;
  return '—';
}

/**
 * Payout requests, as the service holds them: payee, amount, age and status. The service decides them (its own
 * dashboard, or the sandbox's helper); an approved one shows the payout link it sent.
 */
export function PayoutRequestsPage() {
  const { cursors, goTo } = useListParams();
  const requests = useQuery({
    ...payoutQueries.requests({ limit: PAGE, ...cursors }),
    placeholderData: keepPreviousData,
  });
  const rows = requests.data?.data ?? [];
  return (
    <Stack>
      <Title order={1}>Payout requests</Title>
      <Text c="dimmed">
        Payees asking to be paid. The service approves or rejects each; an approved request sends a payout
        link.
      </Text>
      {requests.isError && <ApiErrorAlert error={requests.error} />}
      {requests.isPending && <Skeleton height={160} />}
      {requests.data &&
        (rows.length === 0 ? (
          <Text>No payout requests.</Text>
        ) : (
          <>
            <DataTable
              label="Payout requests"
              rows={rows}
              rowKey={(request) => request.id}
              minWidth={760}
              columns={[
                { header: 'Status', cell: (request) => <RequestStatus status={request.status} /> },
                { header: 'Payee', cell: payee },
                { header: 'Amount', numeric: true, cell: (request) => <Money cents={request.amount} /> },
                {
                  header: 'Age',
                  cell: (request) =>
                    request.created ? `${age(request.created)} (${formatDateTime(request.created)})` : '—',
                },
                { header: 'Memo', cell: (request) => request.memo ?? '' },
                {
                  header: 'Payout link',
                  cell: (request) =>
                    request['payout-link'] ? (
                      <Anchor component={Link} to={`/payout-links/${request['payout-link'].id}`}>
                        See the link
                      </Anchor>
                    ) : (
                      ''
                    ),
                },
              ]}
            />
            <Pager
              cursors={cursors}
              hasMore={Boolean(requests.data.has_more)}
              firstId={rows[0]?.id}
              lastId={rows.at(-1)?.id}
              goTo={goTo}
            />
          </>
        ))}
    </Stack>
  );
}
