import { getCustomer } from '../../api/customers';
import { mapWithLimit, type Person, usersByEmail, usersById } from '../../api/people-lookup';
import { orNull } from '../../api/search-source';
import { listPayoutMethods } from '../../api/users';
import { displayName } from '../../lib/names';
import type { ResolvedPayment } from './batch-keys';
import type { RowError, RowPayment } from './batch-rows';

/**
 * Checks each row's payer against the service: an email names exactly one user, an id is one of the organization's,
 * and a stored account is the paying user's own. Each distinct payer is read once, eight at a time. Upstream, where
 * the service cannot search, an email is looked for among the most recent users, and the error says so.
 */
export async function resolvePayers(
  payments: readonly RowPayment[],
  options: { upstream: boolean },
): Promise<{ payments: ResolvedPayment[]; errors: RowError[] }> {
  const emails = [...new Set(payments.flatMap((p) => ('email' in p.payer ? [p.payer.email] : [])))];
  const byEmail = await usersByEmail(emails, options.upstream);
  // A user an email search found is known already: read by id only the others.
  const users = new Map<string, Person | null>();
  for (const found of byEmail.values()) for (const person of found) users.set(person.id, person);
  const userIds = [
    ...new Set(payments.flatMap((p) => (p.payer.kind === 'user' && 'id' in p.payer ? [p.payer.id] : []))),
  ].filter((id) => !users.has(id));
  for (const [id, person] of await usersById(userIds)) users.set(id, person);
  const customerIds = [
    ...new Set(payments.flatMap((p) => (p.payer.kind === 'customer' ? [p.payer.id] : []))),
  ];
  const customers = new Map<string, Person | null>();
  await mapWithLimit(customerIds, 8, async (id) => {
    const customer = await orNull(getCustomer(id));
    customers.set(
      id,
      customer && {
        id: customer.id,
        name: displayName(customer, ''),
        email: customer.email ?? null,
      },
    );
  });

  const errors: RowError[] = [];
  const resolved: ResolvedPayment[] = [];
  const withPayer: { payment: RowPayment; person: Person }[] = [];
  for (const payment of payments) {
    let person: Person | null | undefined;
    if ('email' in payment.payer) {
      const found = byEmail.get(payment.payer.email) ?? [];
      if (found.length !== 1) {
        errors.push({
          row: payment.row,
          column: 'user_email',
          message:
            found.length === 0
              ? options.upstream
                ? 'no user has this email among the 100 most recent; give the user_id instead'
                : 'no user has this email'
              : `${found.length} users have this email; give the user_id instead`,
        });
        continue;
      }
      person = found[0];
    } else if (payment.payer.kind === 'user') {
      person = users.get(payment.payer.id);
      if (!person)
        errors.push({
          row: payment.row,
          column: 'user_id',
          message: 'no user of this organization has this ID',
        });
    } else {
      person = customers.get(payment.payer.id);
      if (!person) {
        errors.push({
          row: payment.row,
          column: 'customer_id',
          message: 'no payment customer of this organization has this ID',
        });
      }
    }
    if (person) withPayer.push({ payment, person });
  }

  // Stored accounts: each paying user's own, read once per user.
  const storedBy = [
    ...new Set(withPayer.filter((p) => p.payment.source.kind === 'stored').map((p) => p.person.id)),
  ];
  const accounts = new Map<string, Set<string>>();
  await mapWithLimit(storedBy, 8, async (userId) => {
    const methods = await listPayoutMethods(userId);
    accounts.set(userId, new Set(methods.flatMap((method) => (method.id ? [method.id] : []))));
  });
  for (const { payment, person } of withPayer) {
    if (payment.source.kind === 'stored' && !accounts.get(person.id)?.has(payment.source.accountId)) {
      errors.push({ row: payment.row, column: 'account_id', message: 'not a stored account of this user' });
      continue;
    }
    resolved.push({
      ...payment,
      payerKind: payment.payer.kind,
      payerId: person.id,
      payerName: person.name,
      payerEmail: person.email,
      payerDisabled: person.status === 'disabled',
    });
  }
  return { payments: resolved, errors: errors.sort((a, b) => a.row - b.row) };
}
