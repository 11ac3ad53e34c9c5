import { type ConsoleDb, transaction } from '../../database';
import type { ApUserLinkRow } from '../../schema';

/** Upstream, which AP user each member acts as (payables/ap-user-links.ts). */

export function apUserLinksOf(db: ConsoleDb, orgId: string): Promise<ApUserLinkRow[]> {
  return db.selectFrom('ap_user_links').selectAll().where('org_id', '=', orgId).execute();
}

export function apUserLinkOf(db: ConsoleDb, orgId: string, memberId: string) {
  return db
    .selectFrom('ap_user_links')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Links the member to the AP user, in place of any link of either (one AP user acts for one member). */
export async function setApUserLink(db: ConsoleDb, row: ApUserLinkRow): Promise<void> {
  await transaction(db, async (tx) => {
    await tx
      .deleteFrom('ap_user_links')
      .where('org_id', '=', row.org_id)
      .where((w) => w.or([w('member_id', '=', row.member_id), w('ap_user_id', '=', row.ap_user_id)]))
      .execute();
    await tx.insertInto('ap_user_links').values(row).execute();
  });
}

export async function removeApUserLink(db: ConsoleDb, orgId: string, memberId: string): Promise<void> {
  await db
    .deleteFrom('ap_user_links')
    .where('org_id', '=', orgId)
    .where('member_id', '=', memberId)
    .execute();
}
