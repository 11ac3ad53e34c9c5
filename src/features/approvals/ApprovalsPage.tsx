import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { type ApprovalRequest, approvalQueries } from '../../api/approvals';
import { useBillsWaitingForMe } from '../../api/bills-waiting';
import { ledgerQueries } from '../../api/ledger';
import { useIsLive } from '../../api/live-changes';
import { useRole } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ApprovalStatusBadge } from '../../components/ApprovalStatusBadge';
import { type Column, DataTable } from '../../components/DataTable';
import { Money } from '../../components/Money';
import { isInMotion } from '../../lib/approval-rules';
import { age, formatDateTime } from '../../lib/dates';
import { moveSummary } from './move-summary';
import { PayeeRequests } from './PayeeRequests';
import { PayerName } from './PayerName';
import { TeamRequests } from './TeamRequests';
import { VendorMethodChanges } from './VendorMethodChanges';

/** The list refreshes itself while anything in it is waiting or being paid: a decision shows without a reload. */
const REFRESH_MS = 5000;

/** A wallet move by its kind, wallet, bank account and amount (the Treasury's list of apps names them). */
function MoveWords({ request }: { request: ApprovalRequest }) {
  const wallets = useQuery(ledgerQueries.wallets());
  if (!('move' in request.body)) return null;
  return <>{moveSummary(request.body, request.amount, wallets.data?.apps ?? [])}</>;
}

/** Who pays (a payment) or is paid (a payout), by name; a wallet move by what it is; a file by its count. */
function whoPays(request: ApprovalRequest) {
  if ('payment' in request.body) return <PayerName body={request.body.payment} />;
  if ('move' in request.body) return <MoveWords request={request} />;
  if ('payout' in request.body)
    return (
      <>
        Payout to <PayerName body={request.body.payout} />
      </>
    );
  return `${request.count.toLocaleString('en-US')} ${'payouts' in request.body ? 'payouts' : 'payments'} (a file)`;
}

/** A list of requests, each opening its page: how much, for whom, by whom, then what the list says of each. */
function RequestsTable({
  label,
  rows,
  then,
}: {
  label: string;
  rows: readonly ApprovalRequest[];
  then: Column<ApprovalRequest>[];
}) {
  return (
    <DataTable
      label={label}
      rows={rows}
      rowKey={(r) => r.id}
      href={(r) => `/approvals/${r.id}`}
      minWidth={760}
      columns={[
        { header: 'Amount', numeric: true, cell: (r) => <Money cents={r.amount} /> },
        { header: 'What moves', cell: whoPays },
        { header: 'Maker', cell: (r) => r.maker?.name ?? r.maker_id },
        ...then,
      ]}
    />
  );
}

/** Requests waiting for a decision (finance and admin), the team's changes waiting (admins), then the recent ones. */
export function ApprovalsPage() {
  // While the stream of changes is live, the list is read again when a request changes, not on a timer.
  const live = useIsLive();
  const all = useQuery({
    ...approvalQueries.list(),
    refetchInterval: (query) =>
      !live && (query.state.data?.data ?? []).some((r) => isInMotion(r.status)) ? REFRESH_MS : false,
  });
  const requests = all.data?.data ?? [];
  const waiting = requests.filter((r) => r.status === 'pending');
  const others = requests.filter((r) => r.status !== 'pending').slice(0, 20);
  const admin = useRole() === 'admin';
  return (
    <Stack>
      <Title order={1}>Approvals</Title>
      <Text c="dimmed">
        Money above your organization&apos;s limit waits here for a member other than its maker.
      </Text>
      <BillsWaiting />
      {all.isError && <ApiErrorAlert error={all.error} />}
      {all.isPending && <Skeleton height={120} />}
      {all.data &&
        (waiting.length === 0 ? (
          <Text>Nothing waits for approval.</Text>
        ) : (
          <RequestsTable
            label="Waiting for approval"
            rows={waiting}
            then={[
              {
                header: 'Waiting',
                cell: (r) => `${age(r.created_at)} (since ${formatDateTime(r.created_at)})`,
              },
            ]}
          />
        ))}
      <PayeeRequests />
      <VendorMethodChanges />
      {admin && <TeamRequests />}
      {others.length > 0 && (
        <>
          <Title order={2} size="h4">
            Recent requests
          </Title>
          <RequestsTable
            label="Recent requests"
            rows={others}
            then={[
              { header: 'Status', cell: (r) => <ApprovalStatusBadge status={r.status} /> },
              { header: 'Last change', cell: (r) => formatDateTime(r.updated_at ?? r.created_at) },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * Bills are approved on their own page, by their policy's steps: a member who comes here to approve one is told how
 * many wait for them and taken there, rather than reading "Nothing waits" beside the navigation's count.
 */
function BillsWaiting() {
  const bills = useBillsWaitingForMe();
  if (bills.count === 0) return null;
  return (
    <Text>
      {`${bills.count === 1 ? '1 bill waits' : `${bills.label} bills wait`} for your approval, on their own page: `}
      <Anchor component={Link} to="/bills?tab=mine" underline="always">
        Bills waiting for me
      </Anchor>
    </Text>
  );
}
