import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../lib/roles';
import { errorBody } from '../../node/error-body';
import { activePolicy, changePolicy, confirmPolicy, countApprovers, proposedPolicy } from './approval-policy';
import {
  type CallService,
  decide,
  executeRequest,
  expireRequests,
  findRequest,
  moveStatus,
  type RequestRow,
  submitRequest,
} from './approvals';
import { consoleEntry } from './audit';
import { refusal } from './gate';
import { auditByMember, readBody, type TeamEnv } from './http';
import { countActiveAdmins } from './members';
import type { Team } from './team';

const payment = z.looseObject({
  amount: z.int().min(1).max(100_000_000),
  idempotency_key: z.string().min(1).max(255),
});
const submitBody = z.union([
  z.object({ payment }).strict(),
  z
    .object({
      rows: z.array(payment).min(1).max(1000),
      file_sha256: z.string().regex(/^[0-9a-f]{64}$/),
      warnings: z.array(z.string().max(300)).max(2000).optional(),
    })
    .strict(),
]);
const rejectBody = z.object({ reason: z.string().trim().min(1, 'Say why, for the maker').max(500) }).strict();
const policyBody = z
  .object({
    enabled: z.boolean(),
    limit_cents: z.int().min(0).max(100_000_000_000),
    approvals_needed: z.union([z.literal(1), z.literal(2)]),
  })
  .strict();

