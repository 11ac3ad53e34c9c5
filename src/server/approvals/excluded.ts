import { sameHands } from '../../lib/approval-rules';
import type { ConsoleDb } from '../db/database';
import { findMember, listMembers } from '../db/repositories/team/members';
import type { MemberRow } from '../db/schema/team';
import { Refusal } from '../errors';
import { heldUntil } from '../members/hold';

/**
 * The members whose approval of a request does not count besides its maker, written on the request when it is made
 * (and sealed with it): the admins who reset a held maker's credentials, and every account the maker's own may share
 * hands with (lib/approval-rules.ts, sameHands). Space-separated ids, or null for none.
 */
export async function excludedAtSubmission(
  db: ConsoleDb,
  maker: MemberRow,
  held: string | null,
): Promise<string | null> {
  const ids = new Set(held ? (maker.held_by ?? '').split(' ').filter((id) => id !== '') : []);
  for (const other of await listMembers(db, maker.org_id)) {
    if (other.id !== maker.id && sameHands(maker, other)) ids.add(other.id);
  }
  return ids.size > 0 ? [...ids].join(' ') : null;
}

/**
 * A second member's confirmation of a change (a payee's or a vendor's bank details) refused when the maker's account
 * and the confirmer's may be one person's (lib/approval-rules.ts, sameHands), or one of them is held after a reset of
 * their credentials by the other or by someone who may hold it (members/hold.ts), as approvals of payments are; null
 * when they are two.
 */
export async function sameHandsRefusal(
  db: ConsoleDb,
  orgId: string,
  makerId: string,
  confirmer: MemberRow,
  now: Date,
): Promise<Refusal | null> {
  if (heldUntil(confirmer, now)) {
    return new Refusal(
      403,
      'approver-held',
      'Your password or authenticator was reset lately: until the hold ends, another member confirms it',
    );
  }
  const maker = await findMember(db, orgId, makerId);
  if (maker && heldUntil(maker, now) && (maker.held_by ?? '').split(' ').includes(confirmer.id)) {
    return new Refusal(
      403,
      'approver-excluded',
      "You asked for or confirmed the reset of this maker's password or authenticator lately: another member confirms it",
    );
  }
  if (!maker || !sameHands(maker, confirmer)) return null;
  return new Refusal(
    403,
    'approver-excluded',
    "The password of your account or of this change's maker was set through a one-time link shown to the other (or both to the same admin): one person may hold both, so another member confirms it",
  );
}
