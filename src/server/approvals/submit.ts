import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { approvalNeed } from '../../lib/approval-rules';
import { deadlineFrom, isPastDeadline } from '../../lib/request-lifecycle';
import * as requestRows from '../db/repositories/team/approval-requests';
import type { RequestRow } from '../db/schema/team';
import { Refusal } from '../errors';
import type { CallService } from '../gate/service-calls';
import { movedToday } from '../gate/spend';
import { sha256Hex } from '../identity/secrets';
import type { SessionMember } from '../identity/sign-in';
import { heldUntil } from '../members/hold';
import { paymentSubmission, paymentsFileSubmission } from '../payments/submissions';
import { payoutSubmission, payoutsFileSubmission } from '../payouts/submissions';
import type { Team } from '../team';
import { moveSubmission } from '../wallets/submissions';
import { kindOf } from './bodies';
import { excludedAtSubmission } from './excluded';
import { expireRequest } from './expiry';
import { tellApprovers } from './notify';
import { activePolicy } from './policy';
import type { AnySubmissionKind } from './submission-kind';
import { type RequestView, viewWithMaker } from './views';

/**
 * Submitting for approval, the one way for every kind: each kind (submission-kind.ts) declares its body, its judge
 * and what it keeps; here the policy says whether it waits, and the request row is written: the exact body and its
 * hash, the policy version it was judged by, its deadline, who may not approve it.
 */
const KINDS = [
  paymentSubmission,
  paymentsFileSubmission,
  payoutSubmission,
  moveSubmission,
  payoutsFileSubmission,
] as const;

/** What `POST /approvals` takes: a submission of one of the kinds. */
export const submissionSchema = z.union(KINDS.map((kind) => kind.body));
export type Submission = Record<string, unknown>;

export type SubmitResult = { kind: 'created' | 'existing'; request: RequestRow } | Refusal;

/**
 * A member's submission that needs approval, kept exactly as it will be sent (stamped with its author), hashed, with
 * the policy version it was judged by. Refused when it does not need approval, or when a body in it is not one the
 * service would take.
 */
export async function submitRequest(
  team: Team,
  maker: SessionMember,
  submission: Submission,
  call: CallService | null,
  /** The console's origin the maker submits at: the request's mail links there. */
  origin: string | null = null,
): Promise<SubmitResult> {
  const kind = KINDS.find(({ key }) => key in submission) as AnySubmissionKind;
  const judged = kind.judge(submission, maker);
  if (judged instanceof Refusal) return judged;
  const db = team.database.db;
  const policy = await activePolicy(db, maker.organization.id);
  const held = heldUntil(maker.member, team.now());
  const waits =
    judged.weighedAs === 'grant'
      ? policy.enabled || held !== null
      : approvalNeed(
          policy,
          judged.amountCents,
          await movedToday(db, maker.member.id, team.now()),
          judged.weighedAs,
          held,
        ).needed;
  if (!waits) return new Refusal(409, 'approval-not-needed', kind.direct);
  const kept = await kind.keep(submission, judged, { team, maker, call });
  if (kept instanceof Refusal) return kept;
  const stored = JSON.stringify(kept.body);
  const now = team.now();
  const row: RequestRow = {
    id: randomUUID(),
    org_id: maker.organization.id,
    kind: kindOf(kept.body),
    maker_id: maker.member.id,
    body: stored,
    body_hash: sha256Hex(stored),
    file_sha256: kept.fileSha256 ?? null,
    amount_cents: judged.amountCents,
    row_count: judged.bodies.length,
    policy_version: policy.version,
    approvals_needed: policy.approvalsNeeded,
    status: 'pending',
    result: null,
    warnings: kept.warnings && kept.warnings.length > 0 ? JSON.stringify(kept.warnings) : null,
    created_at: now.toISOString(),
    expires_at: deadlineFrom(now),
    updated_at: now.toISOString(),
    executor_id: null,
    lease_until: null,
    // A held maker's request is not for the admins who reset their credentials to approve, even after the hold; nor
    // for an account that may be in the maker's own hands.
    excluded_approvers: await excludedAtSubmission(db, maker.member, held),
    origin,
  };
  const inserted = await requestRows.insertRequest(db, row);
  // The same body waiting past its deadline is expired, not waiting: it is written down so, and this one waits.
  if (inserted.kind === 'existing' && isPastDeadline(inserted.request, now)) {
    await expireRequest(team, inserted.request, origin ?? undefined);
    return requestRows.insertRequest(db, row);
  }
  return inserted;
}

/**
 * A submission with what follows it: the approvers hear of it (a request made now), and the maker sees it. A body the
 * maker submitted before and that still waits is answered again (`replayed`), as the service answers a repeated key.
 */
export async function submitForApproval(
  team: Team,
  call: CallService | null,
  maker: SessionMember,
  submission: Submission,
  origin: string,
): Promise<{ view: RequestView; replayed: boolean; amountCents: number } | Refusal> {
  const result = await submitRequest(team, maker, submission, call, origin);
  if (result instanceof Refusal) return result;
  if (result.kind === 'created') await tellApprovers(team, result.request, origin);
  return {
    view: await viewWithMaker(team, result.request),
    replayed: result.kind === 'existing',
    amountCents: Number(result.request.amount_cents),
  };
}
