import { movedToday } from '../gate/spend';
import type { SessionMember } from '../identity/sign-in';
import { heldUntil } from '../members/hold';
import { countActiveAdmins, countApprovers } from '../members/members';
import { listTeamRequests } from '../members/team-requests';
import type { Team } from '../team';
import { activePolicy } from './policy';

/**
 * What every member reads of the approval policy (Settings, and Create payment before the review): the policy, a change
 * of it waiting for a second admin, how many can approve, what the member moved alone today, and whether they are held.
 */
export async function policyPage(team: Team, reader: SessionMember) {
  const db = team.database.db;
  const orgId = reader.organization.id;
  const [policy, waiting, approvers, admins, moved] = await Promise.all([
    activePolicy(db, orgId),
    listTeamRequests(team, orgId, 'pending'),
    countApprovers(db, orgId),
    countActiveAdmins(db, orgId),
    movedToday(db, reader.member.id, team.now()),
  ]);
  const proposal = waiting.find((r) => r.kind === 'policy') ?? null;
  // Held after a reset: the console says before the review that whatever this member pays waits for approval.
  const held = heldUntil(reader.member, team.now());
  return {
    policy,
    proposal,
    approvers,
    admins,
    moved_today_cents: moved,
    ...(held ? { held_until: held } : {}),
  };
}
