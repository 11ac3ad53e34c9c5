import type { ConsoleDb } from '../database';
import type { BillEditRow } from '../schema';

/** Who changed a bill through the console, and whether the change voided the approvals given before it. */

export async function insertBillEdit(db: ConsoleDb, row: BillEditRow): Promise<void> {
  await db.insertInto('ap_bill_edits').values(row).execute();
}

/** A bill's edits, oldest first. */
export async function billEdits(db: ConsoleDb, orgId: string, billId: string): Promise<BillEditRow[]> {
  return db
    .selectFrom('ap_bill_edits')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('bill_id', '=', billId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}
