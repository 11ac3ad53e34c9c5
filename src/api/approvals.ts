import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPROVAL_STATUSES,
  type ApprovalNeed,
  approvalNeed,
  type MoneyWhat,
  memberDailyLimit,
} from '../lib/approval-rules';
import { formatDateTime } from '../lib/dates';
import { formatCents } from '../lib/money';
import type { CreatePaymentRequest } from '../lib/payment-request';
import type { CreatePayoutRequest } from '../lib/payout-request';
import type { AchAccountRequest } from '../lib/requests/wallets';
import { can } from '../lib/roles';
import { TEAM_REQUEST_KINDS, TEAM_REQUEST_STATUSES, teamDecisionSaid } from '../lib/team-changes';
import type { WalletMoveRequest } from '../lib/wallet-move-request';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { request } from './client';
import { session } from './credentials';
import { useIsLive } from './live-changes';

const policySchema = z.object({
  version: z.number(),
  enabled: z.boolean(),
  limitCents: z.number(),
  approvalsNeeded: z.union([z.literal(1), z.literal(2)]),
  memberDailyLimitCents: z.number().nullable().optional(),
});
export type ApprovalPolicy = z.infer<typeof policySchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A change of the team that waits for a second admin (a grant of power). */
export const teamRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(TEAM_REQUEST_KINDS),
  description: z.string(),
  proposer: personSchema.nullable(),
  target: personSchema.extend({ role: z.string(), status: z.string() }).nullable(),
  payload: z.record(z.string(), z.unknown()),
  /** What the confirming admin must know first (how the member's password was set); confirmed only knowingly. */
  caution: z.string().nullable().optional(),
  status: z.enum(TEAM_REQUEST_STATUSES),
  decided_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TeamRequest = z.infer<typeof teamRequestSchema>;

const policyStateSchema = z.object({
  policy: policySchema,
  proposal: teamRequestSchema.nullable(),
  approvers: z.number(),
  admins: z.number().optional(),
  /** What this member moved alone in the last 24 hours, in cents (the daily limit is judged on it). */
  moved_today_cents: z.number().optional(),
  /** After a reset of this member's password or authenticator: until when whatever they pay waits for approval. */
  held_until: z.string().optional(),
});

const rowOutcomeSchema = z.object({
  index: z.number(),
  outcome: z.enum(['paid', 'refused', 'unknown']).optional(),
  status: z.number(),
  transfer_id: z.string().nullable(),
  replayed: z.boolean(),
  error: z.string().nullable(),
});
export type RowOutcome = z.infer<typeof rowOutcomeSchema>;

