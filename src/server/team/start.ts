import { DEMO_CREDENTIALS, DEMO_NAME } from '../../sandbox/seed';
import type { ServerConfig } from '../config';
import { openConsoleDatabase } from './database';
import { ensureDemoTeam } from './demo';
import { countMembers, ensureOrganization, insertInvitation } from './members';
import { createTeam, type Team } from './team';

export const FIRST_ADMIN_TTL_MS = 60 * 60 * 1000;

/**
 * Opens the console's database and makes the team layer: in the sandbox with the demo team; upstream in team mode
 * with the one organization and, while it has no member, a one-time link (1 h) to name its first admin.
 */
export async function startTeam(
  config: ServerConfig,
): Promise<{ team: Team; firstAdminPath: string | null }> {
  const database = await openConsoleDatabase(config.consoleDb);
  const team = createTeam({
    database,
    mode: config.upstreamUrl ? 'upstream' : 'sandbox',
    policy: { idleTimeoutMs: config.idleTimeoutMs },
    upstreamCredentials: config.orgCredentials,
  });
  if (!config.upstreamUrl) {
    await ensureDemoTeam(team, { ...DEMO_CREDENTIALS, name: DEMO_NAME });
    return { team, firstAdminPath: null };
  }
  if (!config.orgCredentials) return { team, firstAdminPath: null };
  const org = await ensureOrganization(database.db, {
    clientId: config.orgCredentials.clientId,
    name: config.upstreamUrl.host,
    sandboxApiKey: null,
  });
  if ((await countMembers(database.db, org.id)) > 0) return { team, firstAdminPath: null };
  const link = await insertInvitation(database.db, {
    orgId: org.id,
    memberId: null,
    purpose: 'first-admin',
    ttlMs: FIRST_ADMIN_TTL_MS,
  });
  return { team, firstAdminPath: `/invitation/${link.token}` };
}
