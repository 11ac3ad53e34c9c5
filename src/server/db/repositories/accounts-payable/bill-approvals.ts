import type { ConsoleDb } from '../../database';
import type { BillApprovalRow, BillCreationRow, BillEditRow } from '../../schema/team';
import { sealerOf } from '../../seals';

/**
 * Who approved a bill through the console, with the fingerprint of the payment method they were shown; and who changed
 * it, with whether the change voided the approvals given before it (payables/judges/, lib/bill-approvals.ts). Each
 * approval is sealed as it is written (db/seals.ts): a fingerprint changed in the database, or an approval inserted
 * there, does not verify.
 */

/**
 * Notes an approval; false when the member has a note of this bill's round already (a unique index, so that two
 * approvals sent at once by one member, on any server, are one).
 */
export async function insertBillApproval(db: ConsoleDb, row: BillApprovalRow): Promise<boolean> {
  const inserted = await db
    .insertInto('ap_bill_approvals')
    .values(sealerOf(db).sealed('ap_bill_approvals', row))
    .onConflict((oc) => oc.columns(['org_id', 'bill_id', 'member_id', 'round']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes back the note of an approval the service refused. */
export async function deleteBillApproval(db: ConsoleDb, id: string): Promise<void> {
  await db.deleteFrom('ap_bill_approvals').where('id', '=', id).execute();
}

/** A bill's approvals as they were sealed, and how many others do not verify (each reported): the bill is not paid. */
export async function billApprovals(
  db: ConsoleDb,
  orgId: string,
  billId: string,
): Promise<{ approvals: BillApprovalRow[]; forged: number }> {
  const rows = await db
    .selectFrom('ap_bill_approvals')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('bill_id', '=', billId)
    .orderBy('at')
    .execute();
  const sealer = sealerOf(db);
  const approvals = rows.filter((row) =>
    sealer.verifies('ap_bill_approvals', row, { table: 'ap_bill_approvals', id: row.id, orgId }),
  );
  return { approvals, forged: rows.length - approvals.length };
}

export async function insertBillEdit(db: ConsoleDb, row: Omit<BillEditRow, 'seal'>): Promise<void> {
  await db.insertInto('ap_bill_edits').values(sealerOf(db).sealed('ap_bill_edits', row)).execute();
}

/** A bill's edits as they were sealed, oldest first, and how many others do not verify (each reported). */
export async function billEdits(
  db: ConsoleDb,
  orgId: string,
  billId: string,
): Promise<{ edits: BillEditRow[]; forged: number }> {
  const rows = await db
    .selectFrom('ap_bill_edits')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('bill_id', '=', billId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const sealer = sealerOf(db);
  const edits = rows.filter((row) =>
    sealer.verifies('ap_bill_edits', row, { table: 'ap_bill_edits', id: row.id, orgId }),
  );
  return { edits, forged: rows.length - edits.length };
}

/** Notes which member made a bill (once: the first note stands). */
export async function insertBillCreation(db: ConsoleDb, row: Omit<BillCreationRow, 'seal'>): Promise<void> {
  await db
    .insertInto('ap_bill_creations')
    .values(sealerOf(db).sealed('ap_bill_creations', row))
    .onConflict((oc) => oc.columns(['org_id', 'bill_id']).doNothing())
    .execute();
}

/**
 * Who made a bill through the console: `none` for a bill made elsewhere, `forged` for a note that does not verify
 * (reported), which the rules take as a bill they cannot judge.
 */
export async function billCreation(
  db: ConsoleDb,
  orgId: string,
  billId: string,
): Promise<BillCreationRow | 'none' | 'forged'> {
  const row = await db
    .selectFrom('ap_bill_creations')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('bill_id', '=', billId)
    .executeTakeFirst();
  if (!row) return 'none';
  const ok = sealerOf(db).verifies('ap_bill_creations', row, {
    table: 'ap_bill_creations',
    id: row.bill_id,
    orgId,
  });
  return ok ? row : 'forged';
}
