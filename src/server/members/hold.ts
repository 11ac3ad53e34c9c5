import type { MemberRow } from '../db/schema/team';
import type { ChangedBy } from '../identity/links';

/**
 * A member is held after a reset of their password or authenticator: for a while, whatever they pay waits for
 * another member's approval, and the admins who reset them do not approve it.
 */

/** Until when a member is held after a reset of their credentials (every payment of theirs waits), or null. */
export function heldUntil(member: { held_until: string | null }, now: Date): string | null {
  return member.held_until !== null && member.held_until > now.toISOString() ? member.held_until : null;
}

/**
 * After a reset, until when the member is held, and by whom (the admins who asked and confirmed, who do not approve
 * it): a hold still running keeps its admins too.
 */
export function holdAfterReset(
  holdMs: number,
  target: Pick<MemberRow, 'held_until' | 'held_by'>,
  by: ChangedBy,
  now: Date,
): { held_until: string; held_by: string } {
  const until = new Date(now.getTime() + holdMs).toISOString();
  const running = target.held_until !== null && target.held_until > now.toISOString();
  const admins = new Set([
    ...(running ? (target.held_by ?? '').split(' ').filter(Boolean) : []),
    by.proposedBy,
    ...(by.confirmedBy ? [by.confirmedBy] : []),
  ]);
  return {
    held_until: running && (target.held_until as string) > until ? (target.held_until as string) : until,
    held_by: [...admins].join(' '),
  };
}
