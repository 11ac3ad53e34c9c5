import type { Kysely } from 'kysely';
import type { ConsoleDb } from '../../database';
import type { ConsoleTables } from '../../schema/team';

/**
 * What the requests that wait for a second person share, in SQL (the rule itself is lib/request-lifecycle.ts): a
 * status that moves only by a conditional update that one caller wins, and a deadline past which a pending request is
 * expired for every reader at once, whether or not the sweep has written so. Approval requests, team requests and payee
 * requests live this way; a new kind of request is a table with these columns.
 */
export type RequestTable = 'approval_requests' | 'team_requests' | 'payee_requests';

/** The columns every request table has (and an approval request's executor, for the moves that need it). */
interface Lifecycle {
  id: string;
  org_id: string;
  status: string;
  expires_at: string;
  created_at: string;
  executor_id: string | null;
}

/**
 * The request tables seen through the columns they share: each is queried under one name of this view's, which SQL
 * never sees (the table's own name is what is sent).
 */
const shared = (db: ConsoleDb) => db as unknown as Kysely<{ request: Lifecycle }>;
const as = (table: RequestTable) => table as unknown as 'request';

export interface StatusMove<Row> {
  from: string;
  to: string;
  /** What else changes with the status (a reason, who decided it and when, a masked body). */
  set?: Partial<Row>;
  /** Only before the request's deadline (a decision): at or after it the request is expired, and the move fails. */
  liveAt?: string;
  /** Only while this executor holds it (an approval request being paid). */
  executorId?: string;
}

/** Moves a request from one status to another only if it is still in the first: the one way a status changes. */
export async function moveStatus<T extends RequestTable>(
  db: ConsoleDb,
  table: T,
  id: string,
  move: StatusMove<ConsoleTables[T]>,
): Promise<boolean> {
  let update = shared(db)
    .updateTable(as(table))
    .set({ ...(move.set as Partial<Lifecycle>), status: move.to })
    .where('id', '=', id)
    .where('status', '=', move.from);
  if (move.liveAt !== undefined) update = update.where('expires_at', '>', move.liveAt);
  if (move.executorId !== undefined) update = update.where('executor_id', '=', move.executorId);
  const moved = await update.executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Pending requests past their deadline at `now`, of every organization: what the sweep expires. */
export async function pendingPastDeadline<T extends RequestTable>(
  db: ConsoleDb,
  table: T,
  now: string,
): Promise<ConsoleTables[T][]> {
  const rows = await shared(db)
    .selectFrom(as(table))
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
  return rows as unknown as ConsoleTables[T][];
}

/**
 * An organization's requests, newest first, at most `limit`; of one status as a reader sees it at `now`
 * (lib/request-lifecycle.ts, statusAt): `pending` only before the deadline, `expired` with the pending past it.
 */
export async function listRequests<T extends RequestTable>(
  db: ConsoleDb,
  table: T,
  orgId: string,
  options: { status?: string | undefined; now: string; limit: number },
): Promise<ConsoleTables[T][]> {
  const { status, now } = options;
  let query = shared(db).selectFrom(as(table)).selectAll().where('org_id', '=', orgId);
  if (status === 'pending') {
    query = query.where('status', '=', 'pending').where('expires_at', '>', now);
  } else if (status === 'expired') {
    query = query.where((eb) =>
      eb.or([
        eb('status', '=', 'expired'),
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '<=', now)]),
      ]),
    );
  } else if (status) {
    query = query.where('status', '=', status);
  }
  const rows = await query.orderBy('created_at', 'desc').limit(options.limit).execute();
  return rows as unknown as ConsoleTables[T][];
}
