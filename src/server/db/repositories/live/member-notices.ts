import type { ConsoleDb } from '../../database';
import type { MemberNoticeRow } from '../../schema/live';

export async function insertNotice(db: ConsoleDb, row: MemberNoticeRow): Promise<void> {
  await db.insertInto('member_notices').values(row).execute();
}

/** A member's own notices, newest first. */
export function noticesOf(db: ConsoleDb, memberId: string, limit: number): Promise<MemberNoticeRow[]> {
  return db
    .selectFrom('member_notices')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
