import { getCustomer } from '../../api/customers';
import { mapWithLimit, type Person, type RowUser, type UserRef, usersOfRows } from '../../api/people-lookup';
import { orNull } from '../../api/search-source';
import { listPayoutMethods } from '../../api/users';
import type { RowError } from '../../lib/file-engine/row-checks';
import { displayName } from '../../lib/names';
import type { RowPayment } from './payments-file-rows';

/** A row whose payer the service knows: the id the payment goes out with, and who it is for the people who read. */
export interface ResolvedPayment extends RowPayment {
  payerKind: 'user' | 'customer';
  payerId: string;
  payerName: string;
  payerEmail: string | null;
  /** The payer is disabled at the service: the review asks for a tick before charging them. */
  payerDisabled?: boolean | undefined;
}

/**
 * Checks each row's payer against the service: an email names exactly one user, an id is one of the organization's,
 * and a stored account is the paying user's own. Each distinct payer is read once, eight at a time. Upstream, where
 * the service cannot search, an email is looked for among the most recent users, and the error says so.
 */
export async function resolvePayers(
  payments: readonly RowPayment[],
  options: { upstream: boolean },
): Promise<{ payments: ResolvedPayment[]; errors: RowError[] }> {
  const userRows = payments.filter((p): p is RowPayment & { payer: UserRef } => p.payer.kind === 'user');
  const found = await usersOfRows(
    userRows.map((p) => p.payer),
    options.upstream,
  );
  const users = new Map(userRows.map((payment, index) => [payment, found[index] as RowUser]));
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
    const user = users.get(payment);
    if (user) {
      if ('person' in user) person = user.person;
      else errors.push({ row: payment.row, column: user.column, message: user.message });
    } else if (payment.payer.kind === 'customer') {
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
