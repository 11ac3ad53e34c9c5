import { randomUUID } from 'node:crypto';
import { type NoticeAbout, noticeLink, noticeWords } from '../../lib/member-notices';
import {
  insertNotice,
  markNoticesRead,
  noticeMailOf,
  noticesOf,
  setNoticeMail,
  unreadNoticeCount,
} from '../db/repositories/live/member-notices';
import type { Team } from '../team';

/** How many of a member's notices their list shows. */
const LIST_LENGTH = 50;

export interface NoticeOf {
  orgId: string;
  memberId: string;
  about: NoticeAbout;
  id: string;
  status: string | null;
}

/**
 * A member is told of their own thing at once: a notice kept for their list, and a change on their stream only (the
 * page shows it and reads the object again). Once per object and status: a second telling (an event delivered twice,
 * a sweep reading what an event told) keeps nothing. True when the notice is new. Never fails what caused it.
 */
export async function noticeMember(team: Team, notice: NoticeOf): Promise<boolean> {
  const id = `ntc_${randomUUID().replaceAll('-', '')}`;
  try {
    const kept = await insertNotice(team.database.db, {
      id,
      org_id: notice.orgId,
      member_id: notice.memberId,
      about_kind: notice.about,
      about_id: notice.id,
      status: notice.status,
      at: team.now().toISOString(),
    });
    if (!kept) return false;
    await team.live.publish({
      orgId: notice.orgId,
      kind: 'notice',
      id,
      status: notice.status,
      memberId: notice.memberId,
    });
    return true;
  } catch (error) {
    console.error('[live] a notice could not be kept:', (error as Error).message);
    return false;
  }
}

/** The member's own notices, newest first, as their list shows them: what each is about in words, and where. */
export async function myNotices(team: Team, memberId: string) {
  const db = team.database.db;
  const [rows, unread] = await Promise.all([
    noticesOf(db, memberId, LIST_LENGTH),
    unreadNoticeCount(db, memberId),
  ]);
  return {
    unread,
    data: rows.map((row) => {
      const about = { kind: row.about_kind as NoticeAbout, id: row.about_id };
      return {
        id: row.id,
        about,
        status: row.status,
        at: row.at,
        read: row.read_at !== null,
        words: noticeWords(about, row.status),
        link: noticeLink(about),
      };
    }),
  };
}

/** Marks the member's own notices read (those named, else all); answers how many were unread. */
export function readMyNotices(team: Team, memberId: string, ids: readonly string[] | null): Promise<number> {
  return markNoticesRead(team.database.db, memberId, ids, team.now().toISOString());
}

/** Whether the member asked for their notices by mail too, and whether the console can send mail at all. */
export async function myNoticeMail(team: Team, memberId: string) {
  return { email_me: await noticeMailOf(team.database.db, memberId), mail_set_up: team.mailer !== null };
}

export async function setMyNoticeMail(team: Team, memberId: string, on: boolean) {
  await setNoticeMail(team.database.db, memberId, on, team.now().toISOString());
  return myNoticeMail(team, memberId);
}
