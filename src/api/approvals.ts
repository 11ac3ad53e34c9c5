import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentRequest } from '../lib/payment-request';
import { can } from '../lib/roles';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { request } from './client';
import { session } from './credentials';

const policySchema = z.object({
  version: z.number(),
  enabled: z.boolean(),
  limitCents: z.number(),
  approvalsNeeded: z.union([z.literal(1), z.literal(2)]),
});
export type ApprovalPolicy = z.infer<typeof policySchema>;
const policyStateSchema = z.object({
  policy: policySchema,
  proposal: policySchema.extend({ proposedBy: z.string().nullable() }).nullable(),
  approvers: z.number(),
  admins: z.number().optional(),
});

const rowOutcomeSchema = z.object({
  index: z.number(),
  status: z.number(),
  transfer_id: z.string().nullable(),
  replayed: z.boolean(),
  error: z.string().nullable(),
});
export const approvalRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'batch']),
  maker_id: z.string(),
  maker: z.object({ name: z.string(), email: z.string() }).nullable(),
  body: z.union([
    z.object({ payment: z.record(z.string(), z.unknown()) }),
    z.object({ rows: z.array(z.record(z.string(), z.unknown())) }),
  ]),
  body_hash: z.string(),
  amount: z.number(),
  count: z.number(),
  policy_version: z.number(),
  approvals_needed: z.number(),
  status: z.string(),
  result: z
    .object({
      rows: z.array(rowOutcomeSchema).optional(),
      reason: z.string().optional(),
      error: z.string().optional(),
    })
    .nullable(),
  created_at: z.string(),
  expires_at: z.string(),
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
          path: '/team/approvals',
          query: { status },
          response: z.object({ data: z.array(approvalRequestSchema) }),
        }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['approvals', id],
      queryFn: () =>
        request({
          method: 'GET',
          path: `/team/approvals/${encodeURIComponent(id)}`,
          response: approvalRequestSchema,
        }),
    }),
};

function getPolicy() {
  return request({ method: 'GET', path: '/team/policy', response: policyStateSchema });
}

/** The organization's approval policy, for a member (none with the organization's key: there is no team). */
export function useApprovalPolicy(): ApprovalPolicy | null {
  const member = session.credentials()?.member;
  const state = useQuery({ ...approvalQueries.policy(), enabled: Boolean(member) });
  return state.data?.policy ?? null;
}

export function useSubmitApproval() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: (payment: CreatePaymentRequest) =>
      request({
        method: 'POST',
        path: '/team/approvals',
        body: { payment },
        response: approvalRequestSchema,
      }),
    activity: (payment, made) => ({
      action: 'Payment submitted for approval',
      subject: made?.id ?? '',
      details: `${payment.amount} cents`,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

export function useSubmitBatchApproval() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: (body: { rows: CreatePaymentRequest[]; file_sha256: string; warnings: string[] }) =>
      request({ method: 'POST', path: '/team/approvals', body, response: approvalRequestSchema }),
    activity: (body, made) => ({
      action: 'File submitted for approval',
      subject: made?.id ?? '',
      details: `${body.rows.length} payments`,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      request({
        method: 'POST',
        path: `/team/approvals/${encodeURIComponent(id)}/${approve ? 'approve' : 'reject'}`,
        body: approve ? {} : { reason },
        response: approvalRequestSchema,
      }),
    activity: ({ id, approve, reason }) => ({
      action: approve ? 'Request approved' : 'Request rejected',
      subject: id,
      details: reason ?? '',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

export function useChangePolicy() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: (body: { enabled: boolean; limit_cents: number; approvals_needed: 1 | 2 }) =>
      request({ method: 'PUT', path: '/team/policy', body, response: z.object({ kind: z.string() }) }),
    activity: (body) => ({
      action: 'Approval policy changed',
      subject: 'policy',
      details: `${body.enabled ? 'on' : 'off'}, above ${body.limit_cents} cents, ${body.approvals_needed} approval(s)`,
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['approvals', 'policy'] }),
  });
}

export function useConfirmPolicy() {
  const queryClient = useQueryClient();
  return useDescribedMutation({
    mutationFn: () =>
      request({ method: 'POST', path: '/team/policy/confirm', response: z.object({ kind: z.string() }) }),
    activity: () => ({ action: 'Approval policy confirmed', subject: 'policy', details: '' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['approvals', 'policy'] }),
  });
}

/** Requests another member made that wait for this member's decision (finance and admin in team mode). */
export function useWaitingForMe(): ApprovalRequest[] {
  const member = session.credentials()?.member;
  const mayApprove = member !== undefined && can(member.role, 'pay');
  const pending = useQuery({
    ...approvalQueries.list('pending'),
    enabled: mayApprove,
    refetchInterval: 60_000,
  });
  return (pending.data?.data ?? []).filter((request) => request.maker_id !== member?.id);
}
