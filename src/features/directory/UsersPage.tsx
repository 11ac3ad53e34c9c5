import { Anchor, Badge, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { userQueries } from '../../api/users';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Pager, useListParams } from '../../components/keyset-pages';
import { searchableUser } from '../../components/pickers';
import { shortId } from '../../components/SearchPicker';
import { matchesSearch } from '../../lib/people-search';
import { formatPhone } from '../../lib/phone';
import { SearchBox } from './SearchBox';

const PAGE_SIZE = 25;
export const USER_STATUSES = ['verified', 'unverified', 'in_review', 'disabled'] as const;
const STATUS_COLOR: Record<string, string> = {
  verified: 'teal.9',
  unverified: 'gray.8',
  in_review: 'violet.9',
  disabled: 'red.9',
};

/** The organization's users: found by name, email, phone or ID, filtered by status, newest first, page by page. */
export function UsersPage() {
  const { get, cursors, setFilter, goTo } = useListParams();
  const search = get('q');
  const status = get('status');
  // The vendor's service has no search: upstream, the page in hand is filtered here instead (and says so).
  const upstream = useQuery(runtimeConfigQuery).data?.mode === 'upstream';
  const list = useQuery(
    userQueries.list({ search: upstream ? undefined : search, status, limit: PAGE_SIZE, ...cursors }),
  );
  const rows = (list.data?.data ?? []).filter(
    (user) => !upstream || !search || matchesSearch(searchableUser(user), search),
  );

  return (
    <Stack>
      <Title order={1}>Users</Title>
      <Paper withBorder p="md">
        <Group align="flex-end">
          <SearchBox value={search ?? ''} onSearch={(text) => setFilter('q', text, { replace: true })} />
          <Select
            label="Status"
            clearable
            data={USER_STATUSES.map((value) => ({ value, label: value.replace('_', ' ') }))}
            value={status ?? null}
            onChange={(value) => setFilter('status', value)}
          />
        </Group>
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
          <Text>{search || status ? 'No users match.' : 'No users yet.'}</Text>
        ) : (
          <Table.ScrollContainer type="native" minWidth={760}>
            <Table aria-label="Users" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>ID</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/users/${user.id}`}>
                        {[user.first_name, user.last_name].filter(Boolean).join(' ') || 'Unnamed user'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{user.email ?? '—'}</Table.Td>
                    <Table.Td>
                      {formatPhone(user.phone_number?.country_code, user.phone_number?.phone_number) || '—'}
                    </Table.Td>
                    <Table.Td>
                      {user.status ? (
                        <Badge color={STATUS_COLOR[user.status] ?? 'gray.8'} variant="filled">
                          {user.status.replace('_', ' ')}
                        </Badge>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm" title={user.id}>
                        {shortId(user.id)}
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
