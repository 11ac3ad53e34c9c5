import { maskedPayoutBody } from '../../lib/payee-changes';
import { statusAt } from '../../lib/request-lifecycle';
import { sameHandsRefusal } from '../approvals/excluded';
import { consoleEntry } from '../audit/chain';
import { noteMemberSetEmail } from '../db/repositories/onboarding/flow-links';
import * as payeeRows from '../db/repositories/team/payee-requests';
import * as lifecycle from '../db/repositories/team/request-lifecycle';
import type { PayeeRequestRow } from '../db/schema/team';
import { Refusal } from '../errors';
import { type CallService, serviceRequest } from '../gate/service-calls';
import type { SessionMember } from '../identity/sign-in';
import type { Team } from '../team';
import { type PayeeRequestView, payeeRequestViews } from './destination';

/**
 * The second member's side of a payee request: confirmed by a member of a paying role other than its maker, it is
 * taken by a conditional update (of two confirmations at once, one applies it) and the server sends the body it kept;
 * rejected with a reason, or withdrawn by its maker. However it ends, the body keeps an account number by its last
 * four digits only from then on.
 */

const payeeRequestNotFound = () => new Refusal(404, 'payee-request-not-found', 'No such request');
const decided = (status: string) =>
  new Refusal(409, 'payee-request-decided', `This request is ${status} already`);

async function ended(team: Team, row: PayeeRequestRow): Promise<void> {
  const masked = JSON.stringify(maskedPayoutBody(JSON.parse(row.body) as Record<string, unknown>));
  await payeeRows.setPayeeRequestBody(team.database.db, row, masked);
}

async function viewOf(team: Team, orgId: string, id: string): Promise<PayeeRequestView> {
  const row = await payeeRows.findPayeeRequest(team.database.db, orgId, id);
  return (await payeeRequestViews(team, row ? [row] : []))[0] as PayeeRequestView;
}

export async function listPayeeRequests(
  team: Team,
  orgId: string,
  status?: string,
): Promise<PayeeRequestView[]> {
  const rows = await lifecycle.listRequests(team.database.db, 'payee_requests', orgId, {
    status,
    now: team.now().toISOString(),
    limit: 100,
  });
  return payeeRequestViews(team, rows);
}

export async function confirmPayeeRequest(
  team: Team,
  call: CallService | null,
  confirmer: SessionMember,
  id: string,
): Promise<{ request: PayeeRequestView; userId: string } | Refusal> {
  const org = confirmer.organization;
  const row = await payeeRows.findPayeeRequest(team.database.db, org.id, id);
  if (!row) return payeeRequestNotFound();
  if (row.proposer_id === confirmer.member.id) {
    return new Refusal(403, 'self-approval', 'Another member confirms a change you asked for');
  }
  // Two accounts one person may hold (a password set through a link the other was shown) are one pair of hands.
  const oneHands = await sameHandsRefusal(
    team.database.db,
    org.id,
    row.proposer_id,
    confirmer.member,
    team.now(),
  );
  if (oneHands) return oneHands;
  const credentials = team.credentialsFor(org);
  if (!call || !credentials) {
    return new Refusal(
      403,
      'organization-not-connected',
      'The console holds no credentials for your organization',
    );
  }
  const now = team.now().toISOString();
  const taken = await lifecycle.moveStatus(team.database.db, 'payee_requests', row.id, {
    from: 'pending',
    to: 'applied',
    set: { decided_by: confirmer.member.id, decided_at: now },
    liveAt: now,
  });
  if (!taken) return decided(statusAt(row, team.now()));
  const path =
    row.operation === 'add-payout-method'
      ? `/v2/users/${encodeURIComponent(row.user_id)}/payout-methods`
      : `/v2/users/${encodeURIComponent(row.user_id)}`;
  // An email the change carries beside its method (a default's change may carry one) was typed by its maker: a link
  // mailed there is not the payee's alone for a while, as when a member sets it directly. Noted before the service is
  // asked, so that an answer lost on the way leaves the note.
  if (emailIn(row.body)) {
    await noteMemberSetEmail(team.database.db, {
      org_id: org.id,
      user_id: row.user_id,
      member_id: row.proposer_id,
      set_at: team.now().toISOString(),
    });
  }
  let refusal: string | null = null;
  try {
    const response = await call(
      serviceRequest(credentials, path, {
        method: row.operation === 'add-payout-method' ? 'PUT' : 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: row.body,
      }),
    );
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      refusal = `The service refused it (${response.status}): ${answer.message ?? 'no reason given'}`;
    }
  } catch (error) {
    refusal = `The service could not be reached: ${(error as Error).message}`;
  }
  if (refusal) {
    await lifecycle.moveStatus(team.database.db, 'payee_requests', row.id, {
      from: 'applied',
      to: 'void',
      set: { reason: refusal.slice(0, 500) },
    });
  }
  await ended(team, row);
  return { request: await viewOf(team, org.id, id), userId: row.user_id };
}

/** Whether a held change's body sets the user's email. */
function emailIn(body: string | null): boolean {
  try {
    return typeof (JSON.parse(body ?? 'null') as { email?: unknown } | null)?.email === 'string';
  } catch {
    return false;
  }
}

export async function closePayeeRequest(
  team: Team,
  member: SessionMember,
  id: string,
  close: { to: 'rejected'; reason: string } | { to: 'withdrawn' },
): Promise<PayeeRequestView | Refusal> {
  const org = member.organization;
  const row = await payeeRows.findPayeeRequest(team.database.db, org.id, id);
  if (!row) return payeeRequestNotFound();
  const mine = row.proposer_id === member.member.id;
  if (close.to === 'withdrawn' && !mine) {
    return new Refusal(403, 'not-your-request', 'Only the member who asked for it withdraws it');
  }
  if (close.to === 'rejected' && mine) {
    return new Refusal(403, 'self-approval', 'Withdraw a change you asked for; another member rejects it');
  }
  const now = team.now().toISOString();
  const moved = await lifecycle.moveStatus(team.database.db, 'payee_requests', row.id, {
    from: 'pending',
    to: close.to,
    set: {
      decided_by: member.member.id,
      decided_at: now,
      reason: close.to === 'rejected' ? close.reason : null,
    },
    liveAt: now,
  });
  if (!moved) return decided(statusAt(row, team.now()));
  await ended(team, row);
  return viewOf(team, org.id, id);
}

/** The sweep's part: payee requests past their deadline, expired with a line each and their body masked. */
export async function expireDuePayeeRequests(team: Team): Promise<number> {
  const now = team.now().toISOString();
  const due = await lifecycle.pendingPastDeadline(team.database.db, 'payee_requests', now);
  let expired = 0;
  for (const row of due) {
    const moved = await lifecycle.moveStatus(team.database.db, 'payee_requests', row.id, {
      from: 'pending',
      to: 'expired',
      set: { decided_at: now },
    });
    if (!moved) continue;
    expired++;
    await ended(team, row);
    await team.audit(consoleEntry(row.org_id, 'payee-request.expire', [row.id], { status: 200 }));
  }
  return expired;
}
