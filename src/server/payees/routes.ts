import type { Context } from 'hono';
import { z } from 'zod';
import { invalidFilters, Refusal } from '../errors';
import type { CallService } from '../gate/service-calls';
import { teamRoute } from '../pipeline/route';
import { closePayeeRequest, confirmPayeeRequest, listPayeeRequests } from './decide';

const STATUSES = ['pending', 'applied', 'rejected', 'withdrawn', 'expired', 'void'];
const rejectBody = z.object({ reason: z.string().trim().min(1, 'Say why, for the maker').max(500) }).strict();
const requestId = (c: Context) => c.req.param('id') ?? '';

/**
 * `/payee-requests`: changes of where a payee's money goes that wait for a second member of a paying role
 * (destination.ts makes them, in the /v2 gate).
 */
export function payeeRoutes(call: CallService | null) {
  return [
    teamRoute({
      method: 'GET',
      path: '/payee-requests',
      access: 'read',
      action: 'payee-requests.list',
      async handle({ c, member, team }) {
        const status = c.req.query('status');
        if (status !== undefined && !STATUSES.includes(status)) {
          return invalidFilters([{ path: 'status', message: `One of ${STATUSES.join(', ')}` }]);
        }
        return c.json({ data: await listPayeeRequests(team, member.organization.id, status) });
      },
    }),
    teamRoute({
      method: 'POST',
      path: '/payee-requests/:id/confirm',
      access: 'pay',
      bodyOptional: true,
      body: z.object({}).strict(),
      action: 'payee-request.confirm',
      async handle({ c, member, line, team }) {
        const id = requestId(c);
        line.targets = [id];
        const done = await confirmPayeeRequest(team, call, member, id);
        if (done instanceof Refusal) return done;
        line.targets.push(done.userId);
        if (done.request.status === 'void') line.outcome = 'failed';
        return c.json(done.request);
      },
    }),
    teamRoute({
      method: 'POST',
      path: '/payee-requests/:id/reject',
      access: 'pay',
      body: rejectBody,
      action: 'payee-request.reject',
      async handle({ c, body, member, line, team }) {
        const id = requestId(c);
        line.targets = [id];
        line.detail = body.reason;
        const view = await closePayeeRequest(team, member, id, { to: 'rejected', reason: body.reason });
        return view instanceof Refusal ? view : c.json(view);
      },
    }),
    teamRoute({
      method: 'POST',
      path: '/payee-requests/:id/withdraw',
      access: 'read',
      bodyOptional: true,
      body: z.object({}).strict(),
      action: 'payee-request.withdraw',
      async handle({ c, member, line, team }) {
        const id = requestId(c);
        line.targets = [id];
        const view = await closePayeeRequest(team, member, id, { to: 'withdrawn' });
        return view instanceof Refusal ? view : c.json(view);
      },
    }),
  ];
}
