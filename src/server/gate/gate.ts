import type { Context } from 'hono';
import { approvalNeed } from '../../lib/approval-rules';
import type { AuditAction } from '../../lib/audit-actions';
import { can, describeRequest } from '../../lib/roles';
import { basicAuthorization } from '../../node/basic-auth';
import { isJsonContentType } from '../../node/json-content-type';
import { heldUntil } from '../approvals/approvals';
import { activePolicy, NO_POLICY } from '../approvals/policy';
import { notJson, Refusal } from '../errors';
import { admit, memberOf } from '../pipeline/admission';
import { answerRefusal } from '../pipeline/answer';
import { type AuditLine, isWritten, writeLine } from '../pipeline/audit-line';
import type { Team } from '../team';
import { carriesClaimLinks, withoutClaimLinks } from './claim-links';
import { checkMoney, movesMoney } from './money-checks';
import { releaseSpend, reserveSpend } from './spend';

/**
 * Sends the request on to the payout service (the embedded sandbox, or upstream) and returns its answer; with
 * `authorization`, in place of the caller's own.
 */
export type Forward = (c: Context, authorization?: string, body?: string) => Promise<Response>;

/** The ids a request touched: ids in its path, and the id of what it made. Never anything else of a body. */
async function targetsOf(path: string, response: Response): Promise<string[]> {
  const ids = path.split('/').filter((part) => /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(part));
  if (response.ok && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      const body = (await response.clone().json()) as { id?: unknown };
      if (typeof body?.id === 'string' && !ids.includes(body.id)) ids.push(body.id.slice(0, 100));
    } catch {
      // Not the caller's problem: the trail keeps the path's ids.
    }
  }
  return ids;
}

function declaredOperator(c: Context): string | null {
  const raw = c.req.header('x-console-operator');
  if (!raw) return null;
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Kept as sent.
  }
  text = text
    .replace(/[\p{Cc}]/gu, ' ')
    .trim()
    .slice(0, 200);
  return text === '' ? null : text;
}

/** A file's identity as its rows declare it (the SHA-256 of the file), for the file's total; null when none. */
function fileOf(c: Context): string | null {
  const given = c.req.header('x-console-file')?.trim().toLowerCase();
  return given && /^[0-9a-f]{64}$/.test(given) ? given : null;
}

type MoneyRead = { body: string; amountCents: number } | Refusal;

/**
 * A member's request that moves money, read whole (the body limit was checked before) and checked by the same schema
 * the service uses, so that the server knows exactly what it sends; then it writes who initiated it.
 */
async function readMoney(c: Context, action: AuditAction, email: string): Promise<MoneyRead> {
  // As the service answers it: a body sent as another type than JSON is not read as JSON.
  if (!isJsonContentType(c.req.header('content-type'))) {
    return new Refusal(415, 'unsupported-media-type', 'Send the body as application/json');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    return notJson();
  }
  const checked = checkMoney(action, raw, email);
  if (!checked || 'problems' in checked) {
    const problems = checked?.problems ?? [];
    return new Refusal(400, 'validation-failed', 'The request is invalid: see errors', { errors: problems });
  }
  return { body: JSON.stringify(checked.body), amountCents: checked.amountCents };
}

/**
 * `/v2` for a team, through the same steps as the team's own routes (pipeline.ts): a member's request is admitted by
 * session, second factor and the role matrix of lib/roles.ts; a payment is checked, stamped with its author and judged
 * by the approval policy and the member's daily limit; then it is sent on with the organization's own credentials
 * (the member's secret never leaves this server, nor does the key reach the browser). Every state-changing request,
 * allowed or refused, and every refusal is a line of the trail. Organization credentials are the service's own
 * business: the sandbox answers them itself; upstream in team mode only members are let through.
 */
