import { Box, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { TransferListQuery } from '../../api/transfers';
import { transferQueries } from '../../api/transfers';
import { useUserSource } from '../../api/users';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Pager, useListParams } from '../../components/keyset-pages';
import { SearchPicker } from '../../components/SearchPicker';
import { Select } from '../../components/Select';
import { TransfersTable } from '../../components/TransfersTable';
import { TRANSFER_STATUSES, TRANSFER_TYPES } from '../../lib/transfer-states';
import { isUuid } from '../../lib/uuid';

const PAGE_SIZE = 20;
export function TransferFinderPage() {
  const users = useUserSource();
  const { get, cursors, setFilter, goTo } = useListParams();
  const [, navigate] = useLocation();
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  const query: TransferListQuery = {
    user_id: get('user_id'),
    status: get('status'),
    type: get('type'),
    start_date: get('start_date'),
    end_date: get('end_date'),
    reverse_order: get('order') === 'oldest' ? true : undefined,
    ...cursors,
    limit: PAGE_SIZE,
  };
  const list = useQuery(transferQueries.list(query));
  const rows = list.data?.data ?? [];

  return (
    <Stack>
      <Title order={1}>Transfers</Title>
      <Paper withBorder p="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const id = pasted.trim().toLowerCase();
            if (!isUuid(id)) return setPasteError('A transfer ID is a UUID');
            navigate(`/transfers/${id}`);
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Transfer ID"
              value={pasted}
              onChange={(event) => {
                setPasted(event.currentTarget.value);
                setPasteError(null);
              }}
              error={pasteError}
              style={{ flex: 1 }}
            />
            <Button type="submit">Open transfer</Button>
          </Group>
        </form>
      </Paper>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm">
          <Box miw={280}>
            <SearchPicker
              source={users}
              label="Filter by user"
              value={query.user_id ?? ''}
              onChange={(id) => setFilter('user_id', id)}
            />
          </Box>
          {query.user_id && (
            <Button variant="default" onClick={() => setFilter('user_id', null)}>
              All users
            </Button>
          )}
          <Select
            label="Status"
            clearable
            data={[...TRANSFER_STATUSES]}
            value={query.status ?? null}
            onChange={(value) => setFilter('status', value)}
          />
          <Select
            label="Type"
            clearable
            data={[...TRANSFER_TYPES]}
            value={query.type ?? null}
            onChange={(value) => setFilter('type', value)}
          />
          <TextInput
            label="From date"
            type="date"
            value={query.start_date ?? ''}
            onChange={(event) => setFilter('start_date', event.currentTarget.value)}
          />
          <TextInput
            label="To date"
            type="date"
            value={query.end_date ?? ''}
            onChange={(event) => setFilter('end_date', event.currentTarget.value)}
          />
          <Select
            label="Order"
            data={[
              { value: 'newest', label: 'Newest first' },
              { value: 'oldest', label: 'Oldest first' },
            ]}
            value={get('order') === 'oldest' ? 'oldest' : 'newest'}
            onChange={(value) => setFilter('order', value === 'oldest' ? 'oldest' : null)}
          />
        </Group>
      </Paper>
      {list.isError && <ApiErrorAlert error={list.error} />}
      {list.isPending && <Skeleton height={160} />}
      {list.data &&
        (rows.length === 0 ? (
          <Text>No transfers match.</Text>
        ) : (
          <TransfersTable
            label="Transfers"
            transfers={rows}
            columns={['party', 'created', 'type', 'status', 'timeline']}
            minWidth={1040}
          />
        ))}
      <Pager
        cursors={cursors}
        hasMore={Boolean(list.data?.has_more)}
        firstId={rows[0]?.id}
        lastId={rows.at(-1)?.id}
        goTo={goTo}
      />
    </Stack>
  );
}
