import '@mantine/core/styles/Tabs.css';
import { Alert, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { billQueries, useMyApUser } from '../../api/accounts-payable';
import { useCan } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Pager, useListParams } from '../../components/keyset-pages';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusBadge';
import { BILL_TABS, type BillTab, billStatusWords, itemsSummary } from '../../lib/bill-tabs';
import { age } from '../../lib/dates';

const PAGE = 25;

/** Bills by where they stand: drafts, waiting (for anyone, or for me), ready to pay, paid, closed. */
export function BillsPage() {
  const { get, cursors, setFilter, goTo } = useListParams();
  const tab = (BILL_TABS.find((t) => t.value === get('tab'))?.value ?? 'drafts') as BillTab;
  const statuses = BILL_TABS.find((t) => t.value === tab)?.status ?? [];
  const { apUser, why } = useMyApUser();
  const mayPay = useCan('pay');
  const mine = tab === 'mine';
  const bills = useQuery({
    ...billQueries.list({
      status: statuses.join(','),
      waiting_for: mine ? (apUser?.id ?? -1) : undefined,
      limit: PAGE,
      ...cursors,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = bills.data?.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Bills</Title>
        {mayPay && apUser && (
          <Button component={Link} to="/bills/new">
            New bill
          </Button>
        )}
      </Group>
      {!apUser && (
        <Alert color="yellow" title="You read bills only">
          {why ??
            'You have no AP user that acts on bills (an AP user of your email, with a role beyond viewer), so you cannot create, approve or pay them.'}
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => setFilter('tab', value)}>
        <Tabs.List>
          {BILL_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {bills.isError && <ApiErrorAlert error={bills.error} />}
      {bills.isPending && <Skeleton height={160} />}
      {bills.data &&
        (rows.length === 0 ? (
          <Text>No bills here.</Text>
        ) : (
          <>
            <DataTable
              label="Bills"
              rows={rows}
              rowKey={(bill) => bill.id}
              href={(bill) => `/bills/${bill.id}`}
              minWidth={820}
              columns={[
                { header: 'Number', cell: (bill) => bill.number },
                { header: 'Vendor', cell: (bill) => bill.ap_vendor_name ?? '—' },
                { header: 'Amount', numeric: true, cell: (bill) => <Money cents={bill.amount} /> },
                { header: 'Items', cell: (bill) => itemsSummary(bill.items) },
                {
                  header: 'Status',
                  cell: (bill) => <StatusBadge status={billStatusWords(bill.status)} />,
                },
                { header: 'Age', cell: (bill) => (bill.created ? age(bill.created) : '—') },
                {
                  header: 'Next',
                  cell: (bill) =>
                    bill.status === 'submitted_for_approval'
                      ? `Approval (${(bill.next_approvers ?? []).length} approver(s))`
                      : bill.status === 'approved' || bill.status === 'payment_failed'
                        ? 'Payment'
                        : '—',
                },
              ]}
            />
            <Pager
              cursors={cursors}
              hasMore={Boolean(bills.data.has_more)}
              firstId={rows[0]?.id}
              lastId={rows.at(-1)?.id}
              goTo={goTo}
            />
          </>
        ))}
    </Stack>
  );
}
