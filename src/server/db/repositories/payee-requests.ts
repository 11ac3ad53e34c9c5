import type { ConsoleDb } from '../database';
import type { PayeeRequestRow } from '../schema';

/**
 * Changes of where a payee's money goes, waiting for a second member: what only they have. Their status moves, lists
 * and expiry are those of every request (request-lifecycle.ts).
 */

export async function insertPayeeRequest(db: ConsoleDb, row: PayeeRequestRow): Promise<void> {
  await db.insertInto('payee_requests').values(row).execute();
}

export function findPayeeRequest(
  db: ConsoleDb,
  orgId: string,
  id: string,
): Promise<PayeeRequestRow | undefined> {
  return db
    .selectFrom('payee_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The body kept after the request ended: an account number by its last four digits only. */
export async function setPayeeRequestBody(db: ConsoleDb, id: string, body: string): Promise<void> {
  await db.updateTable('payee_requests').set({ body }).where('id', '=', id).execute();
}
