import type { ConsoleDb } from '../database';
import type { BillApprovalRow } from '../schema';

/** Who approved a bill through the console, with the fingerprint of the payment method they were shown. */

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
