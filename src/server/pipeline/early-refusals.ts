import type { Context } from 'hono';
import type { AuditAction } from '../../lib/audit-actions';
import type { Team } from '../team';
import { memberOf } from './admission';
import { type AuditLine, writeLine } from './audit-line';
import type { TeamRoute } from './route';
import { describeRequest } from './v2-table';

/**
 * Refusals that come before any route runs (a foreign Host, a foreign Origin, a body too large, a route that does not
 * exist) are lines of the trail like any other refusal: named by what the request would have done, with the member
 * when its credentials name one.
 */

const TEAM_API = '/api/team';

/** Hono's `/members/:id` against a path: the same segments, a `:name` matching any one. */
function routeMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/** What the trail calls a request refused before its route ran, or null when it is none of the team's surfaces. */
export function earlyAction(
  method: string,
  path: string,
  routes: readonly Pick<TeamRoute, 'method' | 'path' | 'action'>[],
): { action: AuditAction; detail?: string | undefined } | null {
  if (path === '/v2' || path.startsWith('/v2/')) {
    const { action, detail } = describeRequest(method, path);
    return { action, detail };
  }
  if (path !== TEAM_API && !path.startsWith(`${TEAM_API}/`)) return null;
  const below = path.slice(TEAM_API.length) || '/';
  const route = routes.find((r) => r.method === method.toUpperCase() && routeMatches(r.path, below));
  if (route) return { action: route.action };
  return { action: 'request.refused', detail: `${method.toUpperCase()} ${path.slice(0, 200)}` };
}

/** Writes the line of a request refused before its route: `/v2` and the team's API only (the sandbox has no team). */
export function writeEarlyRefusal(team: Team, routes: readonly TeamRoute[]) {
  return async (c: Context, status: number): Promise<void> => {
    const known = earlyAction(c.req.method, c.req.path, routes);
    if (!known) return;
    const found = await memberOf(team, c);
    const line: AuditLine = { action: known.action, targets: [], detail: known.detail };
    await writeLine(team, c, line, found ?? null, status);
  };
}
