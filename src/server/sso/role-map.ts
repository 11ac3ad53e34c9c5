import { randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import { deadlineFrom } from '../../lib/request-lifecycle';
import { isRole, ROLE_LABELS, type Role } from '../../lib/roles';
import { TEAM_REQUEST_TTL_MS } from '../../lib/team-changes';
import { consoleEntry } from '../audit/chain';
import { lockRow, transaction } from '../db/database';
import * as roleMapRows from '../db/repositories/sso/role-maps';
import { lastAnchor } from '../db/repositories/team/audit-trail';
import * as teamRequestRows from '../db/repositories/team/team-requests';
import type { RoleMapRow } from '../db/schema/sso-role-maps';
import type { OrganizationRow } from '../db/schema/team';
import { sealerOf } from '../db/seals';
import { Refusal } from '../errors';
import type { Team } from '../team';

/**
 * Which group of the company's provider gives which role is a grant of power: the mapping in force is the one stored
 * in the console's database, sealed with the provider (OIDC_ISSUER) and the claim that lists groups, not whatever the
 * deployment's environment says at each start. At start the environment's `OIDC_ROLE_MAP` is compared with it: the
 * same changes nothing; lowering a group's role or removing a group takes effect at once (a line of the trail); a
 * raise (a group given a higher role, or a new group above viewer) waits as a team request that two admins confirm
 * (the environment proposed it: the first adopts it, a second applies it, members/grants.ts), loudly, while the
 * stored mapping stays in force. The very first mapping is taken as the environment gives it. Another issuer or
 * groups claim makes the same group names mean other people: the mapping in force is emptied (but for the
 * environment's groups at viewer, as over no mapping), and the rest of the environment's waits for two admins. A
 * stored mapping that does not verify (edited in the database) gives each group only the lower of its two roles, and
 * no role to a group that either leaves out; one deleted or put back as an older version (its version below the one
 * the trail names) gives no group a role, and the next start takes the environment's as over no mapping.
 */

export type RoleMap = ReadonlyMap<string, Role>;

/** A team request's payload: the mapping the environment asks for (as stored) and its raises in words. */
export interface RoleMapChange {
  groups: string;
  raises: string;
  /**
   * The version of the stored mapping it was proposed against: it applies only while that version is in force, so that
   * a request older than a lowering never undoes it (one made before versions has none, and applies never).
   */
  base?: number;
}

/** Under which provider and claim the groups are read: the same names under another mean other people. */
export interface RoleMapSources {
  issuer: string;
  groupsClaim: string;
}

/** What the environment says at start: the mapping it asks for and its sources. */
export interface RoleMapSettings extends RoleMapSources {
  roleOfGroup: RoleMap;
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

/**
 * What of `wanted` applies at once over `stored`: lowerings, removals, new groups at viewer. A new group at support is
 * a raise too (support makes users and onboarding links), as at finance or admin.
 */
export function withoutRaises(stored: RoleMap, wanted: RoleMap): Map<string, Role> {
  const next = new Map<string, Role>();
  for (const [group, role] of wanted) {
    const before = stored.get(group);
    if (before === undefined) {
      if (role === 'viewer') next.set(group, role);
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

/** Every write of the stored mapping writes one of these lines, naming the version it wrote (`version:N`). */
const WRITES = [
  'sso.role-map.first',
  'sso.role-map.lower',
  'sso.role-map.apply',
  'sso.role-map.reset',
  'sso.role-map.sources',
] as const;

/** The stored mapping as read: none yet; lost (deleted or rolled back, said); forged (said); or as written. */
type Stored =
  | { state: 'none' }
  | { state: 'lost'; anchored: number }
  | { state: 'forged'; row: RoleMapRow; map: Map<string, Role> }
  | { state: 'kept'; row: RoleMapRow; map: Map<string, Role> };

async function readStored(team: Team, orgId: string): Promise<Stored> {
  const db = team.database.db;
  const stored = await roleMapRows.storedRoleMap(db, orgId);
  if (stored && !stored.verified) return { state: 'forged', row: stored.row, map: parsed(stored.row.groups) };
  const anchor = await lastAnchor(db, orgId, WRITES);
  if (!anchor)
    return stored ? { state: 'kept', row: stored.row, map: parsed(stored.row.groups) } : { state: 'none' };
  // The trail shows a write: a row gone, or one older than the last write (put back from a copy), is a writer's.
  if (!stored || Number(stored.row.version) < anchor.version) {
    sealerOf(db).onViolation({ table: 'sso_role_maps', id: orgId, orgId, missing: true });
    return { state: 'lost', anchored: anchor.version };
  }
  return { state: 'kept', row: stored.row, map: parsed(stored.row.groups) };
}

/** Whether a stored row was written under other sources than these (a row from before 0021p names none yet). */
const otherSources = (row: RoleMapRow, sources: RoleMapSources) =>
  row.issuer !== null && (row.issuer !== sources.issuer || row.groups_claim !== sources.groupsClaim);

/** The mapping in force for the organization, read at each sign-in and each check of a session. */
export async function roleMapInForce(team: Team, orgId: string, settings: RoleMapSettings): Promise<RoleMap> {
  const stored = await readStored(team, orgId);
  switch (stored.state) {
    case 'none':
      return settings.roleOfGroup;
    case 'lost':
      return new Map();
    case 'forged':
      return agreed(stored.map, settings.roleOfGroup);
    case 'kept':
      return otherSources(stored.row, settings) ? new Map() : stored.map;
  }
}

const line = (
  team: Team,
  org: OrganizationRow,
  action: string,
  detail: string,
  status = 200,
  targets: string[] = [],
) =>
  team.audit(
    consoleEntry(org.id, action, targets, { status, outcome: status === 200 ? 'ok' : 'refused', detail }),
  );

/** Stores a mapping as the next version, and its line of the trail naming that version (the row's anchor). */
async function write(
  team: Team,
  org: OrganizationRow,
  next: { map: RoleMap; sources: { issuer: string | null; groupsClaim: string | null }; version: number },
  action: (typeof WRITES)[number],
  detail: string,
): Promise<void> {
  await roleMapRows.saveRoleMap(team.database.db, {
    org_id: org.id,
    groups: storedText(next.map),
    changed_at: team.now().toISOString(),
    issuer: next.sources.issuer,
    groups_claim: next.sources.groupsClaim,
    version: next.version,
  });
  await line(team, org, action, detail, 200, [`version:${next.version}`]);
}

const sourcesText = (s: { issuer: string | null; groupsClaim: string | null }) =>
  `issuer ${s.issuer ?? 'unknown'}, groups claim "${s.groupsClaim ?? 'unknown'}"`;

/** At start: the environment's mapping compared with the stored one, and what of it may apply, applied. */
export async function settleRoleMap(
  team: Team,
  org: OrganizationRow,
  settings: RoleMapSettings,
): Promise<void> {
  const fromEnv = settings.roleOfGroup;
  const sources = { issuer: settings.issuer, groupsClaim: settings.groupsClaim };
  const stored = await readStored(team, org.id);
  if (stored.state === 'none') {
    await write(
      team,
      org,
      { map: fromEnv, sources, version: 1 },
      'sso.role-map.first',
      `The first mapping of groups to roles: ${storedText(fromEnv)} (${sourcesText(sources)})`,
    );
    return;
  }
  // One that does not verify was reported as it was read; it stays as it is, read as what both mappings allow.
  if (stored.state === 'forged') return;
  if (stored.state === 'lost' || otherSources(stored.row, sources)) {
    // Nothing stored can be trusted to mean these people: the environment's mapping is taken as over an empty one, its
    // groups at viewer at once (as a new group at viewer always is), every other group held for two admins.
    const version = (stored.state === 'lost' ? stored.anchored : Number(stored.row.version)) + 1;
    const why =
      stored.state === 'lost'
        ? 'The stored mapping was deleted or put back as an older version in the database'
        : `The provider or its groups claim changed (was ${sourcesText({ issuer: stored.row.issuer, groupsClaim: stored.row.groups_claim })}, now ${sourcesText(sources)})`;
    const viewers = withoutRaises(new Map(), fromEnv);
    await write(
      team,
      org,
      { map: viewers, sources, version },
      'sso.role-map.reset',
      `${why}: no group gives more than viewer until two admins confirm the environment's mapping; now ${storedText(viewers)}`,
    );
    console.error(
      `[sso] ${why}: no group gives more than viewer until two admins confirm the mapping on the Team page`,
    );
    await holdRaises(team, org, viewers, fromEnv, version);
    return;
  }
  let before = stored.map;
  let version = Number(stored.row.version);
  if (stored.row.issuer === null) {
    // Written before the mapping named its sources: the ones it has run under since are recorded, once.
    version += 1;
    await write(
      team,
      org,
      { map: before, sources, version },
      'sso.role-map.sources',
      `The mapping holds under ${sourcesText(sources)}`,
    );
  }
  if (storedText(before) === storedText(fromEnv)) return;
  const next = withoutRaises(before, fromEnv);
  if (storedText(next) !== storedText(before)) {
    version += 1;
    await write(
      team,
      org,
      { map: next, sources, version },
      'sso.role-map.lower',
      `The environment's mapping lowers or removes groups: now ${storedText(next)}`,
    );
    before = next;
  }
  await holdRaises(team, org, before, fromEnv, version);
}

/** The environment's raises over the mapping in force (version `base`), held for two admins, said loudly. */
async function holdRaises(
  team: Team,
  org: OrganizationRow,
  inForce: RoleMap,
  fromEnv: RoleMap,
  base: number,
): Promise<void> {
  const raises = raisesOf(inForce, fromEnv);
  if (raises.length === 0) return;
  const said = `OIDC_ROLE_MAP raises ${raises.join(', ')}: waiting for two admins to confirm it on the Team page; the stored mapping stays in force`;
  console.error(`[sso] ${said}`);
  await askForRaise(team, org, { groups: storedText(fromEnv), raises: raises.join(', '), base });
  await line(team, org, 'sso.role-map.raise-held', said, 202);
}

/**
 * The environment's raise as a team request without a proposer (no member asked: the deployment did), once: the same
 * mapping over the same version waiting already is left as it is; another one waiting is replaced.
 */
async function askForRaise(team: Team, org: OrganizationRow, change: RoleMapChange): Promise<void> {
  const db = team.database.db;
  const now = team.now();
  await transaction(db, async (trx) => {
    // Held, so that of two servers starting at once the second finds the first's request.
    await lockRow(trx, 'organizations', org.id);
    const waiting = await teamRequestRows.waitingTeamRequestsOf(trx, org.id, 'role-map', now.toISOString());
    const same = (row: { payload: string }) => {
      const asked = JSON.parse(row.payload) as RoleMapChange;
      return asked.groups === change.groups && asked.base === change.base;
    };
    if (waiting.some(same)) return;
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

/** Said when a request's mapping is no longer the one it was proposed over. */
export const roleMapChanged = () =>
  new Refusal(409, 'role-map-changed', 'The mapping changed since this was proposed; propose again');

/**
 * A raise two admins confirmed: the environment's mapping, stored as the next version, in force from the next sign-in;
 * refused when the mapping in force is no longer the version it was proposed over (a lowering since, a reset).
 */
export async function applyRoleMap(
  team: Team,
  org: OrganizationRow,
  change: RoleMapChange,
): Promise<Refusal | null> {
  const stored = await readStored(team, org.id);
  if (stored.state !== 'kept' || change.base === undefined || Number(stored.row.version) !== change.base) {
    return roleMapChanged();
  }
  const map = parsed(change.groups);
  const version = change.base + 1;
  const sources = { issuer: stored.row.issuer, groupsClaim: stored.row.groups_claim };
  await write(
    team,
    org,
    { map, sources, version },
    'sso.role-map.apply',
    `Two admins confirmed the mapping: ${storedText(map)}`,
  );
  return null;
}
