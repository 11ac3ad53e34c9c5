import { zValidator } from '@hono/zod-validator';
import type { Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import type { AuditAction } from '../../lib/audit-actions';
import { type Access, can, leastRoleFor, ROLE_LABELS } from '../../lib/roles';
import { BODY_LIMIT_BYTES, limitBodySize } from '../../node/body-limit';
import { errorBody, fieldErrorsFrom } from '../../node/error-body';
import type { AuditOutcome } from '../audit/chain';
import type { SessionMember } from '../identity/sign-in';
import type { Team } from '../team';
import { clientAddress, memberOf, refusal } from './admission';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who a line of the trail names, when the route finds out itself (a sign-in, a one-time link). */
export interface Actor {
  orgId: string | null;
  memberId: string | null;
  email: string | null;
  role: string | null;
}

/** The line a request writes: the route's action, and what the handler adds (targets, a detail, an amount). */
export interface AuditLine {
  action: AuditAction;
  targets: string[];
  detail?: string | undefined;
  amountCents?: number | undefined;
  /** Set by a public route that learns who is acting (a sign-in's member). */
  actor?: Actor | undefined;
  /** Set when the status alone would say otherwise (a sign-in that asks for the TOTP code is not a failure). */
  outcome?: AuditOutcome | undefined;
}

export interface RouteInput<B> {
  c: Context;
  body: B;
  /** The signed-in member; every route but a public one has one. */
  member: SessionMember;
  line: AuditLine;
  team: Team;
}

/**
 * One route of the console server's own API: who may call it, what its body is, and what the trail calls it. The
 * pipeline runs session → second factor → permission → body → handler → one audit line, so a handler never checks a
 * role or parses a body itself.
 */
export interface TeamRoute<B = unknown> {
  method: Method;
  /** Hono's form, below the API's prefix: `/members/:id`. */
  path: string;
  access: Access;
  body?: z.ZodType<B>;
  /** A request without a body is taken as `{}` (checked by the schema all the same). */
  bodyOptional?: boolean;
  /** Bodies larger than this are refused before they are read (BODY_LIMIT_BYTES unless said). */
  maxBodyBytes?: number;
  action: AuditAction;
  handle(input: RouteInput<B>): Response | Promise<Response>;
}

/** Identity with inference: `teamRoute({...})` types the handler's body from the schema. */
export function teamRoute<B = undefined>(def: TeamRoute<B>): TeamRoute {
  return def as unknown as TeamRoute;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function outcomeOf(status: number): AuditOutcome {
  if (status < 400) return 'ok';
  return status >= 500 ? 'failed' : 'refused';
}

/** Whether a request's line is written: every write, and a read only when it was refused. */
export function isWritten(c: Context, status: number): boolean {
  return !(READS.has(c.req.method) && status < 400);
}

/** Writes the request's one line: every state-changing request, and every refusal of any request. */
export async function writeLine(
  team: Team,
  c: Context,
  line: AuditLine,
  member: SessionMember | null,
  status: number,
  requestId?: string | null,
): Promise<void> {
  if (!isWritten(c, status)) return;
  const actor: Actor = line.actor ?? {
    orgId: member?.organization.id ?? null,
    memberId: member?.member.id ?? null,
    email: member?.member.email ?? null,
    role: member?.member.role ?? null,
  };
  await team.audit({
    ...actor,
    action: line.action,
    targets: line.targets,
    outcome: line.outcome ?? outcomeOf(status),
    status,
    requestId: requestId ?? c.req.header('x-request-id') ?? null,
    clientAddress: clientAddress(c),
    detail: line.detail ?? null,
    amountCents: line.amountCents ?? null,
  });
}

/** Admitted (with the member, none for a public route), or refused (with the member when there is one). */
export type Admission =
  | { member: SessionMember | null }
  | { refused: Response; member: SessionMember | null };

/**
 * The first three steps, shared by the team's routes and the `/v2` gate: a live session (unless public), a second
 * factor where the role needs one (unless the route is how it is set up), and the permission.
 */
export async function admit(
  team: Team,
  c: Context,
  access: Access,
  /** The member already looked up for this request (the `/v2` gate looks first), or undefined to look now. */
  resolved?: SessionMember | null,
): Promise<Admission> {
  if (access === 'public') return { member: null };
  const member = resolved === undefined ? await memberOf(team, c) : resolved;
  if (!member) {
    return {
      refused: refusal(c, 401, 'session-ended', 'Your session has ended: sign in again'),
      member: null,
    };
  }
  if (access === 'session') return { member };
  if (member.mustEnrollTotp) {
    return {
      member,
      refused: refusal(
        c,
        403,
        'totp-enrollment-required',
        'Set up your authenticator app before you continue',
      ),
    };
  }
  if (!can(member.member.role, access)) {
    const needed = leastRoleFor(access);
    return {
      member,
      refused: refusal(
        c,
        403,
        'forbidden-for-role',
        `This needs the ${ROLE_LABELS[needed]} role (or higher); you are ${ROLE_LABELS[member.member.role]}`,
      ),
    };
  }
  return { member };
}

/** The sandbox's and the `/v2` gate's answer to a body that is not JSON: one code for one mistake. */
const notJson = (c: Context) => c.json(errorBody('malformed-json', 'The body is not valid JSON'), 400);

/** The JSON body by its schema, refused as oversized before it is read, or as the fields at fault. */
async function readBody<B>(c: Context, schema: z.ZodType<B>, maxBytes: number): Promise<B | Response> {
  let parsed: { value: B } | Response | undefined;
  const checkSize = limitBodySize(maxBytes);
  const validate = zValidator('json', schema, (result, vc) => {
    if (!result.success) {
      return vc.json(
        errorBody('invalid-request', 'Some fields are wrong', fieldErrorsFrom(result.error.issues)),
        400,
      );
    }
  });
  try {
    const early = await checkSize(c, async () => {
      const refused = await validate(c, async () => {
        parsed = { value: c.req.valid('json' as never) as B };
      });
      if (refused instanceof Response) parsed = refused;
    });
    if (early instanceof Response) return early;
  } catch (error) {
    if (error instanceof HTTPException && error.status === 400) {
      return notJson(c);
    }
    throw error;
  }
  if (parsed === undefined) return notJson(c);
  return parsed instanceof Response ? parsed : parsed.value;
}

/** Registers each route of the table behind the pipeline. */
export function mountTeamRoutes(app: Hono, team: Team, routes: readonly TeamRoute[]): void {
  for (const route of routes) {
    app.on(route.method, route.path, async (c) => {
      const line: AuditLine = { action: route.action, targets: [] };
      const admitted = await admit(team, c, route.access);
      if ('refused' in admitted) {
        await writeLine(team, c, line, admitted.member, admitted.refused.status);
        return admitted.refused;
      }
      const member = admitted.member;
      let body: unknown;
      if (route.body && route.bodyOptional && c.req.raw.body === null) {
        body = route.body.parse({});
      } else if (route.body) {
        const read = await readBody(c, route.body, route.maxBodyBytes ?? BODY_LIMIT_BYTES);
        if (read instanceof Response) {
          await writeLine(team, c, line, member, read.status);
          return read;
        }
        body = read;
      }
      const response = await route.handle({ c, body, member: member as SessionMember, line, team });
      await writeLine(team, c, line, member, response.status);
      return response;
    });
  }
}
