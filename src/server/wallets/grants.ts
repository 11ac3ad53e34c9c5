import { formatCents } from '../../lib/money';
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

/**
 * An app's auto-refill moves money from the organization's bank account into the app's wallet unattended, once each
 * time the wallet falls below its threshold. With approvals on, a refill amount above the approval limit is refused to
 * the member who sets it (at its field): each refill would be a move above the limit that no second member saw.
 * Nothing of it waits yet (docs/team.md says why); at or under the limit it is saved as before.
 */
export async function refillAboveLimit(
  team: Team,
  found: SessionMember,
  raw: unknown,
): Promise<Refusal | null> {
  const body = raw as { refill_amount?: unknown; auto_refill_active?: unknown } | null;
  const amount = body?.refill_amount;
  // Turning refills on judges the amount they will move: an amount kept from before (set while approvals were off,
  // or under a higher limit) is not seen here, so it must be said again with the switch.
  const turnsOn = body?.auto_refill_active === true;
  if (typeof amount !== 'number' && !turnsOn) return null;
  const policy = await activePolicy(team.database.db, found.organization.id);
  if (!policy.enabled) return null;
  if (typeof amount !== 'number') {
    const message = `Say the refill amount when you turn auto-refill on: it is checked against the approval limit (${formatCents(policy.limitCents)})`;
    return new Refusal(403, 'approval-required', message, {
      errors: [{ path: 'refill_amount', message }],
      extra: { limit: 'amount' },
    });
  }
  if (amount <= policy.limitCents) return null;
  const message = `Above the approval limit (${formatCents(policy.limitCents)}), each refill would move money no second person saw: set a refill amount at or under it`;
  return new Refusal(403, 'approval-required', message, {
    errors: [{ path: 'refill_amount', message }],
    extra: { limit: 'amount' },
  });
}
