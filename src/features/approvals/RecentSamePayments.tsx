import '@mantine/core/styles/List.css';
import { Anchor, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { requestIdOf, transferQueries } from '../../api/transfers';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';

/**
 * The payer's recent payments (or the payee's recent payouts) of the same amount, other than this one: what a
 * duplicate looks like.
 */
export function RecentSamePayments({
  userId,
  cents,
  requestId,
  kind = 'payment',
}: {
  userId: string | null;
  cents: number;
  requestId: string | null;
  kind?: 'payment' | 'payout';
}) {
  const recent = useQuery({
    ...transferQueries.list({ user_id: userId ?? '', limit: 100 }),
    enabled: userId !== null,
  });
  if (!userId) return null;
  const same = (recent.data?.data ?? []).filter(
    (transfer) =>
      transfer.amount === cents &&
      (transfer.type === 'payout') === (kind === 'payout') &&
      requestIdOf(transfer) !== requestId,
  );
  const what = kind === 'payout' ? 'payouts' : 'payments';
  return (
    <section aria-label={`Recent ${what} of the same amount`}>
      <Text size="sm" fw={600}>
        {`The ${kind === 'payout' ? 'payee' : 'payer'}'s recent ${what} of ${formatCents(cents)}`}
      </Text>
      {recent.isPending ? (
        <Text size="sm">Looking…</Text>
      ) : same.length === 0 ? (
        <Text size="sm">None among their last 100 transfers.</Text>
      ) : (
        <List size="sm">
          {same.slice(0, 5).map((transfer) => (
            <List.Item key={transfer.id}>
              <Anchor component={Link} to={`/transfers/${transfer.id}`}>
                {`${formatDateTime(transfer.created)}, ${transfer.status}`}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