export const approvalRequestSchema = z.object({
  id: z.string(),
  kind: z.enum([
    'payment',
    'batch',
    'payout',
    'payout-batch',
    'deposit',
    'withdrawal',
    'transfer',
    'transfer-batch',
    'organization-transfer',
    'ach-account',
  ]),
  maker_id: z.string(),
  maker: z.object({ name: z.string(), email: z.string() }).nullable(),
  body: z.union([
    z.object({ payment: z.record(z.string(), z.unknown()) }),
    z.object({
      rows: z.array(z.record(z.string(), z.unknown())),
      row_numbers: z.array(z.number()).optional(),
    }),
    // A payout's app: the wallet it is paid from (absent: the service's default one).
    z.object({ payout: z.record(z.string(), z.unknown()), app_id: z.string().optional() }),
    z.object({
      payouts: z.array(z.record(z.string(), z.unknown())),
      row_numbers: z.array(z.number()).optional(),
      app_id: z.string().optional(),
    }),
    // A wallet move: its bodies and where they go; an app's bank account shows the one it replaces, masked.
    z.object({
      move: z.string(),
      moves: z.array(z.record(z.string(), z.unknown())),
      path: z.string(),
      app_id: z.string().optional(),
      replaces: z.object({ mask: z.string(), name: z.string() }).nullish(),
    }),
  ]),
  body_hash: z.string(),
  amount: z.number(),
  count: z.number(),
  policy_version: z.number(),
  approvals_needed: z.number(),
  status: z.enum(APPROVAL_STATUSES),
  result: z
    .object({
      rows: z.array(rowOutcomeSchema).optional(),
      reason: z.string().optional(),
      error: z.string().optional(),
    })
    .nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  updated_at: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  decisions: z
    .array(
      z.object({
        member_id: z.string(),
        name: z.string(),
        email: z.string(),
        decision: z.string(),
        reason: z.string().nullable(),
        at: z.string(),
      }),
    )
    .optional(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const approvalQueries = {
  policy: () => queryOptions({ queryKey: ['approvals', 'policy'], queryFn: getPolicy }),
  list: (status?: string) =>
    queryOptions({
      queryKey: ['approvals', 'list', status ?? 'all'],
      queryFn: () =>
        request({
          method: 'GET',
          path: '/api/team/approvals',
          query: { status },
          response: z.object({
            data: z.array(approvalRequestSchema),
            /** To an admin: the team's changes waiting for them, and their own (a rejected one with its reason). */
            team_requests: z.array(teamRequestSchema).optional(),
          }),
        }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['approvals', id],
      queryFn: () =>
        request({
          method: 'GET',
          path: `/api/team/approvals/${encodeURIComponent(id)}`,
          response: approvalRequestSchema,
        }),
    }),
  teamRequests: (status?: string) =>
    queryOptions({
      queryKey: ['approvals', 'team-requests', status ?? 'all'],
      queryFn: () =>
        request({
          method: 'GET',
          path: '/api/team/team-requests',
          query: { status },
          response: z.object({ data: z.array(teamRequestSchema) }),
        }),
    }),
};

function getPolicy() {
  return request({ method: 'GET', path: '/api/team/policy', response: policyStateSchema });
}

/** The organization's approval policy, for a member (none with the organization's key: there is no team). */
export function useApprovalPolicy(): ApprovalPolicy | null {
  const member = session.credentials()?.member;
  const state = useQuery({ ...approvalQueries.policy(), enabled: Boolean(member) });
  return state.data?.policy ?? null;
}

/**
 * Whether this amount needs another member's approval for the signed-in member (lib/approval-rules.ts): above the
 * organization's limit, or above what they may still move alone today. The server judges it again.
 */
export function useApprovalNeed(): (amountCents: number, what?: MoneyWhat) => ApprovalNeed {
  const member = session.credentials()?.member;
  const state = useQuery({ ...approvalQueries.policy(), enabled: Boolean(member) });
  return (amountCents, what = 'payment') => {
    const policy = state.data?.policy;
    if (!policy) return { needed: false };
    return approvalNeed(
      { ...policy, memberDailyLimitCents: policy.memberDailyLimitCents ?? null },
      amountCents,
      state.data?.moved_today_cents ?? 0,
      what,
      state.data?.held_until ?? null,
    );
  };
}

/** Until when the signed-in member is held after a reset of their credentials (whatever they pay waits), or null. */
export function useHeldUntil(): string | null {
  const member = session.credentials()?.member;
  const state = useQuery({ ...approvalQueries.policy(), enabled: Boolean(member) });
  return state.data?.held_until ?? null;
}

/** A wallet move kept as it will be sent: its body (its key in it), and the app whose wallet it is. */
interface MoveSubmission {
  body: { amount: number; idempotency_key: string };
  app_id?: string | undefined;
}

/** What a kind of submission sends to the console server, and its line in the activity log (never an account). */
interface SubmissionDeclaration<V> {
  wire: (submission: V) => Record<string, unknown>;
  action: string;
  details: (submission: V) => string;
}
const declare = <V>(declaration: SubmissionDeclaration<V>) => declaration;

const move = (kind: ApprovalRequest['kind'], action: string) =>
  declare({
    wire: ({ body, app_id }: MoveSubmission) => ({ move: kind, body, ...(app_id ? { app_id } : {}) }),
    action,
    details: ({ body }) => `${Math.abs(body.amount)} cents`,
  });

/**
 * Every kind of request that waits for another member, by the request's kind: what the page hands over, and how it
 * is sent and said in the activity log. Kept exactly as it will be sent (its keys included).
 */
const SUBMISSIONS = {
  payment: declare({
    wire: (payment: CreatePaymentRequest) => ({ payment }),
    action: 'Payment submitted for approval',
    details: (payment) => `${payment.amount} cents`,
  }),
  batch: declare({
    wire: (file: { rows: CreatePaymentRequest[]; row_numbers: number[]; file_sha256: string }) => file,
    action: 'File submitted for approval',
    details: (file) => `${file.rows.length} payments`,
  }),
  payout: declare({
    wire: (payout: { payout: CreatePayoutRequest; app_id?: string | undefined }) => payout,
    action: 'Payout submitted for approval',
    details: ({ payout }) => `${payout.amount} cents`,
  }),
  'payout-batch': declare({
    wire: (file: {
      payouts: CreatePayoutRequest[];
      row_numbers: number[];
      file_sha256: string;
      app_id?: string | undefined;
    }) => file,
    action: 'Payouts file submitted for approval',
    details: (file) => `${file.payouts.length} payouts`,
  }),
  deposit: move('deposit', 'Deposit submitted for approval'),
  withdrawal: move('withdrawal', 'Withdrawal submitted for approval'),
  transfer: move('transfer', 'Wallet move submitted for approval'),
  'organization-transfer': move('organization-transfer', 'Organization transfer submitted for approval'),
  // A transfer batch: its items and its own key, approved by its total and moved item by item.
  'transfer-batch': declare({
    wire: ({
      app_id,
      ...body
    }: {
      items: WalletMoveRequest[];
      idempotency_key: string;
      app_id?: string | undefined;
    }) => ({
      move: 'transfer-batch',
      body,
      ...(app_id ? { app_id } : {}),
    }),
    action: 'Wallet moves file submitted for approval',
    details: ({ items }) => `${items.length} moves`,
  }),
  // Where an app's withdrawals go: no money, a grant of power; the account number stays out of the log.
  'ach-account': declare({
    wire: ({ body, app_id }: { body: AchAccountRequest; app_id: string }) => ({
      move: 'ach-account',
      body,
      app_id,
    }),
    action: 'Bank account submitted for approval',
    details: ({ app_id }) => `app ${app_id}`,
  }),
} satisfies { [K in ApprovalRequest['kind']]: unknown };

export type SubmissionKind = keyof typeof SUBMISSIONS;
export type SubmissionOf<K extends SubmissionKind> = Parameters<(typeof SUBMISSIONS)[K]['wire']>[0];

/**
 * The one way to submit for another member's approval, whatever waits: a payment, a payout, a file, a wallet move, an
 * app's bank account. Its loading state and its refusal are the mutation's; its line goes into the activity log.
 */
export function useSubmitForApproval<K extends SubmissionKind>(kind: K) {
  const queryClient = useQueryClient();
  const declared = SUBMISSIONS[kind] as SubmissionDeclaration<SubmissionOf<K>>;
  return useDescribedMutation({
    mutationFn: (submission: SubmissionOf<K>) =>
      request({
        method: 'POST',
        path: '/api/team/approvals',
        body: declared.wire(submission),
        response: approvalRequestSchema,
      }),
    activity: (submission, made) => ({
      action: declared.action,
      subject: made?.id ?? '',
      details: declared.details(submission),
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: 'approve' | 'reject' | 'withdraw';
      reason?: string;
    }) =>
      request({
        method: 'POST',
        path: `/api/team/approvals/${encodeURIComponent(id)}/${decision}`,
        body: decision === 'reject' ? { reason } : {},
        response: approvalRequestSchema,
      }),
    activity: ({ id, decision, reason }) => ({
      action: { approve: 'Request approved', reject: 'Request rejected', withdraw: 'Request withdrawn' }[
        decision
      ],
      subject: id,
      details: reason ?? '',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

const policyChangeSchema = z.object({ kind: z.enum(['applied', 'waiting']) });

export function useChangePolicy() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: (body: {
      enabled: boolean;
      limit_cents: number;
      approvals_needed: 1 | 2;
      member_daily_limit_cents: number | null;
    }) => request({ method: 'PUT', path: '/api/team/policy', body, response: policyChangeSchema }),
    activity: (body) => ({
      action: 'Approval policy changed',
      subject: 'policy',
      details: `${body.enabled ? 'on' : 'off'}, above ${body.limit_cents} cents, ${body.approvals_needed} approval(s)`,
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

/** A one-time link: mailed to its member, or for the admin to hand over (no mail set up), or not sent (mail failed). */
export const linkDeliverySchema = z.discriminatedUnion('delivery', [
  z.object({ delivery: z.literal('email'), to: z.string(), expires_at: z.string() }),
  z.object({ delivery: z.literal('shown'), url: z.string(), expires_at: z.string() }),
  z.object({ delivery: z.literal('failed'), to: z.string(), message: z.string() }),
]);
export type LinkDelivery = z.infer<typeof linkDeliverySchema>;

const teamRequestDecisionSchema = z.object({
  /** A confirmation's answer: applied, or adopted and waiting for a second admin (a change no member proposed). */
  kind: z.enum(['applied', 'waiting']).optional(),
  request: teamRequestSchema.optional(),
  link: linkDeliverySchema.optional(),
});

export interface TeamRequestDecision {
  id: string;
  decision: 'confirm' | 'reject' | 'withdraw';
  reason?: string;
  /** The admin was shown the request's caution before confirming it. */
  acknowledgeCaution?: boolean;
}

/**
 * Another admin confirms or rejects a team request; its proposer withdraws it. A confirmation answers what it did:
 * applied, or (a change no member proposed) adopted by this admin and waiting for a second one.
 */
export function decideTeamRequest({ id, decision, reason, acknowledgeCaution }: TeamRequestDecision) {
  return request({
    method: 'POST',
    path: `/api/team/team-requests/${encodeURIComponent(id)}/${decision}`,
    body:
      decision === 'reject'
        ? { reason }
        : acknowledgeCaution && decision === 'confirm'
          ? { acknowledge_caution: true }
          : {},
    response: teamRequestDecisionSchema,
  });
}

export function useDecideTeamRequest() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: decideTeamRequest,
    activity: ({ id, decision, reason }, answer) => ({
      action: teamDecisionSaid(decision, answer?.kind, '').activity,
      subject: id,
      details: reason ?? '',
    }),
    onSettled: () =>
      queryClient
        .invalidateQueries({ queryKey: ['approvals'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['team'] })),
  });
}

/**
 * What waits for this member's decision: requests another member made (finance and admin in team mode), and, for an
 * admin, changes of the team another admin asked for.
 */
export function useWaitingForMe(): { requests: ApprovalRequest[]; teamChanges: TeamRequest[] } {
  const member = session.credentials()?.member;
  const mayApprove = member !== undefined && can(member.role, 'pay');
  // The navigation's count follows what waits: a new request shows at once while the stream of changes is live,
  // within seconds otherwise.
  const live = useIsLive();
  const pending = useQuery({
    ...approvalQueries.list('pending'),
    enabled: mayApprove,
    refetchInterval: live ? false : 15_000,
  });
  return {
    requests: (pending.data?.data ?? []).filter((request) => request.maker_id !== member?.id),
    teamChanges: (pending.data?.team_requests ?? []).filter(
      (change) => change.status === 'pending' && change.proposer?.id !== member?.id,
    ),
  };
}

/**
 * Money moved: what the member may still move alone today (the policy's read) is read again, so that the next
 * form or file says the amount as it is now, not as it was before this payment.
 */
export function movedMoney(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: approvalQueries.policy().queryKey });
}

/**
 * The approval rule in a sentence for the member about to move money (a payment, or a file by its total), from the
 * policy: "Above $1,000.00, another member approves it before any money moves; you can move $3,500.00 more alone
 * today." Null where approvals are off (or there is no team).
 */
export function useApprovalHint(what: 'payment' | 'file' = 'payment'): string | null {
  const member = session.credentials()?.member;
  const state = useQuery({ ...approvalQueries.policy(), enabled: Boolean(member) });
  const policy = state.data?.policy;
  const held = state.data?.held_until;
  if (held) {
    return `Your password or authenticator was reset: until ${formatDateTime(held)}, another member approves whatever you pay before any money moves.`;
  }
  if (!policy?.enabled) return null;
  const subject = what === 'file' ? "a file's total" : 'a payment';
  const base = `Above ${formatCents(policy.limitCents)}, another member approves ${subject} before any money moves`;
  const daily = memberDailyLimit({ ...policy, memberDailyLimitCents: policy.memberDailyLimitCents ?? null });
  if (daily === null) return `${base}.`;
  const left = Math.max(0, daily - (state.data?.moved_today_cents ?? 0));
  return `${base}; you can move ${formatCents(left)} more alone in the next 24 hours (your daily limit is ${formatCents(daily)}).`;
}
