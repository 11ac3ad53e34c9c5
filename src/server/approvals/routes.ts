import type { Context } from 'hono';
import { APPROVAL_STATUSES, isApprovalStatus } from '../../lib/approval-rules';
import { approvalPolicyBody, makerRejectionBody } from '../../lib/requests/team-decisions';
import { FILE_BODY_LIMIT_BYTES } from '../../node/body-limit';
import { invalidFilters, Refusal } from '../errors';
import type { CallService } from '../gate/service-calls';
import { proposeOrApply } from '../members/grants';
import { originOf, type RouteInput, teamRoute } from '../pipeline/route';
import { decideRequest, withdrawRequest } from './decide';
import { policyPage } from './policy-page';
import { submissionSchema, submitForApproval } from './submit';
import { approvalsForMember, requestPage } from './views';

const rejectBody = makerRejectionBody;
const policyBody = approvalPolicyBody;

const requestId = (c: Context) => c.req.param('id') ?? '';

/**
 * `/policy` and `/approvals`: the organization's approval policy (a change waits for a second admin while there are
 * two), requests above its limits, and their decisions. The last approval that counts executes the stored body, once.
 */
export function approvalRoutes(call: CallService | null) {
  const decideRoute =
    (approve: boolean) =>
    async ({ c, body, member, line, team }: RouteInput<{ reason?: string }>) => {
      const id = requestId(c);
      line.targets = [id];
      const reason = body?.reason ?? '';
      if (!approve) line.detail = reason;
      const decided = await decideRequest(
        team,
        call,
        member,
        id,
        approve ? { approve: true } : { approve: false, reason },
        originOf(team),
      );
      if (decided instanceof Refusal) return decided;
      line.amountCents = decided.amountCents;
      return c.json(decided.view);
    };

  return [
    teamRoute({
      method: 'GET',
      path: '/policy',
      access: 'read',
      action: 'policy.read',
      async handle({ c, member, team }) {
        return c.json(await policyPage(team, member));
      },
    }),
    teamRoute({
      method: 'PUT',
      path: '/policy',
      access: 'admin',
      body: policyBody,
      action: 'policy.change',
      async handle({ c, body, member, line, team }) {
        const outcome = await proposeOrApply(
          team,
          member,
          {
            kind: 'policy',
            payload: {
              enabled: body.enabled,
              limitCents: body.limit_cents,
              approvalsNeeded: body.approvals_needed,
              memberDailyLimitCents: body.member_daily_limit_cents ?? null,
            },
          },
          originOf(team),
          call,
        );
        if (outcome instanceof Refusal) return outcome;
        if (outcome.kind === 'waiting') {
          line.action = 'team-request.propose';
          line.targets = [outcome.request.id];
          return c.json({ kind: 'waiting', request: outcome.request }, 202);
        }
        line.targets = [`v${outcome.applied.policy?.version}`];
        const paused = outcome.applied.refillsPaused ?? [];
        return c.json({ kind: 'applied', policy: outcome.applied.policy, refills_paused: paused });
      },
    }),
    teamRoute({
      method: 'POST',
      path: '/approvals',
      access: 'pay',
      body: submissionSchema,
      maxBodyBytes: FILE_BODY_LIMIT_BYTES,
      action: 'approval.submit',
      async handle({ c, body, member, line, team }) {
        const submitted = await submitForApproval(team, call, member, body, originOf(team));
        if (submitted instanceof Refusal) return submitted;
        line.targets = [submitted.view.id];
        line.amountCents = submitted.amountCents;
        // As the payout service answers a repeated idempotency key: the first answer again, marked as such.
        if (submitted.replayed) c.header('Idempotent-Replayed', 'true');
        return c.json(submitted.view, submitted.replayed ? 200 : 201);
      },
    }),
    teamRoute({
      method: 'GET',
      path: '/approvals',
      access: 'pay',
      action: 'approvals.list',
      async handle({ c, member, team }) {
        const status = c.req.query('status');
        if (status && !isApprovalStatus(status)) {
          return invalidFilters([{ path: 'status', message: `One of ${APPROVAL_STATUSES.join(', ')}` }]);
        }
        const known = status && isApprovalStatus(status) ? status : undefined;
        return c.json(await approvalsForMember(team, member, known));
      },
    }),
    teamRoute({
      method: 'GET',
      path: '/approvals/:id',
      access: 'pay',
      action: 'approval.read',
      async handle({ c, member, team }) {
        const page = await requestPage(team, member.organization.id, requestId(c));
        return page instanceof Refusal ? page : c.json(page);
      },
    }),
    teamRoute({
      method: 'POST',
      path: '/approvals/:id/approve',
      access: 'pay',
      action: 'approval.approve',
      handle: decideRoute(true),
    }),
    teamRoute({
      method: 'POST',
      path: '/approvals/:id/reject',
      access: 'pay',
      body: rejectBody,
      action: 'approval.reject',
      handle: decideRoute(false),
    }),
    teamRoute({
      method: 'POST',
      path: '/approvals/:id/withdraw',
      access: 'pay',
      action: 'approval.withdraw',
      async handle({ c, member, line, team }) {
        const id = requestId(c);
        line.targets = [id];
        const withdrawn = await withdrawRequest(team, member, id, originOf(team));
        if (withdrawn instanceof Refusal) return withdrawn;
        line.amountCents = withdrawn.amountCents;
        return c.json(withdrawn.view);
      },
    }),
  ];
}
