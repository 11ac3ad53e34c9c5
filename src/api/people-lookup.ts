import { fullName } from '../lib/names';
import type { User } from './schemas';
import { orNull } from './search-source';
import { listTransfersSince } from './transfers';
import { getUser, listUsers } from './users';

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

export interface Person {
  /** A user's status at the service (`disabled` is flagged at the review); customers have none. */
  status?: string | null | undefined;
  id: string;
  name: string;
  email: string | null;
}

const personOf = (user: User): Person => ({
  id: user.id,
  name: fullName(user),
  email: user.email ?? null,
  status: user.status ?? null,
});

/**
 * The users each email names (the organization's, by the service's search, eight at a time). Upstream, where the
 * service cannot search, an email is looked for among the most recent users.
 */
export async function usersByEmail(emails: readonly string[], upstream: boolean) {
  const byEmail = new Map<string, Person[]>();
  const matching = (users: readonly User[], email: string) =>
    users.filter((user) => user.email?.toLowerCase() === email).map(personOf);
  if (upstream && emails.length > 0) {
    const recent = await listUsers({ limit: 100 });
    for (const email of emails) byEmail.set(email, matching(recent.data, email));
  } else {
    await mapWithLimit(emails, 8, async (email) => {
      byEmail.set(email, matching((await listUsers({ search: email, limit: 100 })).data, email));
    });
  }
  return byEmail;
}

/** Users by id, eight at a time: null for an id that is not one of the organization's. */
export async function usersById(ids: readonly string[]) {
  const users = new Map<string, Person | null>();
  await mapWithLimit(ids, 8, async (id) => {
    const user = await orNull(getUser(id));
    users.set(id, user && personOf(user));
  });
  return users;
}

/** A file row's user: by email or by id. */
export type UserRef = { email: string } | { id: string };

export type RowUser = { person: Person } | { column: 'user_email' | 'user_id'; message: string };

/**
 * Each file row's user, each distinct email and id read once: an email names exactly one user, an id one of the
 * organization's; else what is wrong, at the column the row named them by. Upstream, where the service cannot
 * search, an email is looked for among the most recent users, and the message says so.
 */
export async function usersOfRows(refs: readonly UserRef[], upstream: boolean): Promise<RowUser[]> {
  const emails = [...new Set(refs.flatMap((ref) => ('email' in ref ? [ref.email] : [])))];
  const byEmail = await usersByEmail(emails, upstream);
  // A user an email search found is known already: read by id only the others.
  const users = new Map<string, Person | null>();
  for (const found of byEmail.values()) for (const person of found) users.set(person.id, person);
  const ids = [...new Set(refs.flatMap((ref) => ('id' in ref ? [ref.id] : [])))].filter(
    (id) => !users.has(id),
  );
  for (const [id, person] of await usersById(ids)) users.set(id, person);
  return refs.map((ref): RowUser => {
    if ('id' in ref) {
      const person = users.get(ref.id);
      return person ? { person } : { column: 'user_id', message: 'no user of this organization has this ID' };
    }
    const found = byEmail.get(ref.email) ?? [];
    if (found.length === 1) return { person: found[0] as Person };
    return {
      column: 'user_email',
      message:
        found.length > 1
          ? `${found.length} users have this email; give the user_id instead`
          : upstream
            ? 'no user has this email among the 100 most recent; give the user_id instead'
            : 'no user has this email',
    };
  });
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

/**
 * The users each full name names (any case, spaces squeezed), by the service's search, eight at a time. Upstream,
 * where the service cannot search, a name is looked for among the most recent users.
 */
export async function usersByName(names: readonly string[], upstream: boolean) {
  const byName = new Map<string, Person[]>();
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  const matching = (users: readonly User[], name: string) =>
    users.filter((user) => key(fullName(user)) === key(name)).map(personOf);
  if (upstream && names.length > 0) {
    const recent = await listUsers({ limit: 100 });
    for (const name of names) byName.set(name, matching(recent.data, name));
  } else {
    await mapWithLimit(names, 8, async (name) => {
      byName.set(name, matching((await listUsers({ search: name, limit: 100 })).data, name));
    });
  }
  return byName;
}
