import { Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import type { TransferListQuery } from '../../api/transfers';
import { transferQueries } from '../../api/transfers';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { TransfersTable } from '../../components/TransfersTable';
import { TRANSFER_STATUSES, TRANSFER_TYPES } from '../../lib/transfer-states';
import { isUuid } from '../../lib/uuid';

const PAGE_SIZE = 20;
const FILTERS = ['user_id', 'status', 'type', 'start_date', 'end_date', 'order'] as const;

/** The list query, all in the URL: a filtered page is a link to share, and Back goes to the previous page. */
function queryFrom(params: URLSearchParams): TransferListQuery {
  const get = (name: string) => params.get(name) || undefined;
  return {
    user_id: get('user_id'),
    status: get('status'),
    type: get('type'),
    start_date: get('start_date'),
    end_date: get('end_date'),
    reverse_order: params.get('order') === 'oldest' ? true : undefined,
    starting_after: get('starting_after'),
    ending_before: get('ending_before'),
    limit: PAGE_SIZE,
  };
}

export function TransferFinderPage() {
  const [params, setParams] = useSearchParams();
  const [, navigate] = useLocation();
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  const query = queryFrom(params);
  const list = useQuery(transferQueries.list(query));
  const rows = list.data?.data ?? [];
  // Keyset pages: "next" follows the last row, "previous" precedes the first. Which exist depends on where we came from.
  const cameBackward = Boolean(query.ending_before);
  const hasNext = cameBackward ? true : Boolean(list.data?.has_more);
  const hasPrevious = cameBackward ? Boolean(list.data?.has_more) : Boolean(query.starting_after);

  const setFilter = (name: (typeof FILTERS)[number], value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('starting_after');
    next.delete('ending_before');
    setParams(next);
  };
  const page = (cursor: 'starting_after' | 'ending_before', id: string | undefined) => {
    if (!id) return;
    const next = new URLSearchParams(params);
    next.delete('starting_after');
    next.delete('ending_before');
    next.set(cursor, id);
    setParams(next);
  };

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
          <TextInput
            label="Filter by user ID"
            defaultValue={query.user_id ?? ''}
            onBlur={(event) => setFilter('user_id', event.currentTarget.value.trim())}
            onKeyDown={(event) =>
              event.key === 'Enter' && setFilter('user_id', event.currentTarget.value.trim())
            }
          />
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
            value={params.get('order') === 'oldest' ? 'oldest' : 'newest'}
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
          <TransfersTable label="Transfers" transfers={rows} detailed />
        ))}
      <Group>
        <Button variant="default" disabled={!hasPrevious} onClick={() => page('ending_before', rows[0]?.id)}>
          Previous page
        </Button>
        <Button variant="default" disabled={!hasNext} onClick={() => page('starting_after', rows.at(-1)?.id)}>
          Next page
        </Button>
      </Group>
    </Stack>
  );
}
