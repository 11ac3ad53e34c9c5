import { isTransferTrouble, noticeLink, noticeWords } from '../../lib/member-notices';
import { noticeMailOf } from '../db/repositories/live/member-notices';
import { findMemberByEmail } from '../db/repositories/team/members';
import type { MemberRow } from '../db/schema/team';
import { noticeMember } from '../live/notices';
import { sendInBackground } from '../mail/mail';
import { troubleMessage } from '../mail/notices';
import { normalEmail } from '../members/members';
import type { Team } from '../team';
import { type ServiceObject, statusOf } from './reads';

/**
 * Who made a transfer: the console stamps every payment it sends with its member's address (`metadata.initiated_by`,
 * gate/payment-stamp.ts, whatever the client wrote there), so the service's read names them. Undefined for money the
 * console did not send, or whose member is not of this organization.
 */
async function makerOf(team: Team, orgId: string, transfer: ServiceObject): Promise<MemberRow | undefined> {
  const metadata = transfer.metadata as { initiated_by?: unknown } | null | undefined;
  const email = metadata?.initiated_by;
  if (typeof email !== 'string' || email === '') return undefined;
  const member = await findMemberByEmail(team.database.db, normalEmail(email));
  return member?.org_id === orgId ? member : undefined;
}

const centsOf = (transfer: ServiceObject) =>
  typeof transfer.amount === 'number' && Number.isInteger(transfer.amount) ? Math.abs(transfer.amount) : null;

/**
 * A member whose payment or payout later failed or came back is told, once per transfer and status (the notice's own
 * key holds it, whichever console server applied the read, and however often the event came); by mail too where mail
 * is set up and they asked for it in Settings.
 */
export async function noticeTransferTrouble(
  team: Team,
  orgId: string,
  transfer: ServiceObject,
): Promise<void> {
  const status = statusOf(transfer);
  if (!isTransferTrouble(status)) return;
  const maker = await makerOf(team, orgId, transfer);
  if (!maker) return;
  const about = { kind: 'transfer', id: transfer.id } as const;
  const told = await noticeMember(team, {
    orgId,
    memberId: maker.id,
    about: about.kind,
    id: about.id,
    status,
  });
  if (!told || !team.mailer || !(await noticeMailOf(team.database.db, maker.id))) return;
  sendInBackground(team.mailer, [
    troubleMessage(maker, {
      words: noticeWords(about, status),
      amountCents: centsOf(transfer),
      link: noticeLink(about) ?? '/',
      origin: team.publicOrigin,
    }),
  ]);
}
