import type { TeamRequestStatus } from '../../../lib/team-changes';
import type { ConsoleDb } from '../database';
import type { TeamRequestRow } from '../schema';

/** Changes of the team waiting for a second admin. */

export async function insertTeamRequest(db: ConsoleDb, row: TeamRequestRow): Promise<void> {
  await db.insertInto('team_requests').values(row).execute();
}

export function findTeamRequest(
  db: ConsoleDb,
  orgId: string,
  id: string,
): Promise<TeamRequestRow | undefined> {
  return db
    .selectFrom('team_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An organization's team requests, newest first (the last 100). */
export function listTeamRequests(
  db: ConsoleDb,
  orgId: string,
  status?: TeamRequestStatus,
): Promise<TeamRequestRow[]> {
  let query = db.selectFrom('team_requests').selectAll().where('org_id', '=', orgId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'desc').limit(100).execute();
}

/** Pending team requests of an organization past their expiry, moved to expired. */
export async function expirePendingTeamRequests(db: ConsoleDb, orgId: string, now: string): Promise<void> {
  await db
    .updateTable('team_requests')
    .set({ status: 'expired', decided_at: now })
    .where('org_id', '=', orgId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

/** Moves a waiting, unexpired team request once (of two admins deciding at once, one wins). */
export async function decideTeamRequest(
  db: ConsoleDb,
  id: string,
  to: TeamRequestStatus,
  by: string,
  reason: string | null,
  now: string,
): Promise<boolean> {
  const moved = await db
    .updateTable('team_requests')
    .set({ status: to, decided_by: by, reason, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** A confirmed request that no longer held when applied: void, with the reason. */
export async function voidTeamRequest(db: ConsoleDb, id: string, reason: string): Promise<void> {
  await db.updateTable('team_requests').set({ status: 'void', reason }).where('id', '=', id).execute();
}

/** Ends an organization's pending requests of one kind (a newer proposal of the policy replaces one). */
export async function withdrawPendingOfKind(
  db: ConsoleDb,
  orgId: string,
  kind: TeamRequestRow['kind'],
  reason: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('team_requests')
    .set({ status: 'withdrawn', decided_at: now, reason })
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .execute();
}

/** Voids the pending requests a member proposed (they are no longer an admin). */
export async function voidPendingOf(db: ConsoleDb, proposerId: string, reason: string, now: string) {
  await db
    .updateTable('team_requests')
    .set({ status: 'void', reason, decided_at: now })
    .where('proposer_id', '=', proposerId)
    .where('status', '=', 'pending')
    .execute();
}
