import { randomUUID } from 'node:crypto';
import { approvalNeed } from '../../lib/approval-rules';
import { fileWarnings, type RecentPayment } from '../../lib/file-warnings';
import { deadlineFrom, isPastDeadline } from '../../lib/request-lifecycle';
import type { FieldError } from '../../node/error-body';
import * as requestRows from '../db/repositories/team/approval-requests';
import type { RequestRow } from '../db/schema/team';
import { invalidFields, Refusal } from '../errors';
import { checkMoney } from '../gate/money-checks';
import {
  type CallService,
  payeesMethodsFingerprints,
  requestIdOf,
  serviceRequest,
  transfersSince,
} from '../gate/service-calls';
import { movedToday } from '../gate/spend';
import { sha256Hex } from '../identity/secrets';
import type { SessionMember } from '../identity/sign-in';
import { heldUntil } from '../members/hold';
import type { OrgCredentials, Team } from '../team';
import { type MoveSubmission, submitMove } from '../wallets/submit-move';
import { kindOf, type PaymentBody, type RequestBody } from './bodies';
import { excludedAtSubmission } from './excluded';
import { expireRequest } from './expiry';
import { tellApprovers } from './notify';
import { activePolicy } from './policy';
import { type RequestView, viewWithMaker } from './views';

/**
 * Submitting money for approval: what may be submitted (each payment checked by the same schema as one sent to the
 * service, stamped with its author), what it needs (the policy it is judged by), and what is kept (the exact body and
 * its hash, the file's warnings, the payees' payout methods as they are now).
 */

type FileSubmission<K extends string> = {
  [key in K]: Record<string, unknown>[];
} & { row_numbers?: number[] | undefined; file_sha256: string };

/** One payment, a payments file, one payout or a payouts file. */
export type Submission =
  | { payment: Record<string, unknown> }
  | FileSubmission<'rows'>
  | { payout: Record<string, unknown>; app_id?: string | undefined }
  | (FileSubmission<'payouts'> & { app_id?: string | undefined })
  | MoveSubmission;

export type SubmitResult = { kind: 'created' | 'existing'; request: RequestRow } | Refusal;

/**
 * Each payment (or payout) checked as the service would check it, with its idempotency key (what makes it paid once),
 * stamped with its author.
 */
function checkBodies(
  bodies: readonly Record<string, unknown>[],
  action: 'payment.create' | 'payout.create',
  prefix: (i: number) => string[],
  email: string,
) {
  const errors: FieldError[] = [];
  const stamped: PaymentBody[] = [];
  bodies.forEach((raw, index) => {
    const checked = checkMoney(action, raw, email);
    const problems = checked && 'problems' in checked ? [...checked.problems] : [];
    if (typeof raw.idempotency_key !== 'string' || raw.idempotency_key === '') {
      problems.push({
        path: 'idempotency_key',
        message: 'A payment waiting for approval needs its idempotency key',
      });
    }
    const at = prefix(index).join('.');
    errors.push(...problems.map((p) => ({ path: at ? `${at}.${p.path}` : p.path, message: p.message })));
    if (checked && 'body' in checked) stamped.push(checked.body as PaymentBody);
  });
  return { errors, stamped };
}

/** Payments of the last 24 hours, for a file's warnings; null when the service could not be asked. */
async function recentPayments(
  call: CallService | null,
  credentials: OrgCredentials | null,
  now: Date,
  type: 'payment' | 'payout',
): Promise<RecentPayment[] | null> {
  if (!call || !credentials) return null;
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const found: RecentPayment[] = [];
  try {
    for await (const t of transfersSince(call, credentials, since, { type, maxPages: 20 })) {
      found.push({
        payerId: t.user_id ?? t.customer_id ?? null,
        cents: Number(t.amount ?? 0),
        requestId: requestIdOf(t),
      });
    }
  } catch {
    return null;
  }
  return found;
}

/** A file's warnings, computed here from its rows and the service's last day, not taken from the maker's browser. */
async function warningsOf(
  team: Team,
  maker: SessionMember,
  rows: readonly PaymentBody[],
  rowNumbers: readonly number[] | undefined,
  call: CallService | null,
  type: 'payment' | 'payout',
) {
  const recent = await recentPayments(call, team.credentialsFor(maker.organization), team.now(), type);
  const warned = rows.map((row, index) => {
    const ach = row.ach_info as { account_number?: string; routing_number?: string } | undefined;
    return {
      row: rowNumbers?.[index] ?? index + 1,
      payerId: String(row.user_id ?? row.customer_id ?? ''),
      cents: row.amount,
      source:
        type === 'payout'
          ? `${row.platform}:${row.account_id ?? ''}`
          : typeof row.account_id === 'string'
            ? row.account_id
            : `${ach?.routing_number}:${ach?.account_number}`,
      requestId: row.idempotency_key,
    };
  });
  const warnings = fileWarnings(warned, recent ?? []);
  const what = type === 'payout' ? 'Payouts' : 'Payments';
  return recent === null
    ? [`${what} of the last 24 hours could not be checked: look for repeats before approving`, ...warnings]
    : warnings;
}

/**
 * Each payee's payout methods as they are now, so that the request pays only while "their PayPal" or "their default
 * method" still means what the approver was shown (executor.ts checks again); or the refusal naming the
 * first row whose payee could not be read. Nothing is kept without credentials: such a request cannot be paid.
 */
