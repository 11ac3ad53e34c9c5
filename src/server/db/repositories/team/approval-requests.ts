import { PostgresAdapter, sql } from 'kysely';
import { sha256Hex } from '../../../identity/secrets';
import type { ConsoleDb } from '../../database';
import { preparedQuery } from '../../prepared';
import type { RequestRow } from '../../schema/team';
import { idempotencyKeysOf } from '../../schema/team-controls';
import { sealerOf } from '../../seals';

/**
 * Approval requests: what only they have (their bodies, their executors' claims and leases). Their status moves, their
 * lists and their expiry are those of every request (request-lifecycle.ts).
 */

/**
 * Inserts a request unless its maker's same body already waits (a partial unique index): the waiting one is answered
 * instead (and when that one was decided in between, this one is inserted after all). A waiting one may be past its
 * deadline: the caller expires it and inserts again.
 */
export async function insertRequest(
  db: ConsoleDb,
  given: RequestRow,
): Promise<{ kind: 'created' | 'existing'; request: RequestRow }> {
  const row = sealerOf(db).sealed('approval_requests', given);
  // Its keys wait from the moment it is written: the gate reads them from its body (openRequestWithKey).
  const done = await db
    .insertInto('approval_requests')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  const inserted = done.numInsertedOrUpdatedRows !== 0n;
  if (inserted) return { kind: 'created', request: row };
  const waiting = await db
    .selectFrom('approval_requests')
    .selectAll()
    .where('org_id', '=', row.org_id)
    .where('maker_id', '=', row.maker_id)
    .where('body_hash', '=', row.body_hash)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting) return { kind: 'existing', request: waiting };
  // That one was decided in between: this body may wait again.
  await db.insertInto('approval_requests').values(row).execute();
  return { kind: 'created', request: row };
}

export function findRequest(db: ConsoleDb, orgId: string, id: string): Promise<RequestRow | undefined> {
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** The stored body of a request, whatever its organization (the executor's and the end's own read). */
export async function requestBody(db: ConsoleDb, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('approval_requests').select('body').where('id', '=', id).executeTakeFirst();
  return row?.body;
}

/**
 * Claims a request for one executor: approved → executing, or an executing one whose lease lapsed (its server died),
 * by a conditional update that only one server wins. The claim holds until `leaseUntil` unless renewed.
 */
export async function claimRequest(
  db: ConsoleDb,
  id: string,
  from: 'approved' | 'executing',
  executorId: string,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  let query = db
    .updateTable('approval_requests')
    .set({
      status: 'executing',
      executor_id: executorId,
      lease_until: leaseUntil.toISOString(),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', from);
  if (from === 'executing') {
    query = query.where((eb) =>
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]),
    );
  }
  const claimed = await query.executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Extends a claim while its executor still holds it; false when another server took the request over. */
export async function renewLease(
  db: ConsoleDb,
  id: string,
  executorId: string,
  leaseUntil: Date,
): Promise<boolean> {
  const renewed = await db
    .updateTable('approval_requests')
    .set({ lease_until: leaseUntil.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'executing')
    .where('executor_id', '=', executorId)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/**
 * Requests no live executor holds: executing with a lapsed lease, or approved and left unclaimed for longer than a
 * lease (the server that approved it died before it claimed it).
 */
export function orphanedRequests(db: ConsoleDb, now: Date, leaseMs: number): Promise<RequestRow[]> {
  const at = now.toISOString();
  const unclaimedSince = new Date(now.getTime() - leaseMs).toISOString();
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'executing'),
          eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]),
        ]),
        eb.and([eb('status', '=', 'approved'), eb('updated_at', '<', unclaimedSince)]),
      ]),
    )
    .execute();
}

