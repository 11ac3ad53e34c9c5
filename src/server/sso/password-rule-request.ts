import * as memberRows from '../db/repositories/team/members';
import { Refusal } from '../errors';
import type { SessionMember } from '../identity/sign-in';
import { proposeOrApply } from '../members/grants';
import type { TeamRequestView } from '../members/team-requests';
import type { Team } from '../team';
import type { PasswordRuleChange } from './password-rule';

/**
 * An admin asks to turn passwords off (naming the break-glass admin) or on again: always a team request, which
 * another admin confirms (lib/team-changes.ts), even the admin named themself.
 */
export async function askPasswordRule(
  team: Team,
  admin: SessionMember,
  change: PasswordRuleChange,
  origin: string,
): Promise<TeamRequestView | Refusal> {
  const target = change.break_glass_member_id
    ? ((await memberRows.findMember(team.database.db, admin.organization.id, change.break_glass_member_id)) ??
      null)
    : null;
  if (change.passwords === 'off' && !target) {
    return new Refusal(404, 'member-not-found', 'No such member', { field: 'break_glass_member_id' });
  }
  const outcome = await proposeOrApply(team, admin, { kind: 'passwords', target, payload: change }, origin);
  if (outcome instanceof Refusal) return outcome;
  if (outcome.kind !== 'waiting')
    throw new Error('A change of the password rule applied without a second admin');
  return outcome.request;
}
