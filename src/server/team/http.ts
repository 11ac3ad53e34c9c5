import type { Context } from 'hono';
import type { z } from 'zod';
import { errorBody, type FieldError, fieldErrorsFrom } from '../../node/error-body';
import { clientAddress } from './gate';
import type { SessionMember } from './sign-in';
import type { Team } from './team';

/** What the team's routes behind a session read from their context. */
export type TeamEnv = { Variables: { member: SessionMember } };

export function invalidRequest(c: Context, errors: FieldError[], status: 400 | 409 = 400): Response {
  return c.json(errorBody('invalid-request', 'Some fields are wrong', errors), status);
}

/** The JSON body checked by its schema, or the 400 that says which fields are wrong. */
export async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<T | Response> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return c.json(errorBody('invalid-json', 'The body is not JSON'), 400);
  }
  const result = schema.safeParse(raw);
  return result.success ? result.data : invalidRequest(c, fieldErrorsFrom(result.error.issues));
}

/** A line of the audit trail by the signed-in member, about `targets`. */
export function auditByMember(
  team: Team,
  c: Context<TeamEnv>,
  line: { action: string; targets: string[]; status: number; detail?: string },
): Promise<void> {
  const { member, organization } = c.get('member');
  return team.audit({
    orgId: organization.id,
    memberId: member.id,
    email: member.email,
    role: member.role,
    action: line.action,
    targets: line.targets,
    outcome: line.status < 400 ? 'ok' : 'refused',
    status: line.status,
    requestId: c.req.header('x-request-id') ?? null,
    clientAddress: clientAddress(c),
    detail: line.detail ?? null,
  });
}
