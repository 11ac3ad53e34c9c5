import type { ConsoleDb } from '../database';
import type { SpendRow } from '../schema';

/** What each member moved alone (cents), as the server forwarded it. */

/** The total since `since` (exclusive) of a member, or of a file's rows in an organization. */
export async function sumSpend(
  db: ConsoleDb,
  of: { memberId: string } | { orgId: string; fileId: string },
  since: string,
): Promise<number> {
  let query = db
    .selectFrom('member_spend')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
    .where('at', '>', since);
  query =
    'memberId' in of
      ? query.where('member_id', '=', of.memberId)
      : query.where('org_id', '=', of.orgId).where('file_id', '=', of.fileId);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function insertSpend(db: ConsoleDb, row: SpendRow): Promise<void> {
  await db.insertInto('member_spend').values(row).execute();
}

export async function deleteSpend(db: ConsoleDb, id: string): Promise<void> {
  await db.deleteFrom('member_spend').where('id', '=', id).execute();
}