export function teamGate(team: Team, forward: Forward) {
  return async (c: Context): Promise<Response> => {
    const method = c.req.method;
    const path = c.req.path;
    const described = describeRequest(method, path);
    const line: AuditLine = { action: described.action, targets: [], detail: described.detail };
    const found = await memberOf(team, c);
    if (found === undefined) {
      if (team.mode === 'upstream' && team.teamMode) {
        await writeLine(team, c, line, null, 401);
        return answerRefusal(
          c,
          new Refusal(401, 'member-credentials-required', 'Sign in as a member of the team'),
        );
      }
      const response = await forward(c);
      // With the organization's key, the author is only who the operator said they are.
      line.actor = { orgId: null, memberId: null, email: declaredOperator(c), role: 'organization-key' };
      // Only a line that is written needs its targets: reading a read's answer again costs it half its rate.
      if (isWritten(c, response.status)) line.targets = await targetsOf(path, response);
      await writeLine(team, c, line, null, response.status, response.headers.get('x-request-id'));
      return response;
    }
    const admitted = await admit(team, c, described.permission, found);
    if ('refused' in admitted) {
      line.targets = await targetsOf(path, new Response(null));
      await writeLine(team, c, line, found, admitted.refused.status);
      return answerRefusal(c, admitted.refused);
    }
    const { member, organization } = found as NonNullable<typeof found>;
    let body: string | undefined;
    let reservation: string | null = null;
    if (movesMoney(described.action)) {
      const checked = await readMoney(c, described.action, member.email);
      if (checked instanceof Refusal) {
        await writeLine(team, c, line, found, checked.status);
        return answerRefusal(c, checked);
      }
      body = checked.body;
      line.amountCents = checked.amountCents;
      // After a reset of their credentials, whatever a member pays waits for another member's approval.
      const held = heldUntil(member, team.now());
      if (held) {
        const need = approvalNeed(NO_POLICY, checked.amountCents, 0, 'payment', held);
        await writeLine(team, c, line, found, 403);
        return answerRefusal(
          c,
          new Refusal(403, 'approval-required', need.needed ? need.message : '', {
            extra: { limit: 'hold', held_until: held },
          }),
        );
      }
      const policy = await activePolicy(team.database.db, organization.id);
      const reserved = await reserveSpend(
        team.database.db,
        { orgId: organization.id, memberId: member.id, amountCents: checked.amountCents, fileId: fileOf(c) },
        policy,
        team.now(),
      );
      if (reserved.kind === 'needs-approval') {
        const message = reserved.need.needed ? reserved.need.message : 'Another member approves this';
        await writeLine(team, c, line, found, 403);
        return answerRefusal(
          c,
          new Refusal(403, 'approval-required', message, {
            extra: { limit: reserved.need.needed ? reserved.need.limit : 'amount' },
          }),
        );
      }
      reservation = reserved.id;
    }
    const credentials = team.credentialsFor(organization);
    if (!credentials) {
      if (reservation) await releaseSpend(team.database.db, reservation);
      await writeLine(team, c, line, found, 403);
      return answerRefusal(
        c,
        new Refusal(
          403,
          'organization-not-connected',
          'The console holds no credentials for your organization',
        ),
      );
    }
    const forwarded = await forward(c, basicAuthorization(credentials.clientId, credentials.apiKey), body);
    const response =
      carriesClaimLinks(path) && !can(member.role, 'pay') ? await withoutClaimLinks(forwarded) : forwarded;
    // Refused, or answered as the payment sent before: nothing moved now. An unknown outcome stays counted.
    const refused = response.status >= 400 && response.status < 500;
    if (reservation && (refused || response.headers.get('idempotent-replayed') === 'true')) {
      await releaseSpend(team.database.db, reservation);
    }
    // Only a line that is written needs its targets: reading a read's answer again costs it half its rate.
    if (isWritten(c, response.status)) line.targets = await targetsOf(path, response);
    await writeLine(team, c, line, found, response.status, response.headers.get('x-request-id'));
    return response;
  };
}
