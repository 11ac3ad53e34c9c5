import type { Context } from 'hono';
import { z } from 'zod';
import { APPROVAL_STATUSES, isApprovalStatus } from '../../lib/approval-rules';
import { UUID_PATTERN } from '../../lib/uuid';
import { FILE_BODY_LIMIT_BYTES } from '../../node/body-limit';
import { consoleEntry } from '../audit/chain';
import { approvalRequestNotFound, invalidFilters, Refusal } from '../errors';
import type { CallService } from '../gate/service-calls';
import { movedToday } from '../gate/spend';
import { listTeamRequests, proposeOrApply } from '../members/grants';
import { countActiveAdmins } from '../members/members';
import { originOf } from '../members/routes';
import { type RouteInput, teamRoute } from '../pipeline/route';
import type { Team } from '../team';
import {
  decide,
  heldUntil,
  membersByIds,
  requestView,
  submitRequest,
  tellApprovers,
  tellMaker,
  withdrawRequest,
} from './approvals';
import { executeRequest } from './executor';
import { activePolicy, countApprovers } from './policy';
import { expireDue, findRequest, listRequests, moveStatus, type RequestRow } from './store';

const payment = z.looseObject({});
const rowNumbers = z.array(z.int().min(1)).max(1000).optional();
const fileSha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** The app whose wallet pays a payout (the service's Api-App-Id); the service checks it is the organization's. */
const appId = z.string().regex(UUID_PATTERN, 'Must be a UUID').optional();
/** One payment or payout, or a file of them (each body is checked by the service's own schema after this). */
const submitBody = z.union([
  z.object({ payment }).strict(),
  z
    .object({ rows: z.array(payment).min(1).max(1000), row_numbers: rowNumbers, file_sha256: fileSha256 })
    .strict(),
  z.object({ payout: payment, app_id: appId }).strict(),
  z
    .object({
      payouts: z.array(payment).min(1).max(1000),
      row_numbers: rowNumbers,
      file_sha256: fileSha256,
      app_id: appId,
    })
    .strict(),
]);
const rejectBody = z.object({ reason: z.string().trim().min(1, 'Say why, for the maker').max(500) }).strict();
const cents = z.int().min(0).max(100_000_000_000);
const policyBody = z
  .object({
    enabled: z.boolean(),
    limit_cents: cents,
    approvals_needed: z.union([z.literal(1), z.literal(2)]),
    member_daily_limit_cents: cents.nullable().optional(),
  })
  .strict();

/** The request with its maker's name, as the list and its page show it. */
async function viewWithMaker(team: Team, row: RequestRow) {
  const makers = await membersByIds(team.database.db, [row.maker_id]);
  return requestView(row, makers.get(row.maker_id));
}

/**
 * Pays an approved request now (one payment or payout: before the answer, so the approver sees the transfer) or in the
 * background (a file).
 */
async function execute(team: Team, call: CallService | null, request: RequestRow, c: Context) {
  const db = team.database.db;
  const organization = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', request.org_id)
    .executeTakeFirstOrThrow();
  const credentials = team.credentialsFor(organization);
  const origin = originOf(c);
  if (!call || !credentials) {
    await moveStatus(db, request.id, 'approved', 'failed', team.now(), {
      error: 'The console holds no credentials to pay with',
    });
    await team.audit(
      consoleEntry(request.org_id, 'approval.execute', [request.id], { status: 503, outcome: 'failed' }),
    );
    return;
  }
  const run = async () => {
    const result = await executeRequest(team, call, request, credentials);
    const ended = await findRequest(db, request.org_id, request.id);
    if (ended && ['executed', 'partly-executed', 'failed'].includes(result.ended))
      await tellMaker(team, ended, origin);
  };
  // The run writes its own approval.execute line when it ends, with how it ended (approval-executor.ts).
  if (request.kind === 'payment' || request.kind === 'payout') await run();
  else
    void run().catch((error) =>
      console.error(`[approvals] request ${request.id} failed to execute:`, (error as Error).message),
    );
}

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
      const decision = await decide(
        team,
        member,
        id,
        approve ? { approve: true } : { approve: false, reason },
      );
      if (decision instanceof Refusal) return decision;
      const request = decision.request;
      line.amountCents = Number(request.amount_cents);
      if (decision.approvedNow) await execute(team, call, request, c);
      if (!approve) await tellMaker(team, request, originOf(c));
      const now = await findRequest(team.database.db, member.organization.id, id);
      return c.json(await viewWithMaker(team, now ?? request));
    };

  return [
    teamRoute({
      method: 'GET',
      path: '/policy',
      access: 'read',
      action: 'policy.read',
      async handle({ c, member, team }) {
        const db = team.database.db;
        const orgId = member.organization.id;
        const [policy, waiting, approvers, admins, moved] = await Promise.all([
          activePolicy(db, orgId),
          listTeamRequests(team, orgId, 'pending'),
          countApprovers(db, orgId),
          countActiveAdmins(db, orgId),
          movedToday(db, member.member.id, team.now()),
        ]);
        const proposal = waiting.find((r) => r.kind === 'policy') ?? null;
        // Held after a reset: the console says before the review that whatever this member pays waits for approval.
        const held = heldUntil(member.member, team.now());
        return c.json({
          policy,
          proposal,
          approvers,
          admins,
          moved_today_cents: moved,
          ...(held ? { held_until: held } : {}),
        });
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
          originOf(c),
        );
        if (outcome instanceof Refusal) return outcome;
        if (outcome.kind === 'waiting') {
          line.action = 'team-request.propose';
          line.targets = [outcome.request.id];
          return c.json({ kind: 'waiting', request: outcome.request }, 202);
        }
        line.targets = [`v${outcome.applied.policy?.version}`];
        return c.json({ kind: 'applied', policy: outcome.applied.policy });
      },
    }),
    teamRoute({
      method: 'POST',
      path: '/approvals',
      access: 'pay',
      body: submitBody,
      maxBodyBytes: FILE_BODY_LIMIT_BYTES,
      action: 'approval.submit',
      async handle({ c, body, member, line, team }) {
        const result = await submitRequest(team, member, body, call);
        if (result instanceof Refusal) return result;
        line.targets = [result.request.id];
        line.amountCents = Number(result.request.amount_cents);
        if (result.kind === 'existing') {
          // As the payout service answers a repeated idempotency key: the first answer again, marked as such.
          c.header('Idempotent-Replayed', 'true');
        } else {
          await tellApprovers(team, result.request, originOf(c));
        }
        return c.json(await viewWithMaker(team, result.request), result.kind === 'created' ? 201 : 200);
      },
    }),
    teamRoute({
      method: 'GET',
      path: '/approvals',
      access: 'pay',
      action: 'approvals.list',
      async handle({ c, member, team }) {
        const orgId = member.organization.id;
        const status = c.req.query('status');
        if (status && !isApprovalStatus(status)) {
          return invalidFilters([{ path: 'status', message: `One of ${APPROVAL_STATUSES.join(', ')}` }]);
        }
        for (const expired of await expireDue(team.database.db, orgId, team.now())) {
          await team.audit(
            consoleEntry(orgId, 'approval.expire', [expired.id], {
              status: 200,
              amountCents: Number(expired.amount_cents),
            }),
          );
          const ended = await findRequest(team.database.db, orgId, expired.id);
          if (ended) await tellMaker(team, ended, originOf(c));
        }
        const rows = await listRequests(
          team.database.db,
          orgId,
          status && isApprovalStatus(status) ? status : undefined,
        );
        const makers = await membersByIds(
          team.database.db,
          rows.map((r) => r.maker_id),
        );
        return c.json({ data: rows.map((row) => requestView(row, makers.get(row.maker_id))) });
      },
    }),
    teamRoute({
      method: 'GET',
      path: '/approvals/:id',
      access: 'pay',
      action: 'approval.read',
      async handle({ c, member, team }) {
        const db = team.database.db;
        const row = await findRequest(db, member.organization.id, requestId(c));
        if (!row) return approvalRequestNotFound();
        const decisions = await db
          .selectFrom('approval_decisions')
          .innerJoin('members', 'members.id', 'approval_decisions.member_id')
          .select([
            'approval_decisions.member_id',
            'approval_decisions.decision',
            'approval_decisions.reason',
            'approval_decisions.at',
            'members.name',
            'members.email',
          ])
          .where('request_id', '=', row.id)
          .execute();
        return c.json({ ...(await viewWithMaker(team, row)), decisions });
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
        const withdrawn = await withdrawRequest(team, member, id);
        if (withdrawn instanceof Refusal) return withdrawn;
        line.amountCents = Number(withdrawn.request.amount_cents);
        return c.json(await viewWithMaker(team, withdrawn.request));
      },
    }),
  ];
}
