import { randomBytes } from 'node:crypto';
import { ROLES, type Role } from '../../lib/roles';
import { seedPolicy } from '../approvals/policy';
import type { Team } from '../team';
import { ensureOrganization, insertMember, type OrganizationRow } from './members';

export interface CreatedMember {
  id: string;
  email: string;
  name: string;
  password: string;
  role: Role;
}

export const ROLE_NAMES: Record<Role, string> = {
  viewer: 'Vera Viewer',
  support: 'Sam Support',
  finance: 'Fiona Finance',
  admin: 'Ada Admin',
};

/**
 * A sandbox tenant's team: one member per role, with random passwords (or the demo's published ones). The emails
 * carry the tenant's client id, so that they are unique across tenants.
 */
export async function makeSandboxTeam(
  team: Team,
  org: OrganizationRow,
  fixed?: { emailDomain: string; passwords: Record<Role, string> },
): Promise<CreatedMember[]> {
  const db = team.database.db;
  const domain = fixed?.emailDomain ?? `${org.client_id.slice(0, 8)}.tenant.example`;
  return Promise.all(
    ROLES.map(async (role) => {
      const password = fixed?.passwords[role] ?? randomBytes(12).toString('base64url');
      // The demo's members may be made by two servers starting at once: the first one's stay.
      const row = await insertMember(
        db,
        { orgId: org.id, email: `${role}@${domain}`, name: ROLE_NAMES[role], role, password },
        team.now(),
        { ifAbsent: fixed !== undefined },
      );
      return { id: row.id, email: row.email, name: row.name, password, role };
    }),
  );
}

/** A sandbox tenant's limits, as POST /sandbox/tenants gives them (cents; null: approvals off, or no daily limit). */
export interface TenantLimits {
  approvalLimitCents: number | null;
  memberDailyLimitCents: number | null;
}

/**
 * A test tenant of the sandbox as an organization of the console with its team (one member per role, passwords in
 * the answer) and its approval policy.
 */
export async function teamForTenant(
  team: Team,
  tenant: { clientId: string; apiKey: string; name: string },
  limits: TenantLimits,
  /** The limit kept in a policy that is off, for when an admin switches it on. */
  defaultLimitCents: number,
): Promise<CreatedMember[]> {
  const db = team.database.db;
  const org = await ensureOrganization(db, {
    clientId: tenant.clientId,
    name: tenant.name,
    sandboxApiKey: tenant.apiKey,
  });
  const members = await makeSandboxTeam(team, org);
  await seedPolicy(db, org.id, {
    enabled: limits.approvalLimitCents !== null,
    limitCents: limits.approvalLimitCents ?? defaultLimitCents,
    approvalsNeeded: 1,
    memberDailyLimitCents: limits.memberDailyLimitCents,
  });
  return members;
}
