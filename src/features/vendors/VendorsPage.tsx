import { Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useCan } from '../../api/permissions';
import { type VendorDetail as Vendor, vendorQueries } from '../../api/vendors';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Pager, useListParams } from '../../components/keyset-pages';

/** The organization's vendors, newest first, searched by name; finance and admins add one. */
export function VendorsPage() {
  const { get, cursors, setFilter, goTo } = useListParams();
  const search = get('search') ?? '';
  const [typed, setTyped] = useState(search);
  // The URL follows the typing once it pauses, so that each letter is not a request and a page of history.
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => setFilter('search', typed.trim(), { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [typed, search, setFilter]);
  const mayPay = useCan('pay');
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const vendors = useQuery({
    ...vendorQueries.list({ search, ...cursors }),
    placeholderData: keepPreviousData,
  });
  const rows = vendors.data?.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Vendors</Title>
        {mayPay && (
          <Button component={Link} to="/vendors/new">
            New vendor
          </Button>
        )}
      </Group>
      <TextInput
        label="Search by name"
        description="Vendors whose name contains what you type"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        maw={420}
      />
      {vendors.isError && <ApiErrorAlert error={vendors.error} />}
      {vendors.isPending && <Skeleton height={160} />}
      {vendors.data &&
        (rows.length === 0 ? (
          <Text>{search ? `No vendor's name contains “${search}”.` : 'No vendors yet.'}</Text>
        ) : (
          <>
            <DataTable
              label="Vendors"
              rows={rows}
              rowKey={(vendor) => vendor.id}
              href={(vendor) => `/vendors/${vendor.id}`}
              minWidth={phone ? 0 : 640}
              // At phone width, as Bills: the vendor (name over email) and where, with no sideways scroll; the
              // vendor's page has the rest.
              columns={[
                ...(phone
                  ? [
                      {
                        header: 'Vendor',
                        cell: (vendor: Vendor) => (
                          <>
                            <Text size="sm" fw={600}>
                              {vendor.name}
                            </Text>
                            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                              {vendor.contact_email ?? '—'}
                            </Text>
                          </>
                        ),
                      },
                    ]
                  : [
                      { header: 'Name', cell: (vendor: Vendor) => vendor.name },
                      { header: 'Contact email', cell: (vendor: Vendor) => vendor.contact_email ?? '—' },
                      { header: 'External ID', cell: (vendor: Vendor) => vendor.external_id ?? '—' },
                    ]),
                {
                  header: 'Where',
                  cell: (vendor: Vendor) =>
                    [vendor.address?.city, vendor.address?.state].filter(Boolean).join(', ') || '—',
                },
              ]}
            />
            <Pager
              cursors={cursors}
              hasMore={Boolean(vendors.data.has_more)}
              firstId={rows[0]?.id}
              lastId={rows.at(-1)?.id}
              goTo={goTo}
            />
          </>
        ))}
    </Stack>
  );
}
