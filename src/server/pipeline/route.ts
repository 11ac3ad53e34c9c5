import type { Context } from 'hono';
import type { z } from 'zod';
import type { AuditAction } from '../../lib/audit-actions';
import type { Access } from '../../lib/roles';
import type { Refusal } from '../errors';
import type { SessionMember } from '../identity/sign-in';
import type { Team } from '../team';
import type { AuditLine } from './audit-line';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
 * role or parses a body itself: it takes the input, calls one service, and answers (a refusal is an answer too).
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
  handle(input: RouteInput<B>): Response | Refusal | Promise<Response | Refusal>;
}

/** Identity with inference: `teamRoute({...})` types the handler's body from the schema. */
export function teamRoute<B = undefined>(def: TeamRoute<B>): TeamRoute {
  return def as unknown as TeamRoute;
}

/**
 * The console's origin as configured (PUBLIC_URL, else http://HOST:PORT): where its links, in mail and answers,
 * point. Never the request's Host header, which whoever sends the request chooses.
 */
export function originOf(team: Team): string {
  return team.publicOrigin;
}
