import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CreatePolicy } from '../lib/requests/accounts-payable';
import { z } from '../lib/zod';
import { type ApPolicy, approverSchema, policySchema } from './accounts-payable';
import { useDescribedMutation } from './activity-log';
import { teamRequestSchema } from './approvals';
import { request } from './client';

/**
 * Approval policies of bills (`/v2/accounts-payable/approval-policies`), which change under the second-admin rule, and
 * which AP user each member acts as (the console server's `/api/team/ap-users`).
 */

const AP = '/v2/accounts-payable';

/** What a change of the policies became: made now, or a team request waiting for another admin. */
export type PolicyOutcome =
  | { kind: 'done' }
  | { kind: 'waiting'; request: z.infer<typeof teamRequestSchema> };

const waitingSchema = z.object({ kind: z.literal('waiting'), request: teamRequestSchema });
const policyAnswer = z.union([waitingSchema, policySchema, z.object({ deleted: z.boolean() })]);
const outcomeOf = (answer: z.infer<typeof policyAnswer>): PolicyOutcome =>
  'kind' in answer && answer.kind === 'waiting' ? answer : { kind: 'done' };

export const apUsersSchema = z.object({
  match: z.enum(['email', 'link']),
  approvers: z.array(approverSchema),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      ap_user: approverSchema.nullable(),
    }),
  ),
});
export type ApUsers = z.infer<typeof apUsersSchema>;

export const apTeamQueries = {
  team: () =>
    queryOptions({
      queryKey: ['ap-users', 'team'],
      queryFn: () => request({ method: 'GET', path: '/api/team/ap-users', response: apUsersSchema }),
    }),
};

function usePolicyMutation<V>(what: string, mutationFn: (variables: V) => Promise<PolicyOutcome>) {
  const client = useQueryClient();
  return useDescribedMutation({
    mutationFn,
    activity: (_variables: V, outcome?: PolicyOutcome) => ({
      action: outcome?.kind === 'waiting' ? `${what} (waits for another admin)` : what,
      subject: outcome?.kind === 'waiting' ? outcome.request.id : '',
      details: outcome?.kind === 'waiting' ? outcome.request.description : '',
    }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['ap-policies'] });
      void client.invalidateQueries({ queryKey: ['approvals', 'team-requests'] });
    },
  });
}

export function useCreatePolicy() {
  return usePolicyMutation('Bill approval policy created', async (body: CreatePolicy) =>
    outcomeOf(
      await request({ method: 'POST', path: `${AP}/approval-policies`, body, response: policyAnswer }),
    ),
  );
}

export function useMovePolicy() {
  return usePolicyMutation(
    'Bill approval policy moved',
    async ({ policy, priority }: { policy: ApPolicy; priority: number }) =>
      outcomeOf(
        await request({
          method: 'PATCH',
          path: `${AP}/approval-policies/${policy.id}`,
          body: { priority },
          response: policyAnswer,
        }),
      ),
  );
}

export function useDeletePolicy() {
  return usePolicyMutation('Bill approval policy deleted', async (policy: ApPolicy) =>
    outcomeOf(
      await request({
        method: 'DELETE',
        path: `${AP}/approval-policies/${policy.id}`,
        response: policyAnswer,
      }),
    ),
  );
}

export function useLinkApUser() {
  const client = useQueryClient();
  return useDescribedMutation({
    mutationFn: async ({ memberId, apUserId }: { memberId: string; apUserId: number | null }) =>
      outcomeOf(
        (await request({
          method: 'PUT',
          path: `/api/team/ap-users/${memberId}`,
          body: { ap_user_id: apUserId },
          response: z.union([waitingSchema, z.object({ kind: z.literal('applied') })]),
        })) as z.infer<typeof policyAnswer>,
      ),
    activity: ({ memberId }: { memberId: string }, outcome?: PolicyOutcome) => ({
      action: outcome?.kind === 'waiting' ? 'AP user link proposed' : 'AP user linked',
      subject: memberId,
      details: outcome?.kind === 'waiting' ? outcome.request.description : '',
    }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['ap-users'] });
      void client.invalidateQueries({ queryKey: ['approvals', 'team-requests'] });
    },
  });
}
