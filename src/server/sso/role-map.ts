import { randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import { deadlineFrom } from '../../lib/request-lifecycle';
import { can, isRole, ROLE_LABELS, type Role } from '../../lib/roles';
import { TEAM_REQUEST_TTL_MS } from '../../lib/team-changes';
import { lockRow, transaction } from '../db/database';
import * as roleMapRows from '../db/repositories/sso/role-maps';
import * as teamRequestRows from '../db/repositories/team/team-requests';
import type { OrganizationRow } from '../db/schema/team';
import type { Team } from '../team';

/**
 * Which group of the company's provider gives which role is a grant of power: the mapping in force is the one stored
 * in the console's database, sealed, not whatever the deployment's environment says at each start. At start the
 * environment's `OIDC_ROLE_MAP` is compared with it: the same changes nothing; lowering a group's role or removing a
 * group takes effect at once (a line of the trail); a raise (a group given a higher role, or a new group at finance
 * or admin) waits as a team request that an admin confirms, loudly, while the stored mapping stays in force. The very first mapping is taken as the
 * environment gives it. A stored mapping that does not verify (edited in the database) gives each group only the
 * lower of its two roles, and no role to a group that either leaves out.
 */

export type RoleMap = ReadonlyMap<string, Role>;

/** A team request's payload: the mapping the environment asks for (as stored) and its raises in words. */
export interface RoleMapChange {
  groups: string;
  raises: string;
}

const RANK: Record<Role, number> = { viewer: 0, support: 1, finance: 2, admin: 3 };

/** As stored: `[[group, role], ...]` by group, one text for one mapping. */
export function storedText(map: RoleMap): string {
  return canonicalize([...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) ?? '[]';
}

function parsed(text: string): Map<string, Role> {
  const pairs = JSON.parse(text) as unknown;
  const map = new Map<string, Role>();
  if (!Array.isArray(pairs)) return map;
  for (const pair of pairs) {
    if (Array.isArray(pair) && typeof pair[0] === 'string' && isRole(pair[1])) map.set(pair[0], pair[1]);
  }
  return map;
}

/** What of `wanted` applies at once over `stored`: lowerings, removals, new groups that neither pay nor administer. */
export function withoutRaises(stored: RoleMap, wanted: RoleMap): Map<string, Role> {
  const next = new Map<string, Role>();
  for (const [group, role] of wanted) {
    const before = stored.get(group);
    if (before === undefined) {
      if (!can(role, 'pay')) next.set(group, role);
    } else {
      next.set(group, RANK[role] < RANK[before] ? role : before);
    }
  }
  return next;
}

/** The raises of `wanted` over `stored`, in words: "payouts-ops: Finance (was none)". */
export function raisesOf(stored: RoleMap, wanted: RoleMap): string[] {
  const applied = withoutRaises(stored, wanted);
  return [...wanted]
    .filter(([group, role]) => applied.get(group) !== role)
    .map(([group, role]) => {
      const before = stored.get(group);
      return `${group}: ${ROLE_LABELS[role]} (was ${before ? ROLE_LABELS[before] : 'none'})`;
    });
}

/** The lower role of each group both mappings name: what two mappings that disagree both allow. */
export function agreed(a: RoleMap, b: RoleMap): Map<string, Role> {
  const both = new Map<string, Role>();
  for (const [group, role] of a) {
    const other = b.get(group);
    if (other) both.set(group, RANK[role] < RANK[other] ? role : other);
  }
  return both;
}

/** The mapping in force for the organization, read at each sign-in and each check of a session. */
export async function roleMapInForce(team: Team, orgId: string, fromEnv: RoleMap): Promise<RoleMap> {
  const stored = await roleMapRows.storedRoleMap(team.database.db, orgId);
  if (!stored) return fromEnv;
  const map = parsed(stored.row.groups);
  return stored.verified ? map : agreed(map, fromEnv);
}

const line = (team: Team, org: OrganizationRow, action: string, detail: string, status = 200) =>
  team.audit({
    orgId: org.id,
    memberId: null,
    email: null,
    role: 'console',
    requestId: null,
    clientAddress: null,
    action,
    targets: [],
    outcome: status === 200 ? 'ok' : 'refused',
    status,
    detail,
  });

/** At start: the environment's mapping compared with the stored one, and what of it may apply, applied. */
export async function settleRoleMap(team: Team, org: OrganizationRow, fromEnv: RoleMap): Promise<void> {
  const db = team.database.db;
  const stored = await roleMapRows.storedRoleMap(db, org.id);
  const now = team.now().toISOString();
  if (!stored) {
    await roleMapRows.saveRoleMap(db, { org_id: org.id, groups: storedText(fromEnv), changed_at: now });
    await line(
      team,
      org,
      'sso.role-map.first',
      `The first mapping of groups to roles: ${storedText(fromEnv)}`,
    );
    return;
  }
  // One that does not verify was reported as it was read; it stays as it is, read as what both mappings allow.
  if (!stored.verified) return;
  const before = parsed(stored.row.groups);
  if (storedText(before) === storedText(fromEnv)) return;
  const next = withoutRaises(before, fromEnv);
  if (storedText(next) !== storedText(before)) {
    await roleMapRows.saveRoleMap(db, { org_id: org.id, groups: storedText(next), changed_at: now });
    await line(
      team,
      org,
      'sso.role-map.lower',
      `The environment's mapping lowers or removes groups: now ${storedText(next)}`,
    );
  }
  const raises = raisesOf(before, fromEnv);
  if (raises.length > 0) {
    const said = `OIDC_ROLE_MAP raises ${raises.join(', ')}: waiting for an admin to confirm it on the Team page; the stored mapping stays in force`;
    console.error(`[sso] ${said}`);
    await askForRaise(team, org, { groups: storedText(fromEnv), raises: raises.join(', ') });
    await line(team, org, 'sso.role-map.raise-held', said, 202);
  }
}

/**
 * The environment's raise as a team request without a proposer (no member asked: the deployment did), once: the same
 * mapping waiting already is left as it is; another one waiting is replaced.
 */
async function askForRaise(team: Team, org: OrganizationRow, change: RoleMapChange): Promise<void> {
  const db = team.database.db;
  const now = team.now();
  await transaction(db, async (trx) => {
    // Held, so that of two servers starting at once the second finds the first's request.
    await lockRow(trx, 'organizations', org.id);
    const waiting = await teamRequestRows.waitingTeamRequestsOf(trx, org.id, 'role-map', now.toISOString());
    if (waiting.some((row) => (JSON.parse(row.payload) as RoleMapChange).groups === change.groups)) return;
    await teamRequestRows.endPending(
      trx,
      { orgId: org.id, kind: 'role-map' },
      'withdrawn',
      'Replaced by a newer mapping from the environment',
      now.toISOString(),
    );
    await teamRequestRows.insertTeamRequest(trx, {
      id: randomUUID(),
      org_id: org.id,
      kind: 'role-map',
      proposer_id: null,
      target_member_id: null,
      payload: JSON.stringify(change),
      status: 'pending',
      decided_by: null,
      reason: null,
      created_at: now.toISOString(),
      expires_at: deadlineFrom(now, TEAM_REQUEST_TTL_MS),
      decided_at: null,
    });
  });
}

/** A raise an admin confirmed: the environment's mapping, stored, in force from the next sign-in. */
export async function applyRoleMap(team: Team, org: OrganizationRow, change: RoleMapChange): Promise<void> {
  await roleMapRows.saveRoleMap(team.database.db, {
    org_id: org.id,
    groups: storedText(parsed(change.groups)),
    changed_at: team.now().toISOString(),
  });
}
