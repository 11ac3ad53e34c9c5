import { type ConsoleDb, lockRow } from '../../database';
import { preparedQuery } from '../../prepared';
import type { OrganizationRow } from '../../schema/team';

/** The organizations the console acts for, one per client id. */

/** Inserts the organization unless one has its client id (two servers starting at once make one); answers it. */
export async function insertOrganizationOnce(db: ConsoleDb, row: OrganizationRow): Promise<OrganizationRow> {
  await db
    .insertInto('organizations')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  return db
    .selectFrom('organizations')
    .selectAll()
    .where('client_id', '=', row.client_id)
    .executeTakeFirstOrThrow();
}

export function findOrganization(db: ConsoleDb, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function organizationIds(db: ConsoleDb): Promise<string[]> {
  return (await db.selectFrom('organizations').select('id').execute()).map((row) => row.id);
}

/** Inside a transaction: holds the organization's row until it ends (lockRow). */
export function lockOrganization(trx: ConsoleDb, id: string): Promise<void> {
  return lockRow(trx, 'organizations', id);
}

const organizationByClientId = preparedQuery((db, v: { clientId: string }) =>
  db.selectFrom('organizations').selectAll().where('client_id', '=', v.clientId),
);

/** Asked for each of the service's events (their address names the client id), so built and compiled once. */
export async function findOrganizationByClientId(
  db: ConsoleDb,
  clientId: string,
): Promise<OrganizationRow | undefined> {
  return (await organizationByClientId(db, { clientId }))[0];
}
