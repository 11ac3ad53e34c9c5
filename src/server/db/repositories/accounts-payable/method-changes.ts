import type { ConsoleDb } from '../../database';
import type { MethodChangeRow } from '../../schema/team';
import { sealerOf } from '../../seals';

/**
 * Changes of a vendor's payment method that wait for a second member. Each is sealed as it is written, and again when
 * its body is cleared or the method it made is known (db/seals.ts); one changed in the database is reported and taken
 * as absent when it is read to be decided.
 */

export async function insertMethodChange(db: ConsoleDb, row: MethodChangeRow): Promise<void> {
  await db.insertInto('ap_method_changes').values(sealerOf(db).sealed('ap_method_changes', row)).execute();
}

export async function findMethodChange(
  db: ConsoleDb,
  orgId: string,
  id: string,
): Promise<MethodChangeRow | undefined> {
  const row = await db
    .selectFrom('ap_method_changes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return sealerOf(db).verifies('ap_method_changes', row, { table: 'ap_method_changes', id, orgId })
    ? row
    : undefined;
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

/** The changes of one vendor's methods of this kind still waiting for a second member. */
export async function pendingMethodChangesOf(
  db: ConsoleDb,
  orgId: string,
  vendorId: string,
  kind: MethodChangeRow['kind'],
): Promise<MethodChangeRow[]> {
  return db
    .selectFrom('ap_method_changes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('vendor_id', '=', vendorId)
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Decides a pending change once (the row as it was read and verified): false when it was no longer pending (another
 * member decided it first). Its body, which holds the whole account number, is cleared, and the row sealed again.
 */
export async function decideMethodChange(
  db: ConsoleDb,
  row: MethodChangeRow,
  decision: Pick<MethodChangeRow, 'status' | 'decided_by' | 'decided_at' | 'reason'>,
): Promise<boolean> {
  const { seal } = sealerOf(db).sealed('ap_method_changes', { ...row, body: null });
  const result = await db
    .updateTable('ap_method_changes')
    .set({ ...decision, body: null, seal })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How a confirmed change ended at the service, and the method it made: sealed again with it. */
export async function setMethodChangeOutcome(
  db: ConsoleDb,
  row: MethodChangeRow,
  outcome: Pick<MethodChangeRow, 'status' | 'method_id' | 'reason'>,
): Promise<void> {
  const { seal } = sealerOf(db).sealed('ap_method_changes', {
    ...row,
    body: null,
    method_id: outcome.method_id,
  });
  await db
    .updateTable('ap_method_changes')
    .set({ ...outcome, seal })
    .where('id', '=', row.id)
    .execute();
}
