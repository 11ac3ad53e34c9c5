import { isTransferTrouble } from '../../lib/member-notices';
import { findMemberByEmail } from '../db/repositories/team/members';
import { noticeMember } from '../live/notices';
import { normalEmail } from '../members/members';
import type { Team } from '../team';
import { type ServiceObject, statusOf } from './reads';

/**
 * Who made a transfer: the console stamps every payment it sends with its member's address (`metadata.initiated_by`,
 * gate/payment-stamp.ts, whatever the client wrote there), so the service's read names them. Null for money the
 * console did not send, or whose member is not of this organization.
 */
async function makerOf(team: Team, orgId: string, transfer: ServiceObject): Promise<string | null> {
  const metadata = transfer.metadata as { initiated_by?: unknown } | null | undefined;
  const email = metadata?.initiated_by;
  if (typeof email !== 'string' || email === '') return null;
  const member = await findMemberByEmail(team.database.db, normalEmail(email));
  return member && member.org_id === orgId ? member.id : null;
}

/**
 * A member whose payment or payout later failed or came back is told, once per transfer and status (the notice's own
 * key holds it, whichever console server applied the read, and however often the event came).
 */
export async function noticeTransferTrouble(
  team: Team,
  orgId: string,
  transfer: ServiceObject,
): Promise<void> {
  const status = statusOf(transfer);
  if (!isTransferTrouble(status)) return;
  const memberId = await makerOf(team, orgId, transfer);
  if (!memberId) return;
  await noticeMember(team, { orgId, memberId, about: 'transfer', id: transfer.id, status });
}
