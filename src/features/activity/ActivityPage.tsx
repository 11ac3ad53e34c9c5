import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { type Activity, activityLog } from '../../api/activity-log';
import { downloadCsv } from '../../components/download';
import { toCsv } from '../../lib/csv';

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
          Export CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        What you did in this tab since signing in. Kept in this tab only; never an account number.
      </Text>
      {entries.length === 0 ? (
        <Text>Nothing yet.</Text>
      ) : (
        <Table.ScrollContainer type="native" minWidth={720}>
          <Table aria-label="Activity" striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.seq}>
                  <Table.Td>{new Date(entry.at).toLocaleTimeString()}</Table.Td>
                  <Table.Td>{entry.action}</Table.Td>
                  <Table.Td>
                    <Badge color={entry.outcome === 'succeeded' ? 'teal.9' : 'red.9'} variant="filled">
                      {entry.outcome}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <code>{entry.subject}</code>
                  </Table.Td>
                  <Table.Td>{entry.details}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
