import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { session } from '../../api/credentials';
import { payeeRequestQueries, useDecidePayeeRequest } from '../../api/onboarding';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { age } from '../../lib/dates';

/**
 * Changes of where a payee's money goes that wait for a second member of a paying role: the payee's methods before
 * and the one after, masked; confirmed by anyone but the member who asked (the server sends the change then).
 */
export function PayeeRequests() {
  const pending = useQuery({ ...payeeRequestQueries.pending(), refetchInterval: 5000 });
  const decide = useDecidePayeeRequest();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [reasonErrors, setReasonErrors] = useState<Record<string, string>>({});
  const me = session.credentials()?.member?.id;
  const rows = pending.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Where payees are paid: changes waiting for a second member
      </Title>
      {decide.isSuccess && (
        <Notice tone="success" role="status" title="Done">
          {decide.data.status === 'applied' ? 'Confirmed and applied' : decide.data.status}:{' '}
          {decide.data.description}
        </Notice>
      )}
      {decide.error && <ApiErrorAlert error={decide.error} title="The decision was refused" />}
      {pending.isError && <ApiErrorAlert error={pending.error} title="The changes could not be read" />}
      {pending.data && rows.length === 0 && <Text>No change of where a payee is paid waits.</Text>}
      {rows.map((row) => (
        <Paper key={row.id} withBorder p="md" role="group" aria-label={row.description}>
          <Stack gap="xs">
            <Text fw={600}>{row.description}</Text>
            <Text size="sm">
              Asked by {row.proposer?.name ?? 'a member'} {age(row.created_at)} ago
              {row.ticket ? ` (ticket ${row.ticket})` : ''}
            </Text>
            <Text size="sm">
              Before: {row.before.length > 0 ? row.before.join('; ') : 'no payout method'}
            </Text>
            <Text size="sm">After: {row.after}</Text>
            {row.proposer?.id === me ? (
              <Text size="sm" c="dimmed">
                You asked for this: another member of finance or admin confirms it.
              </Text>
            ) : (
              <>
                <Textarea
                  label="Reason to reject"
                  value={reasons[row.id] ?? ''}
                  onChange={(event) => setReasons({ ...reasons, [row.id]: event.currentTarget.value })}
                  error={reasonErrors[row.id]}
                  autosize
                  minRows={1}
                />
                <Group>
                  <Button
                    loading={decide.isPending}
                    onClick={() => decide.mutate({ id: row.id, decision: 'confirm' })}
                  >
                    Confirm change
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => {
                      const reason = (reasons[row.id] ?? '').trim();
                      if (!reason) {
                        setReasonErrors({ ...reasonErrors, [row.id]: 'Say why, for the member who asked' });
                        return;
                      }
                      decide.mutate({ id: row.id, decision: 'reject', reason });
                    }}
                  >
                    Reject change
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
