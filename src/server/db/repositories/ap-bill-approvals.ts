import type { ConsoleDb } from '../database';
import type { BillApprovalRow, BillEditRow } from '../schema';

/**
 * Who approved a bill through the console, with the fingerprint of the payment method they were shown; and who changed
 * it, with whether the change voided the approvals given before it (payables/rules.ts, lib/bill-approvals.ts).
 */

export async function insertBillApproval(db: ConsoleDb, row: BillApprovalRow): Promise<void> {
  await db.insertInto('ap_bill_approvals').values(row).execute();
}

export async function billApprovals(
  db: ConsoleDb,
  orgId: string,
  billId: string,
): Promise<BillApprovalRow[]> {
  return db
    .selectFrom('ap_bill_approvals')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('bill_id', '=', billId)
    .orderBy('at')
    .execute();
}

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
