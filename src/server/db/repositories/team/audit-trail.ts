import { sql } from 'kysely';
import type { ConsoleDb } from '../../database';
import { preparedQuery } from '../../prepared';
import type { AuditRow } from '../../schema/team';

/**
 * The audit trail's rows and its head (one row: the chain's last sequence number and hash, and which key writes it).
 * Every append and every re-seal updates the head first, inside its transaction: on PostgreSQL that locks it, on
 * SQLite it takes the write lock, so that the chain stays one whoever appends.
 */

/** A row as stored, with its numbers as numbers (PostgreSQL answers some as strings). */
function numbered(raw: AuditRow): AuditRow {
  return {
    ...raw,
    seq: Number(raw.seq),
    status: Number(raw.status),
    amount_cents:
      raw.amount_cents === null || raw.amount_cents === undefined ? null : Number(raw.amount_cents),
  };
}

const nextSeq = preparedQuery((db, _v: Record<string, never>) =>
  db
    .updateTable('audit_head')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', 1)
    .returning(['seq', 'hash']),
);

/** Takes the next sequence number; answers it with the hash of the row before (still the head's). */
export async function takeNextSeq(trx: ConsoleDb): Promise<{ seq: number; hash: string }> {
  const [head] = await nextSeq(trx, {});
  if (!head) throw new Error('The audit trail has no head row');
  return { seq: Number(head.seq), hash: head.hash };
}

/** Holds the head without moving it: the transaction runs alone against appends. */
export async function holdHead(
  trx: ConsoleDb,
): Promise<{ seq: number; hash: string; keyCheck: string | null }> {
  const head = await trx
    .updateTable('audit_head')
    .set((eb) => ({ seq: eb('seq', '+', 0) }))
    .where('id', '=', 1)
    .returning(['seq', 'hash', 'key_check'])
    .executeTakeFirstOrThrow();
  return { seq: Number(head.seq), hash: head.hash, keyCheck: head.key_check };
}

export async function readHead(db: ConsoleDb): Promise<{ seq: number; hash: string } | undefined> {
  const head = await db
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return head ? { seq: Number(head.seq), hash: head.hash } : undefined;
}

export async function setHead(
  trx: ConsoleDb,
  head: { seq?: number; hash?: string; keyCheck?: string },
): Promise<void> {
  await trx
    .updateTable('audit_head')
    .set({
      ...(head.seq === undefined ? {} : { seq: head.seq }),
      ...(head.hash === undefined ? {} : { hash: head.hash }),
      ...(head.keyCheck === undefined ? {} : { key_check: head.keyCheck }),
    })
    .where('id', '=', 1)
    .execute();
}

const insertRow = preparedQuery((db, row: AuditRow) =>
  db.insertInto('audit_events').values({
    seq: row.seq,
    at: row.at,
    org_id: row.org_id,
    member_id: row.member_id,
    email: row.email,
    role: row.role,
    action: row.action,
    targets: row.targets,
    outcome: row.outcome,
    status: row.status,
    request_id: row.request_id,
    client_address: row.client_address,
    detail: row.detail,
    amount_cents: row.amount_cents,
    prev_hash: row.prev_hash,
    hash: row.hash,
  }),
);

/**
 * The last line of an organization's trail, of one of these actions, that went through (status below 300), and the
 * version it names (`version:N` among its targets; 0 for a line written before versions): a row anchored to these
 * lines must be at least that version, and must exist once there is one. One look-up for each action, each down
 * audit_by_org_action: asked for several actions in one query, SQLite read the organization's trail back from its
 * newest line (audit_by_org) until it met one of them, so a sign-in's look-up of the role map grew with every payment
 * since the map was last written.
 */
export async function lastAnchor(
  db: ConsoleDb,
  orgId: string,
  actions: readonly string[],
): Promise<{ version: number } | undefined> {
  // Asked side by side: on PostgreSQL each is a round trip of its own.
  const found = await Promise.all(actions.map((action) => anchorQuery(action)(db, { orgId })));
  let latest: { seq: number; targets: string } | undefined;
  for (const [row] of found) {
    if (row && (latest === undefined || Number(row.seq) > latest.seq))
      latest = { seq: Number(row.seq), targets: row.targets };
  }
  if (!latest) return undefined;
  const named = /(?:^| )version:(\d+)(?: |$)/.exec(latest.targets);
  return { version: named ? Number(named[1]) : 0 };
}

/** One prepared query per action (a password session asks at each request). */
const anchorQueries = new Map<
  string,
  (db: ConsoleDb, v: { orgId: string }) => Promise<{ seq: number; targets: string }[]>
