import { randomUUID } from 'node:crypto';
import { approvalNeed, moneyWhatOf } from '../../lib/approval-rules';
import { deadlineFrom, isPastDeadline } from '../../lib/request-lifecycle';
import { achAccountSchema } from '../../lib/requests/wallets';
import { type FieldError, fieldErrorsFrom } from '../../node/error-body';
import type { MoveBody, PaymentBody } from '../approvals/bodies';
import { excludedAtSubmission } from '../approvals/excluded';
import { expireRequest } from '../approvals/expiry';
import { activePolicy } from '../approvals/policy';
import * as requestRows from '../db/repositories/team/approval-requests';
import type { RequestRow } from '../db/schema/team';
import { Refusal } from '../errors';
import { checkMoney } from '../gate/money-checks';
import { type CallService, serviceRequest } from '../gate/service-calls';
import { movedToday } from '../gate/spend';
import { sha256Hex } from '../identity/secrets';
import type { SessionMember } from '../identity/sign-in';
import { heldUntil } from '../members/hold';
import type { OrgCredentials, Team } from '../team';
import { MOVE_KINDS, type MoveKind } from './move-kinds';

/**
 * A wallet move submitted for approval (move-kinds.ts): its bodies checked and stamped as the gate would send them,
 * judged by the policy by their total, and kept exactly as they will be sent. An app's bank account is no money: with
 * approvals on it always waits, for the approver to see the account it replaces and the new one, masked.
 */
type SubmitResult = { kind: 'created' | 'existing'; request: RequestRow } | Refusal;

export interface MoveSubmission {
  move: MoveKind;
  body: Record<string, unknown>;
  app_id?: string | undefined;
}

function checkMove(
  submission: MoveSubmission,
  email: string,
): { bodies: PaymentBody[]; total: number } | FieldError[] {
  const kind = MOVE_KINDS[submission.move];
  if (kind.byApp && !submission.app_id)
    return [{ path: 'app_id', message: 'Name the app whose wallet this is' }];
  if (submission.move === 'ach-account') {
    const parsed = achAccountSchema.safeParse(submission.body);
    if (!parsed.success) return fieldErrorsFrom(parsed.error.issues, ['body']);
    return { bodies: [parsed.data as unknown as PaymentBody], total: 0 };
  }
  const checked = checkMoney(
    submission.move === 'transfer-batch' ? 'transfer-batch.create' : kind.action,
    submission.body,
    email,
  );
  if (!checked) return [{ path: 'move', message: 'Not a move of money' }];
  if ('problems' in checked) return checked.problems.map((p) => ({ ...p, path: `body.${p.path}` }));
  const bodies = (
    submission.move === 'transfer-batch' ? (checked.body.items as Record<string, unknown>[]) : [checked.body]
  ) as PaymentBody[];
  const missing = bodies.findIndex((body) => typeof body.idempotency_key !== 'string');
  if (missing !== -1) {
    const path =
      submission.move === 'transfer-batch' ? `body.items.${missing}.idempotency_key` : 'body.idempotency_key';
    return [{ path, message: 'A move waiting for approval needs its idempotency key' }];
  }
  return { bodies, total: checked.amountCents };
}

/** The app's bank account as the service answers it now (masked), or null when it has none or cannot be read. */
async function currentAccount(call: CallService | null, credentials: OrgCredentials | null, appId: string) {
  if (!call || !credentials) return null;
  try {
    const response = await call(
      serviceRequest(credentials, `/v2/apps/${encodeURIComponent(appId)}/ach-account`),
    );
    if (!response.ok) return null;
    const json = (await response.json()) as { mask?: unknown; name?: unknown };
    return typeof json.mask === 'string' ? { mask: json.mask, name: String(json.name ?? '') } : null;
  } catch {
    return null;
  }
}

export async function submitMove(
  team: Team,
  maker: SessionMember,
  submission: MoveSubmission,
  call: CallService | null,
  origin: string | null,
): Promise<SubmitResult> {
  const db = team.database.db;
  const checked = checkMove(submission, maker.member.email);
  if (Array.isArray(checked)) {
    return new Refusal(400, 'validation-failed', 'The move is invalid: see errors', { errors: checked });
  }
  const policy = await activePolicy(db, maker.organization.id);
  const held = heldUntil(maker.member, team.now());
  const grant = submission.move === 'ach-account';
  const need = approvalNeed(
    policy,
    checked.total,
    await movedToday(db, maker.member.id, team.now()),
    submission.move === 'transfer-batch' ? 'file' : moneyWhatOf(MOVE_KINDS[submission.move].action),
    held,
  );
  if (grant ? !policy.enabled && !held : !need.needed) {
    return new Refusal(409, 'approval-not-needed', 'This is within the approval limits: send it directly');
  }
  const app = submission.app_id ?? '';
  const body: MoveBody = {
    move: submission.move,
    moves: checked.bodies,
    path: MOVE_KINDS[submission.move].path(app),
    ...(submission.app_id ? { app_id: submission.app_id } : {}),
    ...(grant ? { replaces: await currentAccount(call, team.credentialsFor(maker.organization), app) } : {}),
  };
  const stored = JSON.stringify(body);
  const now = team.now();
  const row: RequestRow = {
    id: randomUUID(),
    org_id: maker.organization.id,
    kind: submission.move,
    maker_id: maker.member.id,
    body: stored,
    body_hash: sha256Hex(stored),
    file_sha256: null,
    amount_cents: checked.total,
    row_count: checked.bodies.length,
    policy_version: policy.version,
    approvals_needed: policy.approvalsNeeded,
    status: 'pending',
    result: null,
    warnings: null,
    created_at: now.toISOString(),
    expires_at: deadlineFrom(now),
    updated_at: now.toISOString(),
    executor_id: null,
    lease_until: null,
    excluded_approvers: await excludedAtSubmission(db, maker.member, held),
    origin,
  };
  const inserted = await requestRows.insertRequest(db, row);
  if (inserted.kind === 'existing' && isPastDeadline(inserted.request, now)) {
    await expireRequest(team, inserted.request, origin ?? undefined);
    return requestRows.insertRequest(db, row);
  }
  return inserted;
}
