import type { ConsoleDb } from '../../database';
import type { LiveChangeRow } from '../../schema/live';

export type NewLiveChange = Omit<LiveChangeRow, 'seq'>;

/** A change stored; its sequence number. */
export async function appendChange(db: ConsoleDb, change: NewLiveChange): Promise<number> {
  const row = await db.insertInto('live_changes').values(change).returning('seq').executeTakeFirstOrThrow();
  return Number(row.seq);
}

/**
 * An approval request's new status, stored as a change of its organization in the same statement that reads which
 * organization it is (inside the caller's transaction when there is one, so it commits with the move).
 */
export async function appendApprovalChange(
  db: ConsoleDb,
  requestId: string,
  status: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('live_changes')
    .columns(['org_id', 'kind', 'object_id', 'status', 'member_id', 'at'])
    .expression((eb) =>
      eb
        .selectFrom('approval_requests')
        .select((s) => [
          'org_id',
          s.val('approval_request').as('kind'),
          'id',
          s.val(status).as('status'),
          s.val(null).as('member_id'),
          s.val(at).as('at'),
        ])
        .where('id', '=', requestId),
    )
    .execute();
}

/** Changes stored after `seq`, oldest first, at most `limit`; of one organization when it is given. */
export async function changesAfter(
  db: ConsoleDb,
  seq: number,
  limit: number,
  orgId?: string,
): Promise<LiveChangeRow[]> {
  let query = db.selectFrom('live_changes').selectAll().where('seq', '>', seq);
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  const rows = await query.orderBy('seq').limit(limit).execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** The first and last sequence numbers still kept (0 when none are). */
export async function keptRange(db: ConsoleDb): Promise<{ first: number; last: number }> {
  const row = await db
    .selectFrom('live_changes')
    .select((eb) => [eb.fn.min('seq').as('first'), eb.fn.max('seq').as('last')])
    .executeTakeFirst();
  return { first: Number(row?.first ?? 0), last: Number(row?.last ?? 0) };
}

/** Forgets changes stored before `at`, but always keeps the last one (the sequence resumes above it). */
export async function pruneChanges(db: ConsoleDb, at: string): Promise<void> {
  const { last } = await keptRange(db);
  await db.deleteFrom('live_changes').where('at', '<', at).where('seq', '<', last).execute();
}
