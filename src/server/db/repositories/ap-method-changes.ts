import type { ConsoleDb } from '../database';
import type { MethodChangeRow } from '../schema';

/** Changes of a vendor's payment method that wait for a second member. */

export async function insertMethodChange(db: ConsoleDb, row: MethodChangeRow): Promise<void> {
  await db.insertInto('ap_method_changes').values(row).execute();
}

export async function findMethodChange(
  db: ConsoleDb,
  orgId: string,
  id: string,
): Promise<MethodChangeRow | undefined> {
  return db
    .selectFrom('ap_method_changes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function methodChangesOf(db: ConsoleDb, orgId: string, limit = 100): Promise<MethodChangeRow[]> {
  return db
    .selectFrom('ap_method_changes')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Decides a pending change once: false when it was no longer pending (another member decided it first). */
export async function decideMethodChange(
  db: ConsoleDb,
  id: string,
  decision: Pick<MethodChangeRow, 'status' | 'decided_by' | 'decided_at' | 'reason'>,
): Promise<boolean> {
  const result = await db
    .updateTable('ap_method_changes')
    .set({ ...decision, body: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setMethodChangeOutcome(
  db: ConsoleDb,
  id: string,
  outcome: Pick<MethodChangeRow, 'status' | 'method_id' | 'reason'>,
): Promise<void> {
  await db.updateTable('ap_method_changes').set(outcome).where('id', '=', id).execute();
}
