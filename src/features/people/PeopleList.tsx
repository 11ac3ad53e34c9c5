import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { runtimeConfigQuery } from '../../api/runtime-config';
import type { PeopleKind } from '../../api/search-source';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { type Column, DataTable } from '../../components/DataTable';
import { Pager, useListParams } from '../../components/keyset-pages';
import { shortId } from '../../components/SearchPicker';
import { Select } from '../../components/Select';
import { matchesSearch } from '../../lib/people-search';
import { SearchBox } from './SearchBox';

const PAGE_SIZE = 25;

export interface PeopleListProps<P extends { id: string }> {
  /** "Users": the page's title and its table's name. */
  title: string;
  /** How to list, search and name them (api/users.ts, api/customers.ts). */
  kind: PeopleKind<P>;
  /** The record a row opens. */
  href: (person: P) => string;
  /** Columns after the name, before the id. */
  columns: readonly Column<P>[];
  /** A status filter, for the kinds that have one. */
  statuses?: readonly string[];
  minWidth: number;
  /** Beside the title: the way to add one, for the roles that may. */
  action?: ReactNode;
}

/**
 * A list of people (users, payment customers): found by name, email, phone or ID, newest first, page by page, the
 * search and page in the URL; a row opens the record. The vendor's service has no search: upstream, the page in
 * hand is filtered here instead, and the page says so.
 */
export function PeopleList<P extends { id: string }>(props: PeopleListProps<P>) {
  const { title, kind, statuses } = props;
  const { get, cursors, setFilter, goTo } = useListParams();
  const search = get('q');
  const status = statuses ? get('status') : undefined;
  const upstream = useQuery(runtimeConfigQuery).data?.mode === 'upstream';
  const query = { search: upstream ? undefined : search, status, limit: PAGE_SIZE, ...cursors };
  const list = useQuery({ queryKey: [kind.key, 'list', query], queryFn: () => kind.list(query) });
  const rows = (list.data?.data ?? []).filter(
    (person) => !upstream || !search || matchesSearch(kind.searchable(person), search),
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        {props.action}
      </Group>
      <Paper withBorder p="md">
        <Group align="flex-end">
          <SearchBox value={search ?? ''} onSearch={(text) => setFilter('q', text, { replace: true })} />
          {statuses && (
            <Select
              label="Status"
              clearable
              data={statuses.map((value) => ({ value, label: value.replace('_', ' ') }))}
              value={status ?? null}
              onChange={(value) => setFilter('status', value)}
            />
          )}
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
          <Text>{search || status ? `No ${kind.plural} match.` : `No ${kind.plural} yet.`}</Text>
        ) : (
          <DataTable
            label={title}
            rows={rows}
            rowKey={(person) => person.id}
            href={props.href}
            minWidth={props.minWidth}
            columns={[
              {
                header: 'Name',
                cell: (person) => (
                  <Anchor component={Link} to={props.href(person)}>
                    {kind.option(person).name}
                  </Anchor>
                ),
              },
              ...props.columns,
              {
                header: 'ID',
                cell: (person) => (
                  <Text ff="monospace" size="sm" title={person.id}>
                    {shortId(person.id)}
                  </Text>
                ),
              },
            ]}
          />
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
