import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { session } from '../../api/credentials';
import { useDecideMethodChange, vendorQueries } from '../../api/vendors';
import { WaitingChange, WaitingChanges } from '../../components/WaitingChanges';
import { age } from '../../lib/dates';

/**
 * Changes of a vendor's bank accounts that wait for a second member (finance or admin): the vendor, the account's last
 * four digits and its routing number. Anyone of a paying role but the member who asked confirms (the console server
 * makes the change then) or rejects it. A vendor's page links each change here by its anchor.
 */
export function VendorMethodChanges() {
  const all = useQuery({ ...vendorQueries.changes(), refetchInterval: 5000 });
  const decide = useDecideMethodChange();
  const me = session.credentials()?.member?.id;
  const rows = (all.data?.data ?? []).filter((c) => c.status === 'pending');
  const made = decide.data;
  // A link from a vendor's page names the change: it is brought into view once the list is read.
  useEffect(() => {
    if (!all.data || !window.location.hash.startsWith('#vendor-method-change-')) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [all.data]);
  return (
    <WaitingChanges
      title="Vendors' bank accounts: changes waiting for a second member"
      decided={
        made
          ? `${made.status === 'confirmed' ? 'Confirmed and made' : made.status}: ${made.description}`
          : null
      }
      decideError={decide.error}
      readError={all.error}
      empty={all.data && rows.length === 0 ? "No change of a vendor's bank accounts waits." : null}
    >
      {rows.map((row) => (
        <WaitingChange
          key={row.id}
          id={`vendor-method-change-${row.id}`}
          description={row.description}
          mine={row.proposer_id === me}
          noun="account change"
          deciding={decide.isPending}
          onConfirm={() => decide.mutate({ id: row.id, decision: 'confirm' })}
          onReject={(reason) => decide.mutate({ id: row.id, decision: 'reject', reason })}
        >
          <Text size="sm">
            {row.proposer_id === me ? 'Asked by you' : 'Asked by another member'} {age(row.created_at)} ago
            {row.routing_number ? `; routing number ${row.routing_number}` : ''}
          </Text>
        </WaitingChange>
      ))}
    </WaitingChanges>
  );
}
