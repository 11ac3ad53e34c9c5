import type { ConsoleDb } from '../../database';
import type { TeamRequestRow } from '../../schema/team';
import { sealerOf } from '../../seals';

/**
 * Changes of the team waiting for a second admin: what only they have. Their status moves, their lists and their
 * expiry are those of every request (request-lifecycle.ts).
 */

export async function insertTeamRequest(db: ConsoleDb, row: TeamRequestRow): Promise<void> {
  await db.insertInto('team_requests').values(sealerOf(db).sealed('team_requests', row)).execute();
}

/** A team request as its repository sealed it (db/seals.ts); a forged one is reported and taken as absent. */
export async function findTeamRequest(
  db: ConsoleDb,
  orgId: string,
  id: string,
): Promise<TeamRequestRow | undefined> {
  const row = await db
    .selectFrom('team_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const sealer = sealerOf(db);
  // Ended before ends were sealed: the seal it waited with is still its own (set waiting again, it verifies as before).
  if (row.status !== 'pending' && row.seal === sealer.seal('team_requests', { ...row, status: 'pending' }))
    return row;
  return sealer.verifies('team_requests', row, { table: 'team_requests', id, orgId }) ? row : undefined;
}

/** The seal of a request as it ends in `status`: set with the status, in the same conditional update. */
export function endSealOf(db: ConsoleDb, row: TeamRequestRow, status: TeamRequestRow['status']): string {
  return sealerOf(db).seal('team_requests', { ...row, status });
}

/**
 * A request no member proposed, taken by the admin who confirms it first as its proposer (sealed again so): only while
 * it still has none and waits, so that of two admins adopting at once one does. Whether this one did.
 */
export async function adoptTeamRequest(
  db: ConsoleDb,
  row: TeamRequestRow,
  adminId: string,
  now: string,
): Promise<boolean> {
  const seal = sealerOf(db).seal('team_requests', { ...row, proposer_id: adminId });
  const done = await db
    .updateTable('team_requests')
    .set({ proposer_id: adminId, seal })
    .where('id', '=', row.id)
    .where('proposer_id', 'is', null)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
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
  let select = db
    .selectFrom('team_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '>', now);
  select =
    'proposerId' in match
      ? select.where('proposer_id', '=', match.proposerId)
      : select.where('org_id', '=', match.orgId).where('kind', '=', match.kind);
  // One by one, each sealed with its end (a seal is the row's own).
  for (const row of await select.execute()) {
    await db
      .updateTable('team_requests')
      .set({ status: to, reason, decided_at: now, seal: endSealOf(db, row, to) })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
  }
}

/** The team requests of one kind still waiting (pending, before their deadline at `now`). */
export function waitingTeamRequestsOf(
  db: ConsoleDb,
  orgId: string,
  kind: TeamRequestRow['kind'],
  now: string,
): Promise<TeamRequestRow[]> {
  return db
    .selectFrom('team_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .execute();
}

/** The roles a member's pending role requests ask for (the directory asks once per member and role: sso/). */
export async function pendingRolesOf(
  db: ConsoleDb,
  orgId: string,
  memberId: string,
  now: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('team_requests')
    .select('payload')
    .where('org_id', '=', orgId)
    .where('target_member_id', '=', memberId)
    .where('kind', '=', 'role')
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .execute();
  return rows.map((row) => String((JSON.parse(row.payload) as { role?: unknown }).role));
}
