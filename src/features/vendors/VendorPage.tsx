import { Anchor, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { billQueries } from '../../api/accounts-payable';
import { useCan } from '../../api/permissions';
import { useDeleteVendor, vendorQueries } from '../../api/vendors';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { DetailRow } from '../../components/DetailRow';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusBadge';
import { billStatusWords } from '../../lib/bill-tabs';
import { formatCents } from '../../lib/money';
import { countOf } from '../../lib/words';
import { VendorMethods } from './VendorMethods';

/** What is still to pay: a bill that is neither paid nor canceled. */
const UNPAID = new Set(['created', 'submitted_for_approval', 'approved', 'rejected', 'payment_failed']);

function VendorBills({ vendorId }: { vendorId: string }) {
  const bills = useQuery(billQueries.list({ ap_vendor_id: vendorId, limit: 100 }));
  const rows = bills.data?.data ?? [];
  const counted = rows.filter((b) => b.status !== 'canceled');
  const total = counted.reduce((sum, b) => sum + b.amount, 0);
  const unpaid = rows.filter((b) => UNPAID.has(b.status)).reduce((sum, b) => sum + b.amount, 0);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Bills
      </Title>
      {bills.isError && <ApiErrorAlert error={bills.error} />}
      {bills.isPending && <Skeleton height={80} />}
      {bills.data &&
        (rows.length === 0 ? (
          <Text>No bills from this vendor.</Text>
        ) : (
          <>
            <Text aria-label="Bills' total">
              {countOf(counted.length, 'bill')} not canceled, {formatCents(total)} in all;{' '}
              {formatCents(unpaid)} still to pay
              {bills.data.has_more ? ' (the newest 100)' : ''}.
            </Text>
            <DataTable
              label="Bills of this vendor"
              rows={rows}
              rowKey={(b) => b.id}
              href={(b) => `/bills/${b.id}`}
              minWidth={520}
              columns={[
                { header: 'Number', cell: (b) => b.number },
                { header: 'Amount', numeric: true, cell: (b) => <Money cents={b.amount} /> },
                { header: 'Status', cell: (b) => <StatusBadge status={billStatusWords(b.status)} /> },
              ]}
            />
          </>
        ))}
    </Stack>
  );
}

/** A vendor: who and where, its bank accounts (masked), its bills and their total; finance deletes one paid up. */
export function VendorPage() {
  const { vendorId = '' } = useParams<{ vendorId: string }>();
  const [, navigate] = useLocation();
  const vendor = useQuery(vendorQueries.one(vendorId));
  const mayPay = useCan('pay');
  const remove = useDeleteVendor(vendorId);
  const [asking, setAsking] = useState(false);
  if (vendor.isPending) return <Skeleton height={240} />;
  // A read again that fails keeps the page (and an open dialog) as it was.
  if (vendor.isError && !vendor.data) return <ApiErrorAlert error={vendor.error} />;
  const v = vendor.data;
  const address = v.address;
  return (
    <Stack>
      <Title order={1}>{v.name}</Title>
      <Anchor component={Link} to="/vendors">
        All vendors
      </Anchor>
      <Table variant="vertical" withTableBorder aria-label="Vendor" maw={640}>
        <Table.Tbody>
          <DetailRow label="Contact email">{v.contact_email ?? '—'}</DetailRow>
          <DetailRow label="External ID">{v.external_id ?? '—'}</DetailRow>
          <DetailRow label="Address">
            {address
              ? [address.line_1, address.line_2, [address.city, address.state, address.postcode].join(' ')]
                  .filter(Boolean)
                  .join(', ')
              : '—'}
          </DetailRow>
        </Table.Tbody>
      </Table>
      <VendorMethods vendorId={vendorId} />
      <VendorBills vendorId={vendorId} />
      {mayPay && (
        <Stack gap={4} align="flex-start">
          <Group>
            <Button variant="default" onClick={() => setAsking(true)}>
              Delete vendor
            </Button>
          </Group>
          {remove.isError && <ApiErrorAlert error={remove.error} title="The vendor was not deleted" />}
        </Stack>
      )}
      <ConfirmDialog
        opened={asking}
        title={`Delete ${v.name}?`}
        confirmLabel={`Delete ${v.name}`}
        dismissLabel="Keep the vendor"
        danger
        pending={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate('/vendors'),
            onSettled: () => setAsking(false),
          })
        }
      >
        A vendor with a bill still to pay cannot be deleted: pay or cancel its bills first.
      </ConfirmDialog>
    </Stack>
  );
}