/** The requests a member made that still wait. */
export function waitingRequestsOf(db: ConsoleDb, makerId: string): Promise<RequestRow[]> {
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where('maker_id', '=', makerId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Whether a request is as its maker submitted it (db/seals.ts): its seal verifies, its stored body is the one whose
 * hash was sealed, and it never ended (an end the server sealed is final: a status set back to approved in the
 * database pays nothing again). A request that is not is reported, and nothing of it is paid.
 */
export function intactRequest(db: ConsoleDb, row: RequestRow, body: string): boolean {
  if (endedBefore(db, row)) return false;
  const violation = { table: 'approval_requests', id: row.id, orgId: row.org_id } as const;
  return sealerOf(db).verifies('approval_requests', row, violation) && sha256Hex(body) === row.body_hash;
}

/** An open request whose end the server sealed before (its status set back in the database), reported. */
export function endedBefore(db: ConsoleDb, row: RequestRow): boolean {
  const sealer = sealerOf(db);
  if (!sealer.endedOnce(row) || !OPEN.includes(row.status)) return false;
  sealer.onViolation({ table: 'approval_requests', id: row.id, orgId: row.org_id });
  return true;
}

/**
 * The request of the organization that may still send one of these keys (waiting, approved or being paid), if any.
 * The request's own sealed row is the authority, not a list of keys beside it: a row of such a list deleted in the
 * database would free a waiting key. Nor is its status alone: an ended request frees its keys only when the server
 * sealed that end (`end_seal`), so a waiting request set ended in the database keeps them, loudly. Read are the
 * requests open by their status and those with no end sealed (two indexed reads), never the whole history: an end
 * sealed with a value that does not verify hides its request from these reads only until the sweep finds it
 * (`unsealForgedEnds`). One key (a payment) is matched in SQL; several (a batch) read those requests whole.
 */
export async function openRequestWithKey(
  db: ConsoleDb,
  orgId: string,
  keys: readonly string[],
): Promise<{ id: string; status: string } | undefined> {
  if (keys.length === 0) return undefined;
  const [open, unended] =
    keys.length === 1
      ? await Promise.all([
          openRequestsNaming(db, { orgId, needle: JSON.stringify(keys[0]) }),
          unendedRequestsNaming(db, { orgId, needle: JSON.stringify(keys[0]) }),
        ])
      : await Promise.all([openRequestsOf(db, { orgId }), unendedRequestsOf(db, { orgId })]);
  const wanted = new Set(keys);
  const found = [...open, ...unended].find(
    (row) =>
      keysOfStoredBody(row.body).some((key) => wanted.has(key)) &&
      stillOpen(db, row) &&
      sealerOf(db).verifies('approval_requests', row, {
        table: 'approval_requests',
        id: row.id,
        orgId: row.org_id,
      }),
  );
  return found && { id: found.id, status: found.status };
}

const OPEN = ['pending', 'approved', 'executing'];

/** Open by its status, or ended without the server's seal of that end (a status written in the database). */
function stillOpen(db: ConsoleDb, row: RequestRow): boolean {
  return OPEN.includes(row.status) || !sealerOf(db).endVerifies(row);
}

const openRequestsOf = preparedQuery((db, v: { orgId: string }) =>
  db.selectFrom('approval_requests').selectAll().where('org_id', '=', v.orgId).where('status', 'in', OPEN),
);

/** Requests with no end sealed, whatever their status (a partial index holds only those). */
const unendedRequestsOf = preparedQuery((db, v: { orgId: string }) =>
  db.selectFrom('approval_requests').selectAll().where('org_id', '=', v.orgId).where('end_seal', 'is', null),
);

/**
 * A plain substring search (SQLite's `instr`, PostgreSQL's `strpos`), not LIKE: the key, quoted as JSON writes it, is
 * matched literally, whatever characters it holds.
 */
const naming = (db: ConsoleDb, needle: string) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<boolean>`strpos(body, ${needle}) > 0`
    : sql<boolean>`instr(body, ${needle}) > 0`;

const openRequestsNaming = preparedQuery((db, v: { orgId: string; needle: string }) =>
  db
    .selectFrom('approval_requests')
    .selectAll()
    .where('org_id', '=', v.orgId)
    .where('status', 'in', OPEN)
    .where(naming(db, v.needle)),
);

const unendedRequestsNaming = preparedQuery((db, v: { orgId: string; needle: string }) =>
  db
    .selectFrom('approval_requests')
    .selectAll()
    .where('org_id', '=', v.orgId)
    .where('end_seal', 'is', null)
    .where(naming(db, v.needle)),
);

/**
 * The sweep's check of ended requests (a page at a time, after `afterId`): an end whose seal does not verify is
 * reported and its seal emptied, so that the gate's reads see the request again and its keys stay held. Answers the
 * ids it unsealed and the last id it read (null at the end). Ends verified once are not verified again (`verified`).
 */
export async function unsealForgedEnds(
  db: ConsoleDb,
  afterId: string | null,
  verified: Set<string>,
  page = 500,
): Promise<{ unsealed: string[]; last: string | null }> {
  let query = db
    .selectFrom('approval_requests')
    .select(['id', 'org_id', 'status', 'end_seal'])
    .where('end_seal', 'is not', null)
    .orderBy('id')
    .limit(page);
  if (afterId !== null) query = query.where('id', '>', afterId);
  const rows = await query.execute();
  const sealer = sealerOf(db);
  const unsealed: string[] = [];
  for (const row of rows) {
    const mark = `${row.id}\u0000${row.status}\u0000${row.end_seal}`;
    if (verified.has(mark)) continue;
    if (OPEN.includes(row.status) || sealer.endVerifies(row)) {
      verified.add(mark);
      continue;
    }
    await db
      .updateTable('approval_requests')
      .set({ end_seal: null })
      .where('id', '=', row.id)
      .where('end_seal', '=', row.end_seal ?? '')
      .execute();
    unsealed.push(row.id);
  }
  return { unsealed, last: rows.length < page ? null : (rows.at(-1)?.id ?? null) };
}

/** The keys a stored body sends; none for a body that is not JSON (changed in the database: its seal check says so). */
function keysOfStoredBody(body: string): string[] {
  try {
    return idempotencyKeysOf(JSON.parse(body));
  } catch {
    return [];
  }
}

/** Approval requests waiting for a second member, before their deadline (a metric's gauge, read at each scrape). */
export async function countWaiting(db: ConsoleDb, now: string): Promise<number> {
  const row = await db
    .selectFrom('approval_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
