import type { Role } from '../../lib/roles';
import { seedPolicy } from '../approvals/policy';
import type { Team } from '../team';
import { ensureOrganization, findMemberByEmail } from './members';
import { makeSandboxTeam, ROLE_NAMES } from './sandbox-team';

const DEMO_DOMAIN = 'demo-marketplace.example';
export const DEMO_DAILY_LIMIT_CENTS = 500_000;
/** The demo's approval limit: a move above it waits for a second member (the demo's refill is set under it). */
export const DEMO_APPROVAL_LIMIT_CENTS = 100_000;

/**
 * The sandbox demo's team, published like the demo key (README, sign-in page): it exists only in a local sandbox, so
 * that `npm start` signs in as any role with no account anywhere.
 */
const DEMO_PASSWORDS: Record<Role, string> = {
  viewer: 'demo-viewer-password',
  support: 'demo-support-password',
  finance: 'demo-finance-password',
  admin: 'demo-admin-password',
};

export const DEMO_MEMBERS = (['finance', 'support', 'viewer', 'admin'] as const).map((role) => ({
  email: `${role}@${DEMO_DOMAIN}`,
  password: DEMO_PASSWORDS[role],
  role,
  name: ROLE_NAMES[role],
}));

/** Makes the demo team once per console database (a restart adds nothing). */
export async function ensureDemoTeam(team: Team, demo: { clientId: string; apiKey: string; name: string }) {
  const db = team.database.db;
  const org = await ensureOrganization(db, {
    clientId: demo.clientId,
    name: demo.name,
    sandboxApiKey: demo.apiKey,
  });
  if (!(await findMemberByEmail(db, DEMO_MEMBERS[0]?.email ?? ''))) {
    await makeSandboxTeam(team, org, { emailDomain: DEMO_DOMAIN, passwords: DEMO_PASSWORDS });
  }
  // Approvals on above $1,000.00 and $5,000.00 a day per member, so that a newcomer meets both (version 1 only: a
  // later change stays).
  await seedPolicy(team.database.db, org.id, {
    enabled: true,
    limitCents: DEMO_APPROVAL_LIMIT_CENTS,
    approvalsNeeded: 1,
    memberDailyLimitCents: DEMO_DAILY_LIMIT_CENTS,
  });
}
