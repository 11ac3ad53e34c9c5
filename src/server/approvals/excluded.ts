import { sameHands } from '../../lib/approval-rules';
import type { ConsoleDb } from '../db/database';
import { listMembers } from '../db/repositories/members';
import type { MemberRow } from '../db/schema';

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
