import '@mantine/core/styles/Mark.css';
import { Mark, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { session } from '../../api/credentials';
import { payeeRequestQueries, useDecidePayeeRequest } from '../../api/onboarding';
import { WaitingChange, WaitingChanges } from '../../components/WaitingChanges';
import { age } from '../../lib/dates';

/** A method's words, what differs from the payee's method most like it marked (a look-alike shows itself there). */
function MarkedWords({ parts }: { parts: readonly { text: string; differs: boolean }[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.differs ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered
          <Mark key={index}>{part.text}</Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * Changes of where a payee's money goes that wait for a second member of a paying role: the payee's methods before
 * and the one after (a PayPal address or handle whole, an account by its last four and bank), what differs from the
 * method most like it marked; confirmed by anyone but the member who asked (the server sends the change then).
 */
export function PayeeRequests() {
  const pending = useQuery({ ...payeeRequestQueries.pending(), refetchInterval: 5000 });
  const decide = useDecidePayeeRequest();
  const me = session.credentials()?.member?.id;
  const rows = pending.data?.data ?? [];
  const made = decide.data;
  return (
    <WaitingChanges
      title="Where payees are paid: changes waiting for a second member"
      decided={
        made
          ? `${made.status === 'applied' ? 'Confirmed and applied' : made.status}: ${made.description}`
          : null
      }
      decideError={decide.error}
      readError={pending.error}
      empty={pending.data && rows.length === 0 ? 'No change of where a payee is paid waits.' : null}
    >
      {rows.map((row) => (
        <WaitingChange
          key={row.id}
          description={row.description}
          mine={row.proposer?.id === me}
          noun="change"
          deciding={decide.isPending}
          onConfirm={() => decide.mutate({ id: row.id, decision: 'confirm' })}
          onReject={(reason) => decide.mutate({ id: row.id, decision: 'reject', reason })}
        >
          <Text size="sm">
            Asked by {row.proposer?.name ?? 'a member'} {age(row.created_at)} ago
            {row.ticket ? ` (ticket ${row.ticket})` : ''}
          </Text>
          <Text size="sm">Before: {row.before.length > 0 ? row.before.join('; ') : 'no payout method'}</Text>
          <Text size="sm">
            After: <MarkedWords parts={row.after_parts ?? [{ text: row.after, differs: false }]} />
          </Text>
          {row.like && (
            <Text size="sm">
              Most like their {row.like}: what differs is marked (
              {(row.after_parts ?? [])
                .filter((part) => part.differs)
                .map((part) => `“${part.text}”`)
                .join(', ')}
              )
            </Text>
          )}
        </WaitingChange>
      ))}
    </WaitingChanges>
  );
}
