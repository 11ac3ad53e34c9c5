import type { Context } from 'hono';
import { AP_ACTIONS } from '../../lib/ap-routes';
import { DELIVER_TO_HEADER, DELIVERY_HEADER } from '../../lib/flow-links';
import { can, describeRequest, hasCanonicalIds, isCanonicalV2Path } from '../../lib/roles';
import { TICKET_HEADER, TICKET_PATTERN, TICKET_RULE } from '../../lib/ticket';
import { isDeclaredV2Operation } from '../../lib/v2-operations';
import { basicAuthorization } from '../../node/basic-auth';
import { isJsonContentType } from '../../node/json-content-type';
import { notJson, Refusal, routeNotFound } from '../errors';
import { carriesClaimLinks, readsFlowLinks, withoutClaimLinks } from '../onboarding/claim-links';
import { judgeFlowLink, noteEmailSetByMember } from '../onboarding/flow-links';
import { judgeBillRequest } from '../payables/rules';
import { destinationChangeOf, holdDestinationChange } from '../payees/destination';
import { admit, memberOf } from '../pipeline/admission';
import { answerRefusal, answerTrailBroken } from '../pipeline/answer';
import { type AuditLine, isWritten, writeLine } from '../pipeline/audit-line';
import { nulFieldIn, nulRefusal } from '../pipeline/nul';
import type { Team } from '../team';
import { grantWaits, refillAboveLimit } from '../wallets/grants';
import { endRefillPause } from '../wallets/refill-pauses';
import { judgeMoney, releaseMoney } from './money';
import { movesMoney } from './money-checks';
import { type CallService, orUnavailable } from './service-calls';
import type { Reservation } from './spend';

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
  const ids = path.split('/').filter((part) => /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(part));
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

