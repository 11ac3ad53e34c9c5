import { getCustomer } from '../../api/customers';
import { orNull } from '../../api/search-source';
import { listTransfersSince } from '../../api/transfers';
import { getUser, listPayoutMethods, listUsers } from '../../api/users';
import { displayName, fullName } from '../../lib/names';
import type { ResolvedPayment } from './batch-keys';
import type { RowError, RowPayment } from './batch-rows';

/** Runs `work` over `items`, at most `limit` at a time. */
export async function mapWithLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Person {
  /** A user's status at the service (`disabled` is flagged at the review); customers have none. */
  status?: string | null | undefined;
  id: string;
  name: string;
  email: string | null;
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
  const emails = [...new Set(payments.flatMap((p) => ('email' in p.payer ? [p.payer.email] : [])))];
  const byEmail = new Map<string, Person[]>();
  if (options.upstream && emails.length > 0) {
    const recent = await listUsers({ limit: 100 });
    for (const email of emails) {
      const found = recent.data.filter((user) => user.email?.toLowerCase() === email);
      byEmail.set(
        email,
        found.map((user) => ({
          id: user.id,
          name: fullName(user),
          email: user.email ?? null,
          status: user.status ?? null,
        })),
      );
    }
  } else {
    await mapWithLimit(emails, 8, async (email) => {
      const page = await listUsers({ search: email, limit: 100 });
      const found = page.data.filter((user) => user.email?.toLowerCase() === email);
      byEmail.set(
        email,
        found.map((user) => ({
          id: user.id,
          name: fullName(user),
          email: user.email ?? null,
          status: user.status ?? null,
        })),
      );
    });
  }

  // A user an email search found is known already: read by id only the others.
  const users = new Map<string, Person | null>();
  for (const found of byEmail.values()) for (const person of found) users.set(person.id, person);
  const userIds = [
    ...new Set(payments.flatMap((p) => (p.payer.kind === 'user' && 'id' in p.payer ? [p.payer.id] : []))),
  ].filter((id) => !users.has(id));
  const customerIds = [
    ...new Set(payments.flatMap((p) => (p.payer.kind === 'customer' ? [p.payer.id] : []))),
  ];
  const customers = new Map<string, Person | null>();
  await mapWithLimit(userIds, 8, async (id) => {
    const user = await orNull(getUser(id));
    users.set(
      id,
      user && { id: user.id, name: fullName(user), email: user.email ?? null, status: user.status ?? null },
    );
  });
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

/** How much of the last 24 hours a look-up reads at most: fifty pages of the vendor's largest. */
export const RECENT_READ_LIMIT = 5000;

/**
 * The organization's transfers of the last 24 hours, newest first, up to RECENT_READ_LIMIT: where a row already paid
 * is found by its request id (metadata.console_request_id) before anything is sent, upstream too, where the service
 * may not honour idempotency keys; and where a payer who just paid the same amount shows.
 */
export function transfersOfLastDay(nowMs: number) {
  return listTransfersSince(new Date(nowMs - 24 * 60 * 60 * 1000).toISOString(), RECENT_READ_LIMIT);
}
