import { isRole, type Role } from '../../lib/roles';
import * as memberRows from '../db/repositories/team/members';
import * as sessionRows from '../db/repositories/team/sessions';
import type { Team } from '../team';

/**
 * Whether a stream's session still holds, and the member's role now: read without touching the session, so that an
 * open page does not keep its member signed in (only what the member does does).
 */
export async function stillSignedIn(
  team: Team,
  secretHash: string,
  memberId: string,
): Promise<{ role: Role } | null> {
  const db = team.database.db;
  const row = memberRows.intactMember(db, await sessionRows.findSessionWithMember(db, secretHash));
  if (!row || row.id !== memberId || row.status !== 'active' || !isRole(row.role)) return null;
  const idleFor = team.now().getTime() - new Date(row.session_used_at).getTime();
  return idleFor > team.policy.idleTimeoutMs ? null : { role: row.role };
}
