import type { Context } from 'hono';
import { hasCanonicalIds, isCanonicalV2Path } from '../../lib/roles';
import { TICKET_HEADER, TICKET_PATTERN, TICKET_RULE } from '../../lib/ticket';
import { basicAuthorization } from '../../node/basic-auth';
import { isJsonContentType } from '../../node/json-content-type';
import { notJson, Refusal, routeNotFound } from '../errors';
import { admit, memberOf } from '../pipeline/admission';
import { answerRefusal, answerTrailBroken } from '../pipeline/answer';
import { type AuditLine, isWritten, writeLine } from '../pipeline/audit-line';
import { nulFieldIn, nulRefusal } from '../pipeline/nul';
import { type Asked, idsInPath, type V2Row, type Verdict } from '../pipeline/v2-row';
import { describeRequest, rowOf } from '../pipeline/v2-table';
import type { Team } from '../team';
import { releaseMoney } from './money';
import { type CallService, orUnavailable } from './service-calls';

/**
 * Sends the request on to the payout service (the embedded sandbox, or upstream) and returns its answer; with
 * `authorization`, in place of the caller's own.
 */
export type Forward = (c: Context, authorization?: string, body?: string | FormData) => Promise<Response>;

/**
 * The ids a request touched: ids in its path, and the id of what it made. Never anything else of a body. The answer
 * is read once and given back whole as text (a clone of its stream cost a member's payment a tenth of its rate).
 */
async function targetsOf(path: string, response: Response): Promise<{ ids: string[]; response: Response }> {
  const ids = idsInPath(path);
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json'))
    return { ids, response };
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { id?: unknown };
    if (typeof body?.id === 'string' && !ids.includes(body.id)) ids.push(body.id.slice(0, 100));
  } catch {
    // Not the caller's problem: the trail keeps the path's ids.
  }
  const whole = new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  return { ids, response: whole };
}

/** The refusal of a request that is no operation the console knows (lib/v2-operations.ts). */
export function undeclared(method: string, path: string): Refusal {
  return routeNotFound(`No route ${method.toUpperCase()} ${path.slice(0, 200)} that the console sends on`);
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

/** The ticket reference the member gave (`X-Console-Ticket`): null when none, 'invalid' when it is not one. */
function ticketOf(c: Context): string | null | 'invalid' {
  const given = c.req.header(TICKET_HEADER)?.trim();
  if (!given) return null;
  return TICKET_PATTERN.test(given) ? given : 'invalid';
}

/**
 * The body of a member's request that moves money, read whole (the body limit was checked before): as the service
 * answers it, a body sent as another type than JSON is not read as JSON.
 */
async function readJson(c: Context): Promise<{ raw: unknown } | Refusal> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    return new Refusal(415, 'unsupported-media-type', 'Send the body as application/json');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    return notJson();
  }
  const nul = nulFieldIn(raw);
  return nul ? nulRefusal(nul, 'validation-failed') : { raw };
}

/** A bill's request body: JSON, or the multipart form of an invoice's upload (read from a copy, whole). */
async function readApBody(c: Context): Promise<Record<string, unknown> | FormData | Refusal> {
  if (c.req.method === 'DELETE') return {};
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    try {
      return await c.req.raw.clone().formData();
    } catch {
      return new Refusal(400, 'malformed-body', 'The form could not be read');
    }
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  // A body that is not a form is JSON, said so, as every other money write's (a text/plain proposal is refused).
  if (!isJsonContentType(type)) {
    return new Refusal(415, 'unsupported-media-type', 'Send the body as application/json');
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : new Refusal(400, 'validation-failed', 'The body is a JSON object');
  } catch {
    return notJson();
  }
}

/** The body of a row's request, read as the row says (the body limit was checked before). */
async function readBody(c: Context, row: V2Row): Promise<{ raw: unknown } | Refusal> {
  if (row.body === 'json') return readJson(c);
  if (row.body === 'bill') {
    const raw = await readApBody(c);
    return raw instanceof Refusal ? raw : { raw };
  }
  return { raw: undefined };
}

/**
 * `/v2` for a team, through the same steps as the team's own routes (pipeline/): a request is first the row of an
 * operation the console knows (pipeline/v2-table.ts), else refused and never sent. A member's request is admitted by
 * session, second factor and the row's permission; its body read as the row says; judged by the row's judge (a
 * payment checked, stamped and counted; a bill by the rules of bills; a payee's new method held for a second member);
 * then sent on with the organization's own credentials (the member's secret never leaves this server, nor does the key
 * reach the browser); the row's `after` shapes the answer and notes what it made. Every state-changing request,
 * allowed or refused, and every refusal is one line of the trail. Organization credentials are the service's own
 * business: the sandbox answers them itself; upstream in team mode only members are let through.
 */
