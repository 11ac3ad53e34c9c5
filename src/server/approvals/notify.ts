import { approvalCounts } from '../../lib/approval-rules';
import { isRole } from '../../lib/roles';
import { activeMembersOf } from '../db/repositories/team/members';
import type { RequestRow } from '../db/schema/team';
import { noticeMember } from '../live/notices';
import { sendInBackground } from '../mail/mail';
import { decidedMessage, waitingMessages } from '../mail/notices';
import { namesByIds, PAYING_ROLES } from '../members/members';
import type { Team } from '../team';

/** What the members hear of approval requests, by mail (SMTP only), never failing the request that caused it. */

/** The news of a request, for mail. */
async function newsOf(team: Team, request: RequestRow, origin: string) {
  const maker = (await namesByIds(team.database.db, [request.maker_id])).get(request.maker_id) ?? {
    name: 'A member',
    email: '',
  };
  return {
    id: request.id,
    amountCents: Number(request.amount_cents),
    count: Number(request.row_count),
    maker,
    origin,
  };
}

/** Approvers hear of a request that waits for them: those whose approval would count. */
export async function tellApprovers(team: Team, request: RequestRow, origin: string) {
  if (!team.mailer) return;
  const members = await activeMembersOf(team.database.db, request.org_id, PAYING_ROLES);
  const now = team.now().toISOString();
  const approvers = members.filter(
    (m) => isRole(m.role) && approvalCounts({ ...m, role: m.role }, request, now),
  );
  sendInBackground(team.mailer, waitingMessages(approvers, await newsOf(team, request, origin)));
}

/** The maker hears how their request ended: a notice in the console at once, and mail where it is set up. */
export async function tellMaker(team: Team, request: RequestRow, origin: string) {
  await noticeMember(team, {
    orgId: request.org_id,
    memberId: request.maker_id,
    about: 'approval_request',
    id: request.id,
    status: request.status,
  });
  if (!team.mailer) return;
  const news = await newsOf(team, request, origin);
  if (!news.maker.email) return;
  const result = request.result ? (JSON.parse(request.result) as { reason?: string }) : {};
  sendInBackground(team.mailer, [decidedMessage(news, { status: request.status, reason: result.reason })]);
}
