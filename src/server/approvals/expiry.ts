import { consoleEntry } from '../audit/chain';
import * as requestRows from '../db/repositories/approval-requests';
import type { RequestRow } from '../db/schema';
import type { Team } from '../team';
import { tellMaker } from './notify';
import { moveStatus } from './status';

/** Approval requests nobody decided in their week: expired, with a line in the trail, and the maker told. */

/** Expires a pending request past its deadline, once; false when another caller did, or it was decided. */
export async function expireRequest(team: Team, row: RequestRow, origin: string): Promise<boolean> {
  const db = team.database.db;
  if (!(await moveStatus(db, row.id, 'pending', 'expired', team.now()))) return false;
  await team.audit(
    consoleEntry(row.org_id, 'approval.expire', [row.id], {
      status: 200,
      amountCents: Number(row.amount_cents),
    }),
  );
  const ended = await requestRows.findRequest(db, row.org_id, row.id);
  if (ended) await tellMaker(team, ended, origin);
  return true;
}

/** Every pending request of an organization past its deadline, expired. */
export async function expireDueOf(team: Team, orgId: string, origin: string): Promise<void> {
  for (const row of await requestRows.pendingPastExpiry(team.database.db, orgId, team.now())) {
    await expireRequest(team, row, origin);
  }
}
