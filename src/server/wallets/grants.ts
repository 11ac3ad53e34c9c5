import { activePolicy } from '../approvals/policy';
import { Refusal } from '../errors';
import type { SessionMember } from '../identity/sign-in';
import { heldUntil } from '../members/hold';
import type { Team } from '../team';

/**
 * Where an app's withdrawals go is a grant of power: with approvals on (or the member held after a reset), setting or
 * changing the app's bank account is not sent but submitted (`{ move: 'ach-account' }`), and waits for a second
 * finance or admin member, who sees the account it replaces and the new one, masked.
 */
export async function grantWaits(team: Team, found: SessionMember): Promise<Refusal | null> {
  const policy = await activePolicy(team.database.db, found.organization.id);
  const held = heldUntil(found.member, team.now());
  if (!policy.enabled && !held) return null;
  return new Refusal(
    403,
    'approval-required',
    "An app's bank account says where its withdrawals go: another finance or admin member confirms the change",
    { extra: { limit: 'grant' } },
  );
}
