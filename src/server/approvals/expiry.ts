import { consoleEntry } from '../audit/chain';
import * as requestRows from '../db/repositories/team/approval-requests';
import * as lifecycle from '../db/repositories/team/request-lifecycle';
import type { RequestRow } from '../db/schema/team';
import type { Team } from '../team';
import { tellMaker } from './notify';
import { moveStatus } from './status';

/**
 * Approval requests nobody decided before their deadline: every reader sees them as expired from that moment
 * (lib/request-lifecycle.ts); this writes it down, once, with a line in the trail and a word to the maker, when the
 * sweep finds one (sweep.ts) or a write meets one (a decision, the same body submitted again).
 */

/** Expires a pending request past its deadline, once; false when another caller did, or it was decided. */
export async function expireRequest(team: Team, row: RequestRow, origin?: string): Promise<boolean> {
  const db = team.database.db;
  if (!(await moveStatus(db, row.id, 'pending', 'expired', team.now()))) return false;
  await team.audit(
    consoleEntry(row.org_id, 'approval.expire', [row.id], {
      status: 200,
      amountCents: Number(row.amount_cents),
    }),
  );
  const ended = await requestRows.findRequest(db, row.org_id, row.id);
  if (ended) await tellMaker(team, ended, row.origin ?? origin ?? '');
  return true;
}

/** Every pending request past its deadline, of every organization, expired; how many. */
export async function expireDueRequests(team: Team): Promise<number> {
  const due = await lifecycle.pendingPastDeadline(
    team.database.db,
    'approval_requests',
    team.now().toISOString(),
  );
  let expired = 0;
  for (const row of due) if (await expireRequest(team, row)) expired++;
  return expired;
}
