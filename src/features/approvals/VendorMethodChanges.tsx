import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { session } from '../../api/credentials';
import { useDecideMethodChange, vendorQueries } from '../../api/vendors';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { age } from '../../lib/dates';

/**
 * Changes of a vendor's bank accounts that wait for a second member (finance or admin): the vendor, the account's last
 * four digits and its routing number. Anyone of a paying role but the member who asked confirms (the console server
 * makes the change then) or rejects it. A vendor's page links each change here by its anchor.
 */
export function VendorMethodChanges() {
  const all = useQuery({ ...vendorQueries.changes(), refetchInterval: 5000 });
  const decide = useDecideMethodChange();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [reasonErrors, setReasonErrors] = useState<Record<string, string>>({});
  const me = session.credentials()?.member?.id;
  const rows = (all.data?.data ?? []).filter((c) => c.status === 'pending');
  // A link from a vendor's page names the change: it is brought into view once the list is read.
  useEffect(() => {
    if (!all.data || !window.location.hash.startsWith('#vendor-method-change-')) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [all.data]);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Vendors' bank accounts: changes waiting for a second member
      </Title>
      {decide.isSuccess && (
        <Notice tone="success" role="status" title="Done">
          {decide.data.status === 'confirmed' ? 'Confirmed and made' : decide.data.status}:{' '}
          {decide.data.description}
        </Notice>
      )}
      {decide.error && <ApiErrorAlert error={decide.error} title="The decision was refused" />}
      {all.isError && <ApiErrorAlert error={all.error} title="The changes could not be read" />}
      {all.data && rows.length === 0 && <Text>No change of a vendor's bank accounts waits.</Text>}
      {rows.map((row) => (
        <Paper
          key={row.id}
          id={`vendor-method-change-${row.id}`}
          withBorder
          p="md"
          role="group"
          aria-label={row.description}
        >
          <Stack gap="xs">
            <Text fw={600}>{row.description}</Text>
            <Text size="sm">
              {row.proposer_id === me ? 'Asked by you' : 'Asked by another member'} {age(row.created_at)} ago
              {row.routing_number ? `; routing number ${row.routing_number}` : ''}
            </Text>
            {row.proposer_id === me ? (
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
                    Confirm account change
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
                    Reject account change
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