export function teamGate(team: Team, forward: Forward, call: CallService | null = null) {
  return async (c: Context): Promise<Response> => {
    const method = c.req.method;
    const path = c.req.path;
    const described = describeRequest(method, path);
    const line: AuditLine = { action: described.action, targets: [], detail: described.detail };
    // Nothing is sent that could not be written down (audit/witness.ts).
    if (team.auditWitness.broken && isWritten(c, 200)) return answerTrailBroken(c);
    const found = await memberOf(team, c);
    const refuse = async (refusal: Refusal, status: number = refusal.status) => {
      await writeLine(team, c, line, found ?? null, status);
      return answerRefusal(c, refusal);
    };
    if (!isCanonicalV2Path(path) || (isWritten(c, 200) && !hasCanonicalIds(path))) {
      return refuse(
        new Refusal(400, 'non-canonical-path', 'Write the path in lower case, as the API names its routes', {
          field: 'path',
        }),
      );
    }
    // An operation the console does not know is never sent, whoever asks: the service might read it as one it does.
    const row = rowOf(method, new URL(c.req.url).pathname);
    if (!row) return refuse(undeclared(method, path));
    if (found === undefined) {
      if (team.mode === 'upstream' && team.teamMode) {
        return refuse(new Refusal(401, 'member-credentials-required', 'Sign in as a member of the team'));
      }
      let response = await forward(c);
      // With the organization's key, the author is only who the operator said they are.
      line.actor = { orgId: null, memberId: null, email: declaredOperator(c), role: 'organization-key' };
      // Only a line that is written needs its targets: reading a read's answer again costs it half its rate.
      if (isWritten(c, response.status)) ({ ids: line.targets, response } = await targetsOf(path, response));
      await writeLine(team, c, line, null, response.status, response.headers.get('x-request-id'));
      return response;
    }
    const admitted = await admit(team, c, row.permission, found);
    if ('refused' in admitted) {
      line.targets = idsInPath(path);
      return refuse(admitted.refused);
    }
    const member = found as NonNullable<typeof found>;
    // The ticket goes to the trail's line, never to the service.
    const ticket = ticketOf(c);
    if (ticket === 'invalid') {
      return refuse(
        new Refusal(400, 'invalid-ticket', `The ticket reference: ${TICKET_RULE}`, {
          errors: [{ path: 'ticket', message: TICKET_RULE }],
        }),
      );
    }
    if (ticket) line.detail = [line.detail, `ticket ${ticket}`].filter(Boolean).join('; ');
    const read = await readBody(c, row);
    if (read instanceof Refusal) return refuse(read);
    const asked: Asked = { team, call, c, found: member, path, action: row.action, ticket, body: read.raw };
    const judged = row.judge ? await orUnavailable(row.judge(asked)) : ({ kind: 'send' } as const);
    const verdict: Verdict = judged instanceof Refusal ? { kind: 'refused', refusal: judged } : judged;
    if (verdict.detail) line.detail = verdict.detail;
    const amountCents = verdict.kind === 'answered' ? null : verdict.amountCents;
    if (amountCents !== undefined && amountCents !== null) line.amountCents = amountCents;
    if (verdict.kind === 'refused') {
      if (verdict.targets) line.targets = verdict.targets;
      return refuse(verdict.refusal);
    }
    if (verdict.kind === 'answered') {
      line.targets = verdict.targets;
      if (verdict.action) line.action = verdict.action;
      await writeLine(team, c, line, member, verdict.status);
      return c.json(verdict.body as object, verdict.status);
    }
    const reservation = verdict.reservation ?? null;
    const credentials = team.credentialsFor(member.organization);
    if (!credentials) {
      if (reservation) await releaseMoney(team, reservation);
      return refuse(
        new Refusal(
          403,
          'organization-not-connected',
          'The console holds no credentials for your organization',
        ),
      );
    }
    const body = verdict.body ?? (row.body === 'json' ? JSON.stringify(read.raw) : undefined);
    const forwarded = await forward(c, basicAuthorization(credentials.clientId, credentials.apiKey), body);
    await verdict.after?.(forwarded);
    let response = verdict.answer ? await verdict.answer(forwarded) : forwarded;
    // Refused, or answered as the payment sent before: nothing moved now. An unknown outcome stays counted.
    const refused = response.status >= 400 && response.status < 500;
    if (reservation && (refused || response.headers.get('idempotent-replayed') === 'true')) {
      await releaseMoney(team, reservation);
    }
    // Only a line that is written needs its targets: reading a read's answer again costs it half its rate.
    if (isWritten(c, response.status)) ({ ids: line.targets, response } = await targetsOf(path, response));
    if (row.after) response = await row.after(asked, response, line.targets);
    await writeLine(team, c, line, member, response.status, response.headers.get('x-request-id'));
    return response;
  };
}
