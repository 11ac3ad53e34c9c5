import type { ConsoleDb } from '../database';
import type { TeamRequestRow } from '../schema';

/**
 * Changes of the team waiting for a second admin: what only they have. Their status moves, their lists and their
 * expiry are those of every request (request-lifecycle.ts).
 */

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

/**
 * Ends the pending requests that match, still before their deadline (one past it is expired: the sweep says so), to
 * `status`, with the reason: a newer proposal of the policy replaces one, a proposer who is no longer an admin.
 */
export async function endPending(
  db: ConsoleDb,
  match: { orgId: string; kind: TeamRequestRow['kind'] } | { proposerId: string },
  to: 'withdrawn' | 'void',
  reason: string,
  now: string,
): Promise<void> {
  let update = db
    .updateTable('team_requests')
    .set({ status: to, reason, decided_at: now })
    .where('status', '=', 'pending')
    .where('expires_at', '>', now);
  update =
    'proposerId' in match
      ? update.where('proposer_id', '=', match.proposerId)
      : update.where('org_id', '=', match.orgId).where('kind', '=', match.kind);
  await update.execute();
}
