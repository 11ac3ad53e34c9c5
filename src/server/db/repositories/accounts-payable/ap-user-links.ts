import { type ConsoleDb, transaction } from '../../database';
import type { ApUserLinkRow } from '../../schema/team';
import { sealerOf } from '../../seals';

/**
 * Upstream, which AP user each member acts as (payables/team/ap-user-links.ts): sealed as written, and a row that does not
 * verify (inserted or changed in the database) is reported and taken as absent.
 */

function verified(db: ConsoleDb, row: ApUserLinkRow): boolean {
  return sealerOf(db).verifies('ap_user_links', row, {
    table: 'ap_user_links',
    id: `${row.member_id} ${row.ap_user_id}`,
    orgId: row.org_id,
  });
}

export async function apUserLinksOf(db: ConsoleDb, orgId: string): Promise<ApUserLinkRow[]> {
  const rows = await db.selectFrom('ap_user_links').selectAll().where('org_id', '=', orgId).execute();
  return rows.filter((row) => verified(db, row));
}

export async function apUserLinkOf(
  db: ConsoleDb,
  orgId: string,
  memberId: string,
): Promise<ApUserLinkRow | undefined> {
  const row = await db
    .selectFrom('ap_user_links')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row && verified(db, row) ? row : undefined;
}

/** Links the member to the AP user, in place of any link of either (one AP user acts for one member). */
export async function setApUserLink(db: ConsoleDb, row: Omit<ApUserLinkRow, 'seal'>): Promise<void> {
  await transaction(db, async (tx) => {
    await tx
      .deleteFrom('ap_user_links')
      .where('org_id', '=', row.org_id)
      .where((w) => w.or([w('member_id', '=', row.member_id), w('ap_user_id', '=', row.ap_user_id)]))
      .execute();
    await tx.insertInto('ap_user_links').values(sealerOf(tx).sealed('ap_user_links', row)).execute();
  });
}

export async function removeApUserLink(db: ConsoleDb, orgId: string, memberId: string): Promise<void> {
  await db
    .deleteFrom('ap_user_links')
    .where('org_id', '=', orgId)
    .where('member_id', '=', memberId)
    .execute();
}
