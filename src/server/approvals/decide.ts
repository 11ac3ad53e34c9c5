import { approvalCounts, excludedApprovers, sameHands } from '../../lib/approval-rules';
import { isPastDeadline, statusAt } from '../../lib/request-lifecycle';
import { recordDecision } from '../db/repositories/team/approval-decisions';
import * as requestRows from '../db/repositories/team/approval-requests';
import { findMember } from '../db/repositories/team/members';
import type { RequestRow } from '../db/schema/team';
import { approvalRequestNotFound, Refusal } from '../errors';
import type { CallService } from '../gate/service-calls';
import type { SessionMember } from '../identity/sign-in';
import { heldUntil } from '../members/hold';
import type { Team } from '../team';
import { runApproved } from './execution/executor';
import { expireRequest } from './expiry';
import { tellMaker } from './notify';
import { approvalsOf, moveStatus } from './status';
import { currentView, type RequestView } from './views';

/** Deciding approval requests: another member approves or rejects; the maker withdraws. */

export type Decision = { kind: 'recorded'; request: RequestRow; approvedNow: boolean } | Refusal;

/** A decision that meets a request past its deadline writes its expiry down (if the sweep has not yet), and refuses. */
async function expiredNow(team: Team, request: RequestRow, origin: string): Promise<Refusal> {
  await expireRequest(team, request, origin);
  return new Refusal(409, 'request-expired', 'This request expired: the maker submits it again');
}

/**
 * A member's approval or rejection. The maker cannot decide their own request; an approval counts only from a member
 * who could approve when the request was made (lib/approval-rules.ts); a member counts once; any rejection rejects;
 * an expired request is marked so and refused. The request moves to approved when enough approvals that count have
 * arrived, by a conditional update that only one caller can win.
 */
export async function decide(
  team: Team,
  member: SessionMember,
  requestId: string,
  decision: { approve: true } | { approve: false; reason: string },
  origin: string,
): Promise<Decision> {
  const db = team.database.db;
  const now = team.now();
  const request = await requestRows.findRequest(db, member.organization.id, requestId);
  if (!request) return approvalRequestNotFound();
  if (request.maker_id === member.member.id) {
    return new Refusal(403, 'self-approval', 'You prepared this request: another member decides it');
  }
  // A request changed in the database (its maker, amount or body) is approved by no one: its seal is checked here, at
  // the approval, not only when it would be paid (reported, as at the executor).
  if (
    decision.approve &&
    !requestRows.intactRequest(db, request, (await requestRows.requestBody(db, request.id)) ?? '')
  ) {
    return new Refusal(
      409,
      'request-changed',
      'This request was changed outside the console: it is not approved or paid. The maker submits it again',
    );
  }
  if (isPastDeadline(request, now)) return expiredNow(team, request, origin);
  if (request.status !== 'pending') {
    return new Refusal(409, 'request-decided', `This request is ${request.status} already`);
  }
  if (decision.approve && excludedApprovers(request).includes(member.member.id)) {
    const maker = await findMember(db, member.organization.id, request.maker_id);
    return new Refusal(
      403,
      'approver-excluded',
      // Said as the reset when the approver reset the maker (both may hold then), else as the hands it may share.
      maker && !(maker.held_by ?? '').split(' ').includes(member.member.id) && sameHands(maker, member.member)
        ? "The password of your account or of this maker's was set through a one-time link shown to the other (or both to the same admin): one person may hold both, so another member decides it"
        : "You asked for or confirmed the reset of this maker's password or authenticator shortly before they made this request: another member decides it",
    );
  }
  if (decision.approve && heldUntil(member.member, now)) {
    return new Refusal(
      403,
      'approver-held',
      'Your password or authenticator was reset lately: until the hold ends, your approvals do not count. Another member decides it',
    );
  }
  if (decision.approve && !approvalCounts(member.member, request, now.toISOString())) {
    return new Refusal(
      403,
      'approver-too-recent',
      'You became an approver (or your password or authenticator was reset) after this request was made: a member who could approve it then decides it',
    );
  }
  await recordDecision(db, request.id, member.member.id, decision, now.toISOString());
  let approvedNow = false;
  if (!decision.approve) {
    await moveStatus(db, request.id, 'pending', 'rejected', now, { reason: decision.reason });
  } else {
    const counting = (await approvalsOf(db, request, now)).filter((a) => a.counts).length;
    if (counting >= Number(request.approvals_needed))
      approvedNow = await moveStatus(db, request.id, 'pending', 'approved', now);
  }
  return {
    kind: 'recorded',
    request: (await requestRows.findRequest(db, member.organization.id, request.id)) ?? request,
    approvedNow,
  };
}

/**
 * A decision with what follows it: the last approval that counts pays the stored body (one payment before the answer,
 * so the approver sees the transfer; a file in the background); a rejection goes back to the maker. Answered with the
 * request as it is then.
 */
export async function decideRequest(
  team: Team,
  call: CallService | null,
  member: SessionMember,
  requestId: string,
  decision: { approve: true } | { approve: false; reason: string },
  origin: string,
): Promise<{ view: RequestView; amountCents: number } | Refusal> {
  const decided = await decide(team, member, requestId, decision, origin);
  if (decided instanceof Refusal) return decided;
  const request = decided.request;
  if (decided.approvedNow) await runApproved(team, call, request, origin);
  if (!decision.approve) await tellMaker(team, request, origin);
  return {
    view: await currentView(team, member.organization.id, request),
    amountCents: Number(request.amount_cents),
  };
}

/** The maker takes back a request that still waits. */
export async function withdrawRequest(
  team: Team,
  member: SessionMember,
  requestId: string,
  origin: string,
): Promise<{ view: RequestView; amountCents: number } | Refusal> {
  const db = team.database.db;
  const request = await requestRows.findRequest(db, member.organization.id, requestId);
  if (!request) return approvalRequestNotFound();
  if (request.maker_id !== member.member.id) {
    return new Refusal(403, 'not-your-request', 'Only the member who prepared a request withdraws it');
  }
  if (isPastDeadline(request, team.now())) return expiredNow(team, request, origin);
  if (
    !(await moveStatus(db, request.id, 'pending', 'withdrawn', team.now(), {
      reason: 'Withdrawn by its maker',
    }))
  ) {
    return new Refusal(409, 'request-decided', `This request is ${statusAt(request, team.now())} already`);
  }
  return {
    view: await currentView(team, member.organization.id, request),
    amountCents: Number(request.amount_cents),
  };
}