/** A file's identity as its rows declare it (the SHA-256 of the file), for the file's total; null when none. */
function fileOf(c: Context): string | null {
  const given = c.req.header('x-console-file')?.trim().toLowerCase();
  return given && /^[0-9a-f]{64}$/.test(given) ? given : null;
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
/** Whether an app's settings change turns its auto-refill on. */
function turnsRefillOn(body: unknown): boolean {
  try {
    return (
      typeof body === 'string' &&
      (JSON.parse(body) as { auto_refill_active?: unknown }).auto_refill_active === true
    );
  } catch {
    return false;
  }
}

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

/**
 * `/v2` for a team, through the same steps as the team's own routes (pipeline/): a member's request is admitted by
 * session, second factor and the role matrix of lib/roles.ts; a payment is checked, stamped with its author and judged
 * by the approval policy and the member's daily limit; then it is sent on with the organization's own credentials
 * (the member's secret never leaves this server, nor does the key reach the browser). Every state-changing request,
 * allowed or refused, and every refusal is a line of the trail. Organization credentials are the service's own
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
    if (!isCanonicalV2Path(path) || (isWritten(c, 200) && !hasCanonicalIds(path))) {
      await writeLine(team, c, line, found ?? null, 400);
      return answerRefusal(
        c,
        new Refusal(400, 'non-canonical-path', 'Write the path in lower case, as the API names its routes', {
          field: 'path',
        }),
      );
    }
    // An operation the console does not know is never sent, whoever asks: the service might read it as one it does.
    if (!isDeclaredV2Operation(method, new URL(c.req.url).pathname)) {
      await writeLine(team, c, line, found ?? null, 404);
      return answerRefusal(c, undeclared(method, path));
    }
    if (found === undefined) {
      if (team.mode === 'upstream' && team.teamMode) {
        await writeLine(team, c, line, null, 401);
        return answerRefusal(
          c,
          new Refusal(401, 'member-credentials-required', 'Sign in as a member of the team'),
        );
      }
      let response = await forward(c);
      // With the organization's key, the author is only who the operator said they are.
      line.actor = { orgId: null, memberId: null, email: declaredOperator(c), role: 'organization-key' };
      // Only a line that is written needs its targets: reading a read's answer again costs it half its rate.
      if (isWritten(c, response.status)) ({ ids: line.targets, response } = await targetsOf(path, response));
      await writeLine(team, c, line, null, response.status, response.headers.get('x-request-id'));
      return response;
    }
    const admitted = await admit(team, c, described.permission, found);
    if ('refused' in admitted) {
      line.targets = (await targetsOf(path, new Response(null))).ids;
      await writeLine(team, c, line, found, admitted.refused.status);
      return answerRefusal(c, admitted.refused);
    }
    const { member, organization } = found as NonNullable<typeof found>;
    if (described.action === 'app.ach-account.set') {
      const waits = await grantWaits(team, found as NonNullable<typeof found>);
      if (waits) {
        await writeLine(team, c, line, found, waits.status);
        return answerRefusal(c, waits);
      }
    }
    // The ticket goes to the trail's line, never to the service.
    const ticket = ticketOf(c);
    if (ticket === 'invalid') {
      await writeLine(team, c, line, found, 400);
      return answerRefusal(
        c,
        new Refusal(400, 'invalid-ticket', `The ticket reference: ${TICKET_RULE}`, {
          errors: [{ path: 'ticket', message: TICKET_RULE }],
        }),
      );
    }
    if (ticket) line.detail = [line.detail, `ticket ${ticket}`].filter(Boolean).join('; ');
    let body: string | FormData | undefined;
    let reservation: Reservation | null = null;
    let after: ((response: Response) => Promise<void>) | undefined;
    let answerOf: ((response: Response) => Promise<Response>) | undefined;
    let emailSet = false;
    if (described.action === 'app.settings.change') {
      // An auto-refill above the approval limit moves money no second member saw (wallets/grants.ts).
      const read = await readJson(c);
      const refused =
        read instanceof Refusal
          ? read
          : await refillAboveLimit(team, found as NonNullable<typeof found>, read.raw);
      if (refused) {
        await writeLine(team, c, line, found, refused.status);
        return answerRefusal(c, refused);
      }
      body = JSON.stringify((read as { raw: unknown }).raw);
    }
    if (described.action === 'flow.create') {
      // An onboarding link: who may hold it, and how it leaves (onboarding/flow-links.ts).
      const read = await readJson(c);
      const judged =
        read instanceof Refusal
          ? read
          : await orUnavailable(
              judgeFlowLink(
                team,
                call,
                found as NonNullable<typeof found>,
                { delivery: c.req.header(DELIVERY_HEADER), deliverTo: c.req.header(DELIVER_TO_HEADER) },
                read.raw,
              ),
            );
      if (judged instanceof Refusal) {
        await writeLine(team, c, line, found, judged.status);
        return answerRefusal(c, judged);
      }
      body = JSON.stringify((read as { raw: unknown }).raw);
      answerOf = judged.after;
    }
    if (described.action === 'user.payout-method.add' || described.action === 'user.update') {
      // Where a payee's money goes: with approvals on, a member's change waits for a second member (payees/).
      const read = await readJson(c);
      if (read instanceof Refusal) {
        await writeLine(team, c, line, found, read.status);
        return answerRefusal(c, read);
      }
      body = JSON.stringify(read.raw);
      emailSet =
        described.action === 'user.update' &&
        typeof (read.raw as { email?: unknown } | null)?.email === 'string';
      // Noted before it is sent: a link made while the change is on its way is judged with the note already there.
      const changedUser = path.split('/')[3];
      if (emailSet && changedUser) {
        await noteEmailSetByMember(team, found as NonNullable<typeof found>, changedUser);
      }
      const change = destinationChangeOf(described.action, path, read.raw);
      if (change) {
        const held = await orUnavailable(
          holdDestinationChange(team, call, found as NonNullable<typeof found>, change, ticket),
        );
        if (held instanceof Refusal) {
          line.targets = [change.userId];
          await writeLine(team, c, line, found, held.status);
          return answerRefusal(c, held);
        }
        if (held.kind === 'waiting') {
          line.action = 'payee-request.propose';
          line.targets = [change.userId, held.request.id];
          await writeLine(team, c, line, found, 202);
          return c.json({ waiting_for_approval: true, request: held.request }, 202);
        }
      }
    }
    // Bills, vendors and their policies: the rules of accounts payable (payables/rules.ts).
    if (AP_ACTIONS.has(described.action)) {
      const raw = await readApBody(c);
      const outcome =
        raw instanceof Refusal
          ? raw
          : await orUnavailable(
              judgeBillRequest(team, call, found as NonNullable<typeof found>, described.action, {
                path,
                raw,
              }),
            );
      const judged = outcome instanceof Refusal ? ({ kind: 'refused', refusal: outcome } as const) : outcome;
      if ('detail' in judged && judged.detail) line.detail = judged.detail;
      if ('amountCents' in judged && judged.amountCents !== undefined) line.amountCents = judged.amountCents;
      if (judged.kind !== 'send') {
        line.targets = (await targetsOf(path, new Response(null))).ids;
        if (judged.kind === 'waiting') line.targets.push(judged.request.id);
        const status = judged.kind === 'refused' ? judged.refusal.status : 202;
        await writeLine(team, c, line, found, status);
        return judged.kind === 'refused'
          ? answerRefusal(c, judged.refusal)
          : c.json({ kind: 'waiting', request: judged.request }, 202);
      }
      body = judged.body;
      reservation = judged.reservation;
      after = judged.after;
    } else if (movesMoney(described.action)) {
      const read = await readJson(c);
      const judged =
        read instanceof Refusal
          ? ({ kind: 'refused', refusal: read, amountCents: null } as const)
          : await judgeMoney(team, found as NonNullable<typeof found>, described.action, read.raw, fileOf(c));
      if (judged.kind === 'refused') {
        if (judged.amountCents !== null) line.amountCents = judged.amountCents;
        await writeLine(team, c, line, found, judged.refusal.status);
        return answerRefusal(c, judged.refusal);
      }
      body = judged.body;
      line.amountCents = judged.amountCents;
      reservation = judged.reservation;
    }
    const credentials = team.credentialsFor(organization);
    if (!credentials) {
      if (reservation) await releaseMoney(team, reservation);
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
    await after?.(forwarded);
    // A flow's link leaves only in the answer that made it (copied) or by mail: read again, it reaches no member.
    let response = answerOf
      ? await answerOf(forwarded)
      : readsFlowLinks(path, c.req.method) || (carriesClaimLinks(path) && !can(member.role, 'pay'))
        ? await withoutClaimLinks(forwarded)
        : forwarded;
    // Refused, or answered as the payment sent before: nothing moved now. An unknown outcome stays counted.
    const refused = response.status >= 400 && response.status < 500;
    if (reservation && (refused || response.headers.get('idempotent-replayed') === 'true')) {
      await releaseMoney(team, reservation);
    }
    // Only a line that is written needs its targets: reading a read's answer again costs it half its rate.
    if (isWritten(c, response.status)) ({ ids: line.targets, response } = await targetsOf(path, response));
    // A member turned the app's refill on again, judged by the policy now: a pause of it is over
    // (wallets/refill-pauses.ts). Another setting, or the refill left off, leaves the pause and its reason shown.
    if (response.ok && described.action === 'app.settings.change' && turnsRefillOn(body)) {
      await endRefillPause(team, organization.id, path.split('/')[3] ?? '');
    }
    // A user's email set by a member: a link mailed there is not the payee's alone for a while (onboarding/). Noted
    // unless the service refused it: an answer lost or late (5xx) may hide an email the service holds.
    const notRefused = !(response.status >= 400 && response.status < 500);
    if (notRefused && described.action === 'user.create' && line.targets[0]) {
      await noteEmailSetByMember(team, found as NonNullable<typeof found>, line.targets[0]);
    }
    await writeLine(team, c, line, found, response.status, response.headers.get('x-request-id'));
    return response;
  };
}