function requestView(row: RequestRow, maker?: { name: string; email: string }) {
  return {
    id: row.id,
    kind: row.kind,
    maker_id: row.maker_id,
    maker: maker ?? null,
    body: JSON.parse(row.body) as unknown,
    body_hash: row.body_hash,
    file_sha256: row.file_sha256,
    amount: Number(row.amount_cents),
    count: Number(row.row_count),
    policy_version: Number(row.policy_version),
    approvals_needed: Number(row.approvals_needed),
    status: row.status,
    result: row.result ? (JSON.parse(row.result) as unknown) : null,
    warnings: row.warnings ? (JSON.parse(row.warnings) as string[]) : [],
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

/**
 * `/team/policy` and `/team/approvals`: the organization's approval policy (admins change it, a second admin
 * confirms), requests above its limit, and their decisions. The last approval executes the stored body, once.
 */
export function mountApprovalRoutes(app: Hono<TeamEnv>, team: Team, call: CallService | null): void {
  const db = team.database.db;
  const audit = (c: Context<TeamEnv>, action: string, targets: string[], status: number, detail?: string) =>
    auditByMember(team, c, { action, targets, status, ...(detail === undefined ? {} : { detail }) });
  const makersOf = async (ids: string[]) => {
    const found = ids.length
      ? await db
          .selectFrom('members')
          .select(['id', 'name', 'email'])
          .where('id', 'in', [...new Set(ids)])
          .execute()
      : [];
    return new Map(found.map((m) => [m.id, { name: m.name, email: m.email }]));
  };
  const mayPay = (c: Context<TeamEnv>) => {
    const { member } = c.get('member');
    return can(member.role, 'pay')
      ? null
      : refusal(c, 403, 'forbidden-for-role', 'Approvals are for the Finance and Admin roles');
  };

  app.get('/policy', async (c) => {
    const { organization } = c.get('member');
    const [policy, proposal, approvers, admins] = await Promise.all([
      activePolicy(db, organization.id),
      proposedPolicy(db, organization.id),
      countApprovers(db, organization.id),
      countActiveAdmins(db, organization.id),
    ]);
    return c.json({ policy, proposal, approvers, admins });
  });

  app.put('/policy', async (c) => {
    const { member, organization } = c.get('member');
    if (member.role !== 'admin')
      return refusal(c, 403, 'forbidden-for-role', 'The policy is the Admin role’s');
    const body = await readBody(c, policyBody);
    if (body instanceof Response) return body;
    const change = await changePolicy(
      db,
      organization,
      member.id,
      {
        enabled: body.enabled,
        limitCents: body.limit_cents,
        approvalsNeeded: body.approvals_needed,
      },
      team.now(),
    );
    if (change.kind === 'refused') {
      await audit(c, 'policy.change', [], 409);
      return c.json(
        errorBody('policy-refused', change.message, [{ path: change.field, message: change.message }]),
        409,
      );
    }
    await audit(
      c,
      change.kind === 'applied' ? 'policy.change' : 'policy.propose',
      [`v${change.policy.version}`],
      200,
    );
    return c.json(change);
  });

  app.post('/policy/confirm', async (c) => {
    const { member, organization } = c.get('member');
    if (member.role !== 'admin')
      return refusal(c, 403, 'forbidden-for-role', 'The policy is the Admin role’s');
    const confirmed = await confirmPolicy(db, organization, member.id);
    if (confirmed.kind === 'refused') {
      await audit(c, 'policy.confirm', [], confirmed.status);
      return c.json(errorBody(confirmed.code, confirmed.message), confirmed.status);
    }
    await audit(c, 'policy.confirm', [`v${confirmed.policy.version}`], 200);
    return c.json(confirmed);
  });

  app.post('/approvals', async (c) => {
    const refused = mayPay(c);
    if (refused) return refused;
    const body = await readBody(c, submitBody);
    if (body instanceof Response) return body;
    const { member, organization } = c.get('member');
    const request = 'payment' in body ? { payment: body.payment } : { rows: body.rows };
    const result = await submitRequest(
      db,
      { id: member.id, orgId: organization.id },
      request,
      'rows' in body ? body.file_sha256 : null,
      team.now(),
      'rows' in body ? (body.warnings ?? []) : [],
    );
    if (result.kind === 'refused') return c.json(errorBody(result.code, result.message), result.status);
    const status = result.kind === 'created' ? 201 : 200;
    await audit(c, 'approval.submit', [result.request.id], status);
    // As the payout service answers a repeated idempotency key: the first answer again, marked as such.
    if (result.kind === 'existing') c.header('Idempotent-Replayed', 'true');
    return c.json(requestView(result.request), status);
  });

  app.get('/approvals', async (c) => {
    const refused = mayPay(c);
    if (refused) return refused;
    const status = c.req.query('status');
    const { organization } = c.get('member');
    for (const expired of await expireRequests(db, organization.id, team.now())) {
      await team.audit(consoleEntry(organization.id, 'approval.expire', [expired], { status: 200 }));
    }
    let query = db.selectFrom('approval_requests').selectAll().where('org_id', '=', organization.id);
    if (status) query = query.where('status', '=', status.slice(0, 30));
    const rows = await query.orderBy('created_at', 'desc').limit(200).execute();
    const makers = await makersOf(rows.map((r) => r.maker_id));
    return c.json({ data: rows.map((row) => requestView(row, makers.get(row.maker_id))) });
  });

  app.get('/approvals/:id', async (c) => {
    const refused = mayPay(c);
    if (refused) return refused;
    const row = await findRequest(db, c.get('member').organization.id, c.req.param('id') ?? '');
    if (!row)
      return c.json(
        errorBody('request-not-found', 'No approval request of your organization has this id'),
        404,
      );
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
    const makers = await makersOf([row.maker_id]);
    return c.json({ ...requestView(row, makers.get(row.maker_id)), decisions });
  });

  const decideRoute = (approve: boolean) => async (c: Context<TeamEnv>) => {
    const refused = mayPay(c);
    if (refused) return refused;
    const { member, organization } = c.get('member');
    const id = c.req.param('id') ?? '';
    let reason = '';
    if (!approve) {
      const body = await readBody(c, rejectBody);
      if (body instanceof Response) return body;
      reason = body.reason;
    }
    const decision = await decide(
      db,
      { id: member.id, orgId: organization.id },
      id,
      approve ? { approve: true } : { approve: false, reason },
      team.now(),
    );
    if (decision.kind === 'refused') {
      if (decision.code === 'request-expired') await audit(c, 'approval.expire', [id], 409);
      await audit(c, approve ? 'approval.approve' : 'approval.reject', [id], decision.status);
      return c.json(errorBody(decision.code, decision.message), decision.status);
    }
    await audit(c, approve ? 'approval.approve' : 'approval.reject', [id], 200, approve ? undefined : reason);
    const request = decision.request;
    if (decision.approvedNow) {
      const credentials = team.credentialsFor(organization);
      if (!call || !credentials) {
        await moveStatus(db, id, 'approved', 'failed', team.now(), {
          error: 'The console holds no credentials to pay with',
        });
      } else if (request.kind === 'payment') {
        // One payment: paid before the answer, so the approver sees the transfer.
        await executeRequest(team, call, request, credentials);
      } else {
        // A file: paid in the background; its page shows the progress.
        void executeRequest(team, call, request, credentials).catch((error) =>
          console.error(`[approvals] request ${id} failed to execute:`, (error as Error).message),
        );
      }
      const started = call !== null && credentials !== null;
      await team.audit(
        consoleEntry(organization.id, 'approval.execute', [id], {
          status: started ? 200 : 503,
          outcome: started ? 'ok' : 'failed',
        }),
      );
    }
    const makers = await makersOf([request.maker_id]);
    return c.json(
      requestView((await findRequest(db, organization.id, id)) ?? request, makers.get(request.maker_id)),
    );
  };
  app.post('/approvals/:id/approve', decideRoute(true));
  app.post('/approvals/:id/reject', decideRoute(false));
}
