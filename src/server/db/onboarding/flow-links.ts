import type { ConsoleDb } from '../database';
import type { FlowLinkRow } from './flow-links-schema';

/** Onboarding links made through the console, and users' emails set by members (onboarding/flow-links.ts). */

/** Keeps a link made; a token seen before (a service that answered one link twice) keeps its first row. */
export async function insertFlowLink(db: ConsoleDb, row: FlowLinkRow): Promise<void> {
  await db
    .insertInto('flow_links')
    .values(row)
    .onConflict((c) => c.column('token_hash').doNothing())
    .execute();
}

export function findFlowLink(db: ConsoleDb, tokenHash: string): Promise<FlowLinkRow | undefined> {
  return db.selectFrom('flow_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function noteMemberSetEmail(
  db: ConsoleDb,
  row: { org_id: string; user_id: string; member_id: string; set_at: string },
): Promise<void> {
  await db.insertInto('member_set_emails').values(row).execute();
}

/** Whether a member set this user's email at or after `since`. */
export async function emailSetByMemberSince(
  db: ConsoleDb,
  orgId: string,
  userId: string,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('member_set_emails')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('set_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}
