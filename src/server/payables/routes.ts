import { z } from 'zod';
import type { CallService } from '../gate/service-calls';
import { teamRoute } from '../pipeline/route';
import { confirmMethodChange, listMethodChanges, rejectMethodChange } from './method-changes';

const reasonBody = z.object({ reason: z.string().trim().min(1, 'Say why').max(500) }).strict();

/** Changes of vendors' payment methods that wait for a second member (method-changes.ts). */
export function payablesRoutes(call: CallService | null) {
  return [
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
