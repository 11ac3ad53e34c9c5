import type { ConsoleDb } from '../../database';
import type { PayeeRequestRow } from '../../schema/team';
import { sealerOf } from '../../seals';

/**
 * Changes of where a payee's money goes, waiting for a second member: what only they have. Their status moves, lists
 * and expiry are those of every request (request-lifecycle.ts). Each is sealed as it is written (db/seals.ts); one
 * changed in the database is reported and taken as absent when it is read to be decided.
 */

export async function insertPayeeRequest(db: ConsoleDb, row: PayeeRequestRow): Promise<void> {
  await db.insertInto('payee_requests').values(sealerOf(db).sealed('payee_requests', row)).execute();
}

export async function findPayeeRequest(
  db: ConsoleDb,
  orgId: string,
  id: string,
): Promise<PayeeRequestRow | undefined> {
  const row = await db
    .selectFrom('payee_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return sealerOf(db).verifies('payee_requests', row, { table: 'payee_requests', id, orgId })
    ? row
    : undefined;
}

/**
 * The body kept after the request ended: an account number by its last four digits only, sealed again as such. A row
 * that did not verify (the sweep reads rows without deciding on them) is masked but keeps its broken seal.
 */
export async function setPayeeRequestBody(db: ConsoleDb, row: PayeeRequestRow, body: string): Promise<void> {
  const sealer = sealerOf(db);
  const intact = sealer.verifies('payee_requests', row, {
    table: 'payee_requests',
    id: row.id,
    orgId: row.org_id,
  });
  const { seal } = intact ? sealer.sealed('payee_requests', { ...row, body }) : row;
  await db.updateTable('payee_requests').set({ body, seal }).where('id', '=', row.id).execute();
}

/** The payee request still waiting (pending, not expired at `now`) of this proposer, payee and kind, if any. */
export function waitingPayeeRequest(
  db: ConsoleDb,
  row: Pick<PayeeRequestRow, 'org_id' | 'user_id' | 'proposer_id' | 'operation'>,
  now: string,
): Promise<PayeeRequestRow | undefined> {
  return db
    .selectFrom('payee_requests')
    .selectAll()
    .where('org_id', '=', row.org_id)
    .where('user_id', '=', row.user_id)
    .where('proposer_id', '=', row.proposer_id)
    .where('operation', '=', row.operation)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The payee requests still waiting (pending, not expired at `now`) of this payee and kind, whoever asked. */
export function waitingPayeeRequestsOf(
  db: ConsoleDb,
  of: Pick<PayeeRequestRow, 'org_id' | 'user_id' | 'operation'>,
  now: string,
): Promise<PayeeRequestRow[]> {
  return db
    .selectFrom('payee_requests')
    .selectAll()
    .where('org_id', '=', of.org_id)
    .where('user_id', '=', of.user_id)
    .where('operation', '=', of.operation)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .execute();
}
