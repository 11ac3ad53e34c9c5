import { randomUUID } from 'node:crypto';
import { insertNotice, noticesOf } from '../db/repositories/live/member-notices';
import type { Team } from '../team';
import type { ChangeKind } from './changes';

/** How many of a member's notices their list shows. */
const LIST_LENGTH = 50;

/**
 * A member is told of their own thing at once: a notice kept for their list, and a change on their stream only (the
 * page shows it and reads the object again). Never fails what caused it.
 */
export async function noticeMember(
  team: Team,
  notice: {
    orgId: string;
    memberId: string;
    about: Exclude<ChangeKind, 'notice'>;
    id: string;
    status: string | null;
  },
): Promise<void> {
  const id = `ntc_${randomUUID().replaceAll('-', '')}`;
  try {
    await insertNotice(team.database.db, {
      id,
      org_id: notice.orgId,
      member_id: notice.memberId,
      about_kind: notice.about,
      about_id: notice.id,
      status: notice.status,
      at: team.now().toISOString(),
    });
    await team.live.publish({
      orgId: notice.orgId,
      kind: 'notice',
      id,
      status: notice.status,
      memberId: notice.memberId,
    });
  } catch (error) {
    console.error('[live] a notice could not be kept:', (error as Error).message);
  }
}

/** The member's own notices, newest first, as their list shows them. */
export async function myNotices(team: Team, memberId: string) {
  const rows = await noticesOf(team.database.db, memberId, LIST_LENGTH);
  return rows.map((row) => ({
    id: row.id,
    about: { kind: row.about_kind, id: row.about_id },
    status: row.status,
    at: row.at,
  }));
}
