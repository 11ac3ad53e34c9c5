import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Drawer.css';
import { Accordion, Badge, Button, Code, CopyButton, Drawer, Group, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { type LoggedRequest, requestLog } from '../../api/request-log';
import { toCurl } from '../../lib/redact';

function statusColor(status: number): string {
  if (status === 0) return 'gray.8';
  if (status < 300) return 'teal.9';
  if (status < 500) return 'violet.9';
  return 'red.9';
}

/** A body or command as sent: long lines scroll sideways, so it takes the focus for the keyboard to scroll it. */
function Listing({ name, children }: { name: string; children: string }) {
  return (
    <Code block tabIndex={0} role="group" aria-label={name}>
      {children}
    </Code>
  );
}

function RequestDetails({ entry }: { entry: LoggedRequest }) {
  const curl = toCurl({
    method: entry.method,
    url: `${window.location.origin}${entry.path}`,
    body: entry.requestBody,
    appId: entry.appId,
  });
  const label = `${entry.method} ${entry.path}`;
  return (
    <Stack gap="xs">
      <Text size="sm">
        Request id: <Code>{entry.requestId ?? '—'}</Code> · {entry.durationMs} ms · {entry.at}
      </Text>
      {entry.requestBody && (
        <>
          <Text size="sm" fw={600}>
            Request body
          </Text>
          <Listing name={`Request body of ${label}`}>{entry.requestBody}</Listing>
        </>
      )}
      <Text size="sm" fw={600}>
        Response body
      </Text>
      <Listing name={`Response body of ${label}`}>{entry.responseBody ?? '(empty)'}</Listing>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          cURL (credentials as $CLIENT_ID:$API_KEY)
        </Text>
        <CopyButton value={curl}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy as cURL'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Listing name={`cURL of ${label}`}>{curl}</Listing>
    </Stack>
  );
}

/** The log itself: mounted only while the drawer is open, so that a closed inspector renders nothing per call. */
function LoggedRequests() {
  const entries = useSyncExternalStore(requestLog.subscribe, requestLog.entries);
  return entries.length === 0 ? (
    <Text c="dimmed">No requests yet in this tab.</Text>
  ) : (
    <Accordion variant="separated" role="group" aria-label="Requests">
      {entries.map((entry) => (
        <Accordion.Item key={entry.seq} value={String(entry.seq)}>
          <Accordion.Control aria-label={`${entry.method} ${entry.path} ${entry.status || 'no answer'}`}>
            <Group gap="xs" wrap="nowrap">
              <Badge color={statusColor(entry.status)} variant="filled">
                {entry.status || 'no answer'}
              </Badge>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {entry.method} {entry.path}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <RequestDetails entry={entry} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** Every API call of this tab, newest first, for escalations: what was asked, what came back, how to replay it. */
export function RequestInspector({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Request inspector" position="right" size="xl">
      <LoggedRequests />
    </Drawer>
  );
}
