import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Tabs.css';
import { Alert, Badge, Button, Checkbox, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { type Bill, billQueries, useMyApUser } from '../../api/accounts-payable';
import { useBillsWaitingForMe } from '../../api/bills-waiting';
import { useCan } from '../../api/permissions';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Pager, useListParams } from '../../components/keyset-pages';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusBadge';
import { mayDecideBills } from '../../lib/ap-approvers';
import { BILL_TABS, type BillTab, billStatusWords, itemsSummary, whoActsNext } from '../../lib/bill-tabs';
import { age } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import { BillsPayProgress, BillsPayReview, InterruptedRun } from './BillsPayRun';
import { apRoleWords, billStatusColor } from './bill-words';
import { payableNow, type RunBill, runBillOf } from './bills-pay-run';
import { useBillsPayRun } from './use-bills-pay-run';

const PAGE = 25;

/**
 * Bills by where they stand: drafts, waiting (for anyone, or for me), ready to pay, paid, closed; in the ready tab,
 * several approved bills selected and paid as one reviewed run (use-bills-pay-run.ts).
 */
export function BillsPage() {
  const { get, cursors, setFilter, goTo } = useListParams();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const tab = (BILL_TABS.find((t) => t.value === get('tab'))?.value ?? 'drafts') as BillTab;
  const statuses = BILL_TABS.find((t) => t.value === tab)?.status ?? [];
  const { apUser, why } = useMyApUser();
  const waitingForMe = useBillsWaitingForMe();
  const approvers = useQuery(billQueries.approvers());
  const mayPay = useCan('pay');
  const mine = tab === 'mine';
  // A maker of bills or a viewer a policy names can never approve: nothing waits for them.
  const decides = apUser !== null && mayDecideBills(apUser.role);
  const bills = useQuery({
    ...billQueries.list({
      status: statuses.join(','),
      waiting_for: mine ? (apUser?.id ?? -1) : undefined,
      limit: PAGE,
      ...cursors,
    }),
    placeholderData: keepPreviousData,
    enabled: !mine || decides,
  });
  const payRun = useBillsPayRun();
  const [selected, setSelected] = useState<Map<string, RunBill>>(new Map());
  const [reviewing, setReviewing] = useState<RunBill[] | null>(null);
  const rows = bills.data?.data ?? [];
  const selecting = tab === 'approved' && mayPay && apUser !== null && !payRun.running;
  const choosable = rows.filter(payableNow);
  const toggle = (bill: Bill, on: boolean) =>
    setSelected((before) => {
      const next = new Map(before);
      if (on) next.set(bill.id, runBillOf(bill));
      else next.delete(bill.id);
      return next;
    });
  const nameOf = (id: number) => {
    const found = approvers.data?.find((a) => a.id === id);
    const name = [found?.first_name, found?.last_name].filter(Boolean).join(' ');
    return name || found?.email || `AP user ${id}`;
  };
  const total = [...selected.values()].reduce((sum, bill) => sum + bill.amount, 0);
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
      <InterruptedRun payRun={payRun} />
      <BillsPayProgress payRun={payRun} />
      <Tabs value={tab} onChange={(value) => setFilter('tab', value)}>
        <Tabs.List>
          {BILL_TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                t.value === 'mine' && waitingForMe.count > 0 ? (
                  <Badge size="sm" variant="filled" color="orange.9" aria-hidden="true">
                    {waitingForMe.label}
                  </Badge>
                ) : undefined
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {selecting && (
        <Group>
          <Button
            disabled={selected.size === 0}
            onClick={() => setReviewing([...selected.values()])}
          >{`Pay ${selected.size} selected (${formatCents(total)})`}</Button>
          {selected.size > 0 && (
            <Button variant="default" onClick={() => setSelected(new Map())}>
              Clear the selection
            </Button>
          )}
        </Group>
      )}
      {mine && !decides && apUser && (
        <Text>
          No bills wait for you: your AP user is a {apRoleWords(apUser.role ?? 'viewer')}, and only an admin
          or an approver approves bills.
        </Text>
      )}
      {bills.isError && <ApiErrorAlert error={bills.error} />}
      {bills.isPending && (!mine || decides) && <Skeleton height={160} />}
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
              minWidth={phone ? 0 : 900}
              columns={[
                ...(selecting
                  ? [
                      {
                        header: (
                          <Checkbox
                            aria-label="Select every bill on this page"
                            checked={choosable.length > 0 && choosable.every((bill) => selected.has(bill.id))}
                            onChange={(event) => {
                              for (const bill of choosable) toggle(bill, event.currentTarget.checked);
                            }}
                          />
                        ),
                        cell: (bill: Bill) =>
                          payableNow(bill) ? (
                            <Checkbox
                              aria-label={`Select bill ${bill.number}`}
                              checked={selected.has(bill.id)}
                              onChange={(event) => toggle(bill, event.currentTarget.checked)}
                            />
                          ) : null,
                      },
                    ]
                  : []),
                // At phone width what matters fits without sideways scrolling: the bill (number over vendor),
                // its amount and its status; the bill's page has the rest.
                ...(phone
                  ? [
                      {
                        header: 'Bill',
                        cell: (bill: Bill) => (
                          <>
                            <Text size="sm" fw={600}>
                              {bill.number}
                            </Text>
                            <Text size="sm">{bill.ap_vendor_name ?? '—'}</Text>
                          </>
                        ),
                      },
                    ]
                  : [
                      { header: 'Number', cell: (bill: Bill) => bill.number },
                      { header: 'Vendor', cell: (bill: Bill) => bill.ap_vendor_name ?? '—' },
                    ]),
                { header: 'Amount', numeric: true, cell: (bill: Bill) => <Money cents={bill.amount} /> },
                ...(phone ? [] : [{ header: 'Items', cell: (bill: Bill) => itemsSummary(bill.items) }]),
                {
                  header: 'Status',
                  cell: (bill: Bill) => (
                    <StatusBadge status={billStatusWords(bill.status)} color={billStatusColor(bill.status)} />
                  ),
                },
                ...(phone
                  ? []
                  : [
                      { header: 'Age', cell: (bill: Bill) => (bill.created ? age(bill.created) : '—') },
                      { header: 'Next', cell: (bill: Bill) => whoActsNext(bill, nameOf) },
                    ]),
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
      <BillsPayReview
        bills={reviewing}
        payRun={{
          ...payRun,
          start: async (chosen) => {
            setSelected(new Map());
            await payRun.start(chosen);
          },
        }}
        onBack={() => setReviewing(null)}
      />
    </Stack>
  );
}
