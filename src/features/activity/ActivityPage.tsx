import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { type Activity, activityLog } from '../../api/activity-log';
import { DataTable } from '../../components/DataTable';
import { downloadCsv } from '../../components/download';
import { toCsv } from '../../lib/csv';
import { formatDateTime } from '../../lib/dates';

export const ACTIVITY_CSV_HEADER = ['time', 'action', 'outcome', 'subject', 'details', 'request_id'] as const;

export function activityCsv(entries: readonly Activity[]): string {
  return toCsv(
    ACTIVITY_CSV_HEADER,
    entries.map((e) => [e.at, e.action, e.outcome, e.subject, e.details, e.requestId]),
  );
}

/** What this operator did in this tab, failures included; exportable for a shift hand-over or a ticket. */
export function ActivityPage() {
  const entries = useSyncExternalStore(activityLog.subscribe, activityLog.entries);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Activity</Title>
        <Button
          variant="default"
          disabled={entries.length === 0}
          onClick={() =>
            downloadCsv(`activity-${new Date().toISOString().slice(0, 19)}.csv`, activityCsv(entries))
          }
        >
          Download CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        What you did in this tab since signing in. Kept in this tab only; never an account number.
      </Text>
      {entries.length === 0 ? (
        <Text>Nothing yet.</Text>
      ) : (
        <DataTable
          label="Activity"
          rows={entries}
          rowKey={(entry) => String(entry.seq)}
          minWidth={720}
          columns={[
            { header: 'Time', cell: (entry) => formatDateTime(entry.at) },
            { header: 'Action', cell: (entry) => entry.action },
            {
              header: 'Outcome',
              cell: (entry) => (
                <Badge color={entry.outcome === 'succeeded' ? 'teal.9' : 'red.9'} variant="filled">
                  {entry.outcome}
                </Badge>
              ),
            },
            { header: 'Subject', cell: (entry) => <code>{entry.subject}</code> },
            { header: 'Details', cell: (entry) => entry.details },
          ]}
        />
      )}
    </Stack>
  );
}