>();
function anchorQuery(action: string) {
  let query = anchorQueries.get(action);
  if (!query) {
    query = preparedQuery((db, v: { orgId: string }) =>
      db
        .selectFrom('audit_events')
        .select(['seq', 'targets'])
        .where('org_id', '=', v.orgId)
        .where('action', '=', action)
        .where('status', '<', 300)
        .orderBy('seq', 'desc')
        .limit(1),
    );
    anchorQueries.set(action, query);
  }
  return query;
}

/** Whether the trail holds a line of this action (of any organization). */
export async function hasAction(db: ConsoleDb, action: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_events')
    .select('seq')
    .where('action', '=', action)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const rowHashAt = preparedQuery((db, v: { seq: number }) =>
  db.selectFrom('audit_events').select('hash').where('seq', '=', v.seq),
);

/** One row's hash, or null when there is no row of that number. */
export async function auditRowHash(db: ConsoleDb, seq: number): Promise<string | null> {
  return (await rowHashAt(db, { seq }))[0]?.hash ?? null;
}

export async function insertAuditRow(trx: ConsoleDb, row: AuditRow): Promise<void> {
  await insertRow(trx, row);
}

const headHash = preparedQuery((db, v: { hash: string }) =>
  db.updateTable('audit_head').set({ hash: v.hash }).where('id', '=', 1),
);

/** The head's hash, once the row it names is written (an append's last step). */
export async function setHeadHash(trx: ConsoleDb, hash: string): Promise<void> {
  await headHash(trx, { hash });
}

/** Rows in order from sequence number `from` (inclusive), at most `limit`. */
export async function auditRowsFrom(db: ConsoleDb, from: number, limit: number): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('audit_events')
    .selectAll()
    .where('seq', '>=', from)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map(numbered);
}

/** A row's link and hash, written again (a re-seal). */
export async function relinkAuditRow(
  trx: ConsoleDb,
  seq: number,
  prevHash: string,
  hash: string,
): Promise<void> {
  await trx.updateTable('audit_events').set({ prev_hash: prevHash, hash }).where('seq', '=', seq).execute();
}

export interface AuditFilter {
  orgId: string;
  memberId?: string | undefined;
  action?: string | undefined;
  outcome?: string | undefined;
  /** ISO times, from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Rows before this sequence number (the next page of a newest-first list). */
  before?: number | undefined;
  limit: number;
}

/** An organization's rows, newest first, by the filter. */
export async function listAuditRows(db: ConsoleDb, filter: AuditFilter): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_events').selectAll().where('org_id', '=', filter.orgId);
  if (filter.memberId) query = query.where('member_id', '=', filter.memberId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.before) query = query.where('seq', '<', filter.before);
  const rows = await query.orderBy('seq', 'desc').limit(filter.limit).execute();
  return rows.map(numbered);
}

/** Failed sign-ins since `since`, for one email or one address, and when the oldest of them was. */
export async function countFailedSignIns(
  db: ConsoleDb,
  by: { email: string } | { address: string },
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  let query = db
    .selectFrom('audit_events')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('action', '=', 'sign-in')
    .where('outcome', '=', 'refused')
    .where('status', '=', 401)
    .where('at', '>=', since);
  query =
    'email' in by ? query.where('email', '=', by.email) : query.where('client_address', '=', by.address);
  const row = await query.executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: (row?.oldest as string | null) ?? null };
}

/**
 * The acts on one bill that the console forwarded and the service took (a 2xx answer), as the trail has them: who
 * made it, edited it and approved it. The trail is chained under the audit key, so a line cannot go without the chain failing.
 */
export function billActsInTrail(
  db: ConsoleDb,
  orgId: string,
  billId: string,
): Promise<{ action: string; member_id: string | null }[]> {
  return db
    .selectFrom('audit_events')
    .select(['action', 'member_id'])
    .where('action', 'in', ['bill.create', 'bill.upload', 'bill.update', 'bill.approve'])
    .where('org_id', '=', orgId)
    .where('status', '>=', 200)
    .where('status', '<', 300)
    .where((eb) => {
      // The bill's id as one whole target among the line's (space-separated), its LIKE wildcards taken literally:
      // never a part of another id, and never every bill's line for an id that is no id at all.
      const id = billId.replace(/[\\%_]/g, (c) => `\\${c}`);
      const like = (pattern: string) => sql<boolean>`${sql.ref('targets')} like ${pattern} escape '\\'`;
      return eb.or([eb('targets', '=', billId), like(`${id} %`), like(`% ${id}`), like(`% ${id} %`)]);
    })
    .execute();
}
