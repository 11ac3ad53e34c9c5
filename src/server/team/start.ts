import { DEMO_CREDENTIALS, DEMO_NAME } from '../../sandbox/app';
import type { ServerConfig } from '../config';
import { sealAuditChain } from './audit';
import { auditKeyFrom } from './audit-key';
import { openConsoleDatabase } from './database';
import { ensureDemoTeam } from './demo';
import { mailerFrom } from './mail';
import { countMembers, ensureOrganization, insertInvitation } from './members';
import { createTeam, type Team } from './team';

export const FIRST_ADMIN_TTL_MS = 60 * 60 * 1000;
/** A first-admin link younger than this is another server's of the same start: it is left as the one link. */
const SAME_START_MS = 60 * 1000;

export type FirstAdmin = { path: string } | { issuedBy: 'another-server'; expiresAt: string } | null;

/**
 * The one-time link that names an upstream organization's first admin, while it has no member. One link at a time:
 * a start replaces an older one (its link may be lost), but leaves one made moments ago, by another server starting
 * at the same time, as the only one (a unique index makes the two inserts one).
 */
export async function firstAdminLink(team: Team, orgId: string): Promise<FirstAdmin> {
  const db = team.database.db;
  const now = team.now();
  const sameStart = new Date(now.getTime() + FIRST_ADMIN_TTL_MS - SAME_START_MS).toISOString();
  await db
    .updateTable('invitations')
    .set({ used_at: now.toISOString() })
    .where('org_id', '=', orgId)
    .where('purpose', '=', 'first-admin')
    .where('used_at', 'is', null)
    .where('expires_at', '<', sameStart)
    .execute();
  try {
    const link = await insertInvitation(
      db,
      { orgId, memberId: null, purpose: 'first-admin', ttlMs: FIRST_ADMIN_TTL_MS },
      now,
    );
    return { path: `/invitation/${link.token}` };
  } catch (error) {
    const live = await db
      .selectFrom('invitations')
      .select(['expires_at', 'token_hash'])
      .where('org_id', '=', orgId)
      .where('purpose', '=', 'first-admin')
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!live) throw error;
    return { issuedBy: 'another-server', expiresAt: live.expires_at };
  }
}

/**
 * Opens the console's database and makes the team layer: the audit trail sealed with its key (outside the database),
 * mail when SMTP_URL is set; in the sandbox the demo team; upstream in team mode the one organization and, while it has
 * no member, the first admin's one-time link.
 */
export async function startTeam(
  config: ServerConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ team: Team; firstAdmin: FirstAdmin }> {
  const auditKey = auditKeyFrom(env, config.consoleDb);
  const database = await openConsoleDatabase(config.consoleDb);
  await sealAuditChain(database.db, auditKey);
  const team = createTeam({
    database,
    mode: config.upstreamUrl ? 'upstream' : 'sandbox',
    policy: { idleTimeoutMs: config.idleTimeoutMs },
    upstreamCredentials: config.orgCredentials,
    auditKey,
    mailer: mailerFrom(env),
    leaseMs: config.executorLeaseMs,
  });
  if (!config.upstreamUrl) {
    await ensureDemoTeam(team, { ...DEMO_CREDENTIALS, name: DEMO_NAME });
    return { team, firstAdmin: null };
  }
  if (!config.orgCredentials) return { team, firstAdmin: null };
  const org = await ensureOrganization(database.db, {
    clientId: config.orgCredentials.clientId,
    name: config.upstreamUrl.host,
    sandboxApiKey: null,
  });
  if ((await countMembers(database.db, org.id)) > 0) return { team, firstAdmin: null };
  return { team, firstAdmin: await firstAdminLink(team, org.id) };
}
