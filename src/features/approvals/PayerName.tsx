import { useQuery } from '@tanstack/react-query';
import { customerQueries } from '../../api/customers';
import { userQueries } from '../../api/users';
import { displayName } from '../../lib/names';

/** A payment body's payer, by name (operators know payers by name, not by id); the id while it loads. */
export function PayerName({ body }: { body: Record<string, unknown> }) {
  const userId = typeof body.user_id === 'string' ? body.user_id : null;
  const customerId = typeof body.customer_id === 'string' ? body.customer_id : null;
  const user = useQuery({ ...userQueries.detail(userId ?? ''), enabled: userId !== null });
  const customer = useQuery({ ...customerQueries.detail(customerId ?? ''), enabled: customerId !== null });
  const person = user.data ?? customer.data;
  if (person) return <>{displayName(person)}</>;
  return <>{userId ?? customerId ?? '—'}</>;
}
