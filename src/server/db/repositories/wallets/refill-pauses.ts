import type { ConsoleDb } from '../../database';
import type { RefillPauseRow } from '../../schema/wallets';

/** An app's refill paused (again): the newest reason replaces an older one. */
export async function recordRefillPause(db: ConsoleDb, row: RefillPauseRow): Promise<void> {
  await db
    .insertInto('refill_pauses')
    .values(row)
    .onConflict((c) =>
      c.columns(['org_id', 'app_id']).doUpdateSet({
        app_name: row.app_name,
        amount_cents: row.amount_cents,
        limit_cents: row.limit_cents,
        paused_at: row.paused_at,
      }),
    )
    .execute();
}

/** A member set the app's refill since: the pause is history (the trail keeps it). */
export async function clearRefillPause(db: ConsoleDb, orgId: string, appId: string): Promise<void> {
  await db.deleteFrom('refill_pauses').where('org_id', '=', orgId).where('app_id', '=', appId).execute();
}

export async function refillPauses(db: ConsoleDb, orgId: string): Promise<RefillPauseRow[]> {
  const rows = await db
    .selectFrom('refill_pauses')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('app_id')
    .execute();
  return rows.map((row) => ({
    ...row,
    amount_cents: row.amount_cents === null ? null : Number(row.amount_cents),
    limit_cents: Number(row.limit_cents),
  }));
}
