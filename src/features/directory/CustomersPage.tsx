import { Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { customerQueries } from '../../api/customers';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Pager, useListParams } from '../../components/keyset-pages';
import { customerName } from '../../components/pickers';
import { shortId } from '../../components/SearchPicker';
import { matchesSearch } from '../../lib/people-search';
import { formatPhone } from '../../lib/phone';
import { SearchBox } from './SearchBox';

const PAGE_SIZE = 25;

/** The organization's payment customers, people or businesses, found by name, email, phone or ID. */
export function CustomersPage() {
  const { get, cursors, setFilter, goTo } = useListParams();
  const search = get('q');
  const upstream = useQuery(runtimeConfigQuery).data?.mode === 'upstream';
  const list = useQuery(
    customerQueries.list({ search: upstream ? undefined : search, limit: PAGE_SIZE, ...cursors }),
  );
  const rows = (list.data?.data ?? []).filter(
    (customer) => !upstream || !search || matchesSearch(customer, search),
  );

  return (
    <Stack>
      <Title order={1}>Payment customers</Title>
      <Paper withBorder p="md">
        <SearchBox value={search ?? ''} onSearch={(text) => setFilter('q', text, { replace: true })} />
        {upstream && (
          <Text size="sm" c="dimmed" mt="xs">
            The service cannot search: the search filters the page shown.
          </Text>
        )}
      </Paper>
      {list.isError && <ApiErrorAlert error={list.error} />}
      {list.isPending && <Skeleton height={200} />}
      {list.data &&
        (rows.length === 0 ? (
          <Text>{search ? 'No payment customers match.' : 'No payment customers yet.'}</Text>
        ) : (
          <Table.ScrollContainer type="native" minWidth={680}>
            <Table aria-label="Payment customers" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>ID</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/customers/${customer.id}`}>
                        {customerName(customer)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{customer.email ?? '—'}</Table.Td>
                    <Table.Td>{formatPhone(customer.country_code, customer.phone_number) || '—'}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm" title={customer.id}>
                        {shortId(customer.id)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <Pager
        cursors={cursors}
        hasMore={Boolean(list.data?.has_more)}
        firstId={list.data?.data[0]?.id}
        lastId={list.data?.data.at(-1)?.id}
        goTo={goTo}
      />
    </Stack>
  );
}
