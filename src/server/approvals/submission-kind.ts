import { z } from 'zod';
import type { MoneyWhat } from '../../lib/approval-rules';
import { fileWarnings, type RecentPayment } from '../../lib/file-warnings';
import { UUID_PATTERN } from '../../lib/uuid';
import type { FieldError } from '../../node/error-body';
import { invalidFields, Refusal } from '../errors';
import { checkMoney } from '../gate/money-checks';
import { type CallService, requestIdOf, transfersSince } from '../gate/service-calls';
import type { SessionMember } from '../identity/sign-in';
import type { OrgCredentials, Team } from '../team';
import type { PaymentBody, RequestBody } from './bodies';

/**
 * What sets one kind of submission for approval apart (a payment, a payments file, a payout, a payouts file, a wallet
 * move): its body, its judge, and what it keeps beside its bodies. The one service (submit.ts) does the rest the same
 * for every kind: the policy, the request row, its deadline.
 */
export interface SubmissionKind<S> {
  /** The property that names this kind in a submission (`payment`, `rows`, `payout`, `payouts`, `move`). */
  key: string;
  /** The submission as the route reads it; each body inside is checked by `judge`. */
  body: z.ZodType<S>;
  /** Its refusal when it needs no approval, in its own words ("pay it directly"). */
  direct: string;
  /** Its bodies checked and stamped as they will be sent, and what the policy weighs them as; or the refusal. */
  judge: (submission: S, maker: SessionMember) => Judged | Refusal;
  /**
   * What the request keeps, once it is known to need approval: the body to send (with what the service says now), a
   * file's warnings; or the refusal of what the service says.
   */
  keep: (submission: S, judged: Judged, context: SubmissionContext) => Promise<Kept | Refusal>;
}

export interface Judged {
  bodies: PaymentBody[];
  amountCents: number;
  /** Money by its total, or a grant of power (where an app's withdrawals go), which waits whenever approvals are on. */
  weighedAs: MoneyWhat | 'grant';
}

export interface Kept {
  body: RequestBody;
  warnings?: string[];
  fileSha256?: string;
}

export interface SubmissionContext {
  team: Team;
  maker: SessionMember;
  call: CallService | null;
}

/** The kinds, each with its own submission type, as one table (the service picks the kind by its key). */
export type AnySubmissionKind = SubmissionKind<Record<string, unknown>>;
export function declareSubmission<S>(kind: SubmissionKind<S>): AnySubmissionKind {
  // The route read the submission with this kind's schema, and the service picks the kind by its key: it is an S.
  return kind as unknown as AnySubmissionKind;
}

/** A body inside a submission: checked by the service's own schema in `judge`. */
export const submittedBody = z.looseObject({});
export const rowNumbers = z.array(z.int().min(1)).max(1000).optional();
export const fileSha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** The app whose wallet pays (the service's Api-App-Id); the service checks it is the organization's. */
export const appId = z.string().regex(UUID_PATTERN, 'Must be a UUID').optional();

/** A file's row numbers, one for each of its rows. */
export function rowNumbersProblem(numbers: readonly number[] | undefined, rows: number): Refusal | null {
  return numbers && numbers.length !== rows
    ? invalidFields([{ path: 'row_numbers', message: 'One row number for each row' }])
    : null;
}

/**
 * Each payment (or payout) checked as the service would check it, with its idempotency key (what makes it paid once),
 * stamped with its author; at `prefix(i)` in the errors.
 */
export function judgeMoneyBodies(
  bodies: readonly Record<string, unknown>[],
  action: 'payment.create' | 'payout.create',
  prefix: (i: number) => string,
  maker: SessionMember,
  weighedAs: MoneyWhat,
): Judged | Refusal {
  const errors: FieldError[] = [];
  const stamped: PaymentBody[] = [];
  bodies.forEach((raw, index) => {
    const checked = checkMoney(action, raw, maker.member.email);
    const problems = checked && 'problems' in checked ? [...checked.problems] : [];
    if (typeof raw.idempotency_key !== 'string' || raw.idempotency_key === '') {
      problems.push({
        path: 'idempotency_key',
        message: 'A payment waiting for approval needs its idempotency key',
      });
    }
    const at = prefix(index);
    errors.push(...problems.map((p) => ({ path: at ? `${at}.${p.path}` : p.path, message: p.message })));
    if (checked && 'body' in checked) stamped.push(checked.body as PaymentBody);
  });
  if (errors.length > 0) {
    return new Refusal(400, 'validation-failed', 'A payment is invalid: see errors', { errors });
  }
  return { bodies: stamped, amountCents: stamped.reduce((sum, b) => sum + b.amount, 0), weighedAs };
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
export async function warningsOf(
  { team, maker, call }: SubmissionContext,
  rows: readonly PaymentBody[],
  rowNumbers: readonly number[] | undefined,
  type: 'payment' | 'payout',
): Promise<string[]> {
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
