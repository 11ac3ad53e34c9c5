import type { ConsoleDb } from '../../database';
import type { MemberNoticeRow } from '../../schema/live';

/** Keeps a notice, once per member, object and status: false when that notice was kept already. */
export async function insertNotice(db: ConsoleDb, row: Omit<MemberNoticeRow, 'read_at'>): Promise<boolean> {
  const result = await db
    .insertInto('member_notices')
    .values({ ...row, read_at: null })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
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

/** How many of a member's notices are unread. */
export async function unreadNoticeCount(db: ConsoleDb, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('member_notices')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks the member's own unread notices read (those named, or all): another member's are never touched. */
export async function markNoticesRead(
  db: ConsoleDb,
  memberId: string,
  ids: readonly string[] | null,
  at: string,
): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let query = db
    .updateTable('member_notices')
    .set({ read_at: at })
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the member asked for their notices by mail too; off until they do. */
export async function noticeMailOf(db: ConsoleDb, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('notice_mail')
    .select('email_me')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.email_me === 'on';
}

export async function setNoticeMail(db: ConsoleDb, memberId: string, on: boolean, at: string): Promise<void> {
  const email_me = on ? 'on' : 'off';
  await db
    .insertInto('notice_mail')
    .values({ member_id: memberId, email_me, changed_at: at })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ email_me, changed_at: at }))
    .execute();
}
