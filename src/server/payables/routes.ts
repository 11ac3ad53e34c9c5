import { z } from 'zod';
import { Refusal } from '../errors';
import type { CallService } from '../gate/service-calls';
import { teamRoute } from '../pipeline/route';
import { confirmMethodChange, listMethodChanges, rejectMethodChange } from './method-changes';
import { apUsersOfTeam, linkApUser, myApUser } from './team/ap-user-links';

const reasonBody = z.object({ reason: z.string().trim().min(1, 'Say why').max(500) }).strict();
const linkBody = z
  .object({ ap_user_id: z.int('An AP user id, a whole number').min(1, 'An AP user id').nullable() })
  .strict();

/**
 * Changes of vendors' payment methods that wait for a second member (method-changes.ts), and which AP user each member
 * acts as (ap-user-links.ts).
 */
export function payablesRoutes(call: CallService | null) {
  return [
    teamRoute({
      method: 'GET',
      path: '/ap-users/me',
      access: 'read',
      action: 'ap-user.read',
      handle: async ({ c, team, member }) => c.json(await myApUser(team, call, member)),
    }),
    teamRoute({
      method: 'GET',
      path: '/ap-users',
      access: 'admin',
      action: 'ap-users.list',
      handle: async ({ c, team, member }) => c.json(await apUsersOfTeam(team, call, member)),
    }),
    teamRoute({
      method: 'PUT',
      path: '/ap-users/:memberId',
      access: 'admin',
      action: 'ap-user.link',
      body: linkBody,
      handle: async ({ c, team, member, line, body }) => {
        const memberId = c.req.param('memberId') ?? '';
        line.targets.push(memberId);
        line.detail = body.ap_user_id === null ? 'unlinked' : `AP user ${body.ap_user_id}`;
        const outcome = await linkApUser(team, call, member, memberId, body.ap_user_id);
        if (outcome instanceof Refusal) return outcome;
        if (outcome.kind === 'waiting') {
          line.action = 'team-request.propose';
          line.targets.push(outcome.request.id);
          return c.json({ kind: 'waiting', request: outcome.request }, 202);
        }
        return c.json({ kind: 'applied' });
      },
    }),
    teamRoute({
      method: 'GET',
      path: '/vendor-method-changes',
      access: 'read',
      action: 'vendor-method-changes.list',
      handle: async ({ c, team, member }) => c.json({ data: await listMethodChanges(team, member) }),
    }),
    teamRoute({
      method: 'POST',
      path: '/vendor-method-changes/:id/confirm',
      access: 'pay',
      action: 'vendor-method.confirm',
      body: z.object({}).strict(),
      bodyOptional: true,
      handle: async ({ c, team, member, line }) => {
        const id = c.req.param('id') ?? '';
        line.targets.push(id);
        const outcome = await confirmMethodChange(team, call, member, id);
        if ('code' in outcome) return outcome;
        line.detail = outcome.description;
        return c.json(outcome);
      },
    }),
    teamRoute({
      method: 'POST',
      path: '/vendor-method-changes/:id/reject',
      access: 'pay',
      action: 'vendor-method.reject',
      body: reasonBody,
      handle: async ({ c, team, member, line, body }) => {
        const id = c.req.param('id') ?? '';
        line.targets.push(id);
        const outcome = await rejectMethodChange(team, member, id, body.reason);
        if ('code' in outcome) return outcome;
        line.detail = outcome.description;
        return c.json(outcome);
      },
    }),
  ];
}