async function pinPayees(
  call: CallService | null,
  credentials: OrgCredentials | null,
  bodies: readonly PaymentBody[],
  pathOf: (index: number) => string,
): Promise<{ pinned: Record<string, string> } | Refusal> {
  if (!call || !credentials) return { pinned: {} };
  const read = await payeesMethodsFingerprints(
    call,
    credentials,
    bodies.map((body) => String(body.user_id)),
  );
  const pinned: Record<string, string> = {};
  const unread = new Map<string, 'not-found' | null>();
  for (const [user, fingerprint] of read) {
    if (fingerprint === null || fingerprint === 'not-found') unread.set(user, fingerprint);
    else pinned[user] = fingerprint;
  }
  const index = bodies.findIndex((body) => unread.has(String(body.user_id)));
  if (index === -1) return { pinned };
  const notFound = unread.get(String(bodies[index]?.user_id)) === 'not-found';
  return new Refusal(
    notFound ? 400 : 409,
    notFound ? 'validation-failed' : 'payee-methods-unread',
    notFound ? 'A payout is invalid: see errors' : "A payee's payout methods could not be read: try again",
    {
      errors: [
        {
          path: `${pathOf(index)}.user_id`,
          message: notFound
            ? 'No user of your organization has this ID'
            : 'Their payout methods could not be read from the service just now',
        },
      ],
    },
  );
}

/**
 * A member's payment or file that needs approval, kept exactly as it will be sent (stamped with its author), hashed,
 * with the policy version it was judged by. Refused when it does not need approval, or when a payment in it is not
 * one the service would take.
 */
export async function submitRequest(
  team: Team,
  maker: SessionMember,
  submission: Submission,
  call: CallService | null,
  /** The console's origin the maker submits at: the request's mail links there. */
  origin: string | null = null,
): Promise<SubmitResult> {
  if ('move' in submission) return submitMove(team, maker, submission, call, origin);
  const db = team.database.db;
  const isPayout = 'payout' in submission || 'payouts' in submission;
  const isFile = 'rows' in submission || 'payouts' in submission;
  const given =
    'payment' in submission
      ? [submission.payment]
      : 'payout' in submission
        ? [submission.payout]
        : 'rows' in submission
          ? submission.rows
          : submission.payouts;
  const fileField = isPayout ? 'payouts' : 'rows';
  const rowNumbers = 'row_numbers' in submission ? submission.row_numbers : undefined;
  if (rowNumbers && rowNumbers.length !== given.length) {
    return invalidFields([{ path: 'row_numbers', message: 'One row number for each row' }]);
  }
  const { errors, stamped } = checkBodies(
    given,
    isPayout ? 'payout.create' : 'payment.create',
    (i) => (isFile ? [fileField, String(i)] : [isPayout ? 'payout' : 'payment']),
    maker.member.email,
  );
  if (errors.length > 0) {
    return new Refusal(400, 'validation-failed', 'A payment is invalid: see errors', { errors });
  }
  const policy = await activePolicy(db, maker.organization.id);
  const total = stamped.reduce((sum, b) => sum + b.amount, 0);
  const held = heldUntil(maker.member, team.now());
  const need = approvalNeed(
    policy,
    total,
    await movedToday(db, maker.member.id, team.now()),
    isFile ? 'file' : 'payment',
    held,
  );
  if (!need.needed) {
    return new Refusal(409, 'approval-not-needed', 'This is within the approval limits: pay it directly');
  }
  const numbers = rowNumbers ? { row_numbers: rowNumbers } : {};
  const first = stamped[0] as PaymentBody;
  const app = 'app_id' in submission && submission.app_id ? { app_id: submission.app_id } : {};
  if (app.app_id) {
    const problem = await appProblem(call, team.credentialsFor(maker.organization), app.app_id);
    if (problem) return problem;
  }
  const payees = isPayout
    ? await pinPayees(call, team.credentialsFor(maker.organization), stamped, (i) =>
        isFile ? `payouts.${i}` : 'payout',
      )
    : { pinned: {} };
  if (payees instanceof Refusal) return payees;
  const extras = { ...app, payee_methods: payees.pinned };
  const body: RequestBody = isPayout
    ? isFile
      ? { payouts: stamped, ...numbers, ...extras }
      : { payout: first, ...extras }
    : isFile
      ? { rows: stamped, ...numbers }
      : { payment: first };
  const warnings = isFile
    ? await warningsOf(team, maker, stamped, rowNumbers, call, isPayout ? 'payout' : 'payment')
    : [];
  const stored = JSON.stringify(body);
  const now = team.now();
  const row: RequestRow = {
    id: randomUUID(),
    org_id: maker.organization.id,
    kind: kindOf(body),
    maker_id: maker.member.id,
    body: stored,
    body_hash: sha256Hex(stored),
    file_sha256: 'file_sha256' in submission ? submission.file_sha256 : null,
    amount_cents: total,
    row_count: stamped.length,
    policy_version: policy.version,
    approvals_needed: policy.approvalsNeeded,
    status: 'pending',
    result: null,
    warnings: warnings.length > 0 ? JSON.stringify(warnings) : null,
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
 * The app whose wallet would pay, checked now with the service as the organization: one that is not the
 * organization's is refused at the field when the request is made, not when it is paid a week later.
 */
async function appProblem(
  call: CallService | null,
  credentials: OrgCredentials | null,
  appId: string,
): Promise<Refusal | null> {
  if (!call || !credentials) return null;
  let status = 0;
  try {
    status = (await call(serviceRequest(credentials, `/v2/apps/${encodeURIComponent(appId)}`))).status;
  } catch {
    status = 0;
  }
  if (status >= 200 && status < 300) return null;
  const notFound = status === 401 || status === 403 || status === 404;
  return new Refusal(
    notFound ? 400 : 409,
    notFound ? 'validation-failed' : 'app-unread',
    notFound
      ? 'The app is not one of your organization’s: see errors'
      : 'The app could not be read: try again',
    {
      errors: [
        {
          path: 'app_id',
          message: notFound
            ? 'No app of your organization has this ID'
            : 'The payout service could not be asked about this app just now',
        },
      ],
    },
  );
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
