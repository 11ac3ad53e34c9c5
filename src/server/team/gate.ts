import type { Context } from 'hono';
import { formatCents } from '../../lib/money';
import { can, describeRequest, leastRoleFor, ROLE_LABELS } from '../../lib/roles';
import { basicAuthorization, parseBasic } from '../../node/basic-auth';
import { errorBody } from '../../node/error-body';
import { activePolicy } from './approval-policy';
import type { AuditOutcome } from './audit';
import { type SessionMember, sessionMember } from './sign-in';
import type { Team } from './team';

/**
 * Sends the request on to the payout service (the embedded sandbox, or upstream) and returns its answer; with
 * `authorization`, in place of the caller's own.
 */
export type Forward = (c: Context, authorization?: string, body?: string) => Promise<Response>;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const MEMBER_ID = /^mem_[0-9a-f]{32}$/;

export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'in-process';
}

export function refusal(c: Context, status: 401 | 403, code: string, message: string): Response {
  c.header('Cache-Control', 'no-store');
  const requestId = c.req.header('x-request-id');
  if (requestId) c.header('X-Request-Id', requestId);
  return c.json(errorBody(code, message), status);
}

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

function outcomeOf(status: number): AuditOutcome {
  if (status < 400) return 'ok';
  return status >= 500 ? 'failed' : 'refused';
}

/** A payment body's amount in cents; 0 when it has none (the service then refuses it for itself). */
function amountOf(body: string | undefined): number {
  try {
    const amount = (JSON.parse(body ?? '') as { amount?: unknown })?.amount;
    return typeof amount === 'number' ? amount : 0;
  } catch {
    return 0;
  }
}

/** The member of a request with member credentials: a live session, or null. */
export async function memberOf(team: Team, c: Context): Promise<SessionMember | null | undefined> {
  const basic = parseBasic(c.req.header('authorization'));
  if (!basic || !MEMBER_ID.test(basic.user)) return undefined;
  return sessionMember(team.database.db, team.policy, basic.user, basic.password, team.now());
}

/**
 * `/v2` for a team: a member's request is checked against the role matrix, then sent on with the organization's own
 * credentials (the member's secret never leaves this server, nor does the key reach the browser). Every
 * state-changing request, allowed or refused, is a line of the audit trail. Organization credentials are the
 * service's own business: the sandbox answers them itself; upstream in team mode only members are let through.
 */
export function teamGate(team: Team, forward: Forward) {
  return async (c: Context): Promise<Response> => {
    const method = c.req.method;
    const path = c.req.path;
    const write = !READS.has(method);
    const { permission, action } = describeRequest(method, path);
    const requestId = c.req.header('x-request-id') ?? null;
    const address = clientAddress(c);
    const found = await memberOf(team, c);
    if (found === undefined) {
      if (team.mode === 'upstream' && team.teamMode) {
        return refusal(c, 401, 'member-credentials-required', 'Sign in as a member of the team');
      }
      const response = await forward(c);
      if (write) {
        await team.audit({
          orgId: null,
          memberId: null,
          // With the organization's key, the author is only who the operator said they are.
          email: declaredOperator(c),
          role: 'organization-key',
          action,
          targets: await targetsOf(path, response),
          outcome: outcomeOf(response.status),
          status: response.status,
          requestId: response.headers.get('x-request-id') ?? requestId,
          clientAddress: address,
        });
      }
      return response;
    }
    if (found === null) return refusal(c, 401, 'session-ended', 'Your session has ended: sign in again');
    const { member, organization } = found;
    const audit = async (status: number, targets: string[], answeredId: string | null) => {
      if (!write) return;
      await team.audit({
        orgId: organization.id,
        memberId: member.id,
        email: member.email,
        role: member.role,
        action,
        targets,
        outcome: outcomeOf(status),
        status,
        requestId: answeredId ?? requestId,
        clientAddress: address,
      });
    };
    if (found.mustEnrollTotp) {
      await audit(403, [], null);
      return refusal(c, 403, 'totp-enrollment-required', 'Set up your authenticator app before you continue');
    }
    if (!can(member.role, permission)) {
      const needed = leastRoleFor(permission);
      await audit(403, await targetsOf(path, new Response(null)), null);
      return refusal(
        c,
        403,
        'forbidden-for-role',
        `This needs the ${ROLE_LABELS[needed]} role (or higher); you are ${ROLE_LABELS[member.role]}`,
      );
    }
    // A payment is read here when the policy is on (its amount decides), and sent on as read.
    let body: string | undefined;
    if (method === 'POST' && path.replace(/\/+$/, '') === '/v2/payments') {
      const policy = await activePolicy(team.database.db, organization.id);
      if (policy.enabled) body = await c.req.text();
      const above = policy.enabled && amountOf(body) > policy.limitCents ? policy : null;
      if (above) {
        await audit(403, [], null);
        return refusal(
          c,
          403,
          'approval-required',
          `Above ${formatCents(above.limitCents)} a payment needs another member's approval: submit it for approval`,
        );
      }
    }
    const credentials = team.credentialsFor(organization);
    if (!credentials) {
      return refusal(
        c,
        403,
        'organization-not-connected',
        'The console holds no credentials for your organization',
      );
    }
    const response = await forward(c, basicAuthorization(credentials.clientId, credentials.apiKey), body);
    if (write)
      await audit(response.status, await targetsOf(path, response), response.headers.get('x-request-id'));
    return response;
  };
}
