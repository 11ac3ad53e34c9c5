import { DEMO_CREDENTIALS, DEMO_NAME } from '../sandbox/app';
import { adoptAuditKey, checkAuditTrail, RESEAL_COMMAND, type TrailCheck } from './audit/chain';
import { AuditHeadFile, auditHeadFileFrom, formatHead } from './audit/head-file';
import { auditKeyFrom } from './audit/key';
import type { ServerConfig } from './config';
import { openConsoleDatabase } from './db/database';
import { mailerFrom } from './mail/mail';
import { ensureDemoTeam } from './members/demo';
import { countMembers, ensureOrganization, insertInvitation } from './members/members';
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
      { orgId, member: null, purpose: 'first-admin', ttlMs: FIRST_ADMIN_TTL_MS },
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

/** What a start says of the trail: its head on stdout when it verifies, loudly on stderr when it does not. */
export function reportTrail(
  check: TrailCheck,
  out: { log: (line: string) => void; error: (line: string) => void } = console,
): void {
  if (check.ok) {
    const where = check.headFile
      ? `noted in ${check.headFile}`
      : 'no head file (AUDIT_HEAD_FILE): note it somewhere the database is not';
    out.log(
      `Audit trail: ${check.rows} rows verified under the audit key; head ${formatHead(check.head)} (${where}).`,
    );
    return;
  }
  const noted = check.noted
    ? ` The head noted before, ${formatHead(check.noted)}, stays in ${check.headFile}.`
    : '';
  for (const line of [
    '!'.repeat(100),
    `!! THE AUDIT TRAIL DOES NOT VERIFY: row ${check.brokenAt}: ${check.why} (${check.rows} rows verified before it).`,
    `!! Nothing was re-sealed or changed.${noted}`,
    '!! Find out what changed. Only when the rows are as they should be, an operator with the audit key runs',
    `!!   ${RESEAL_COMMAND}`,
    '!! Admins see this on the Audit page until a server starts with a trail that verifies.',
    '!'.repeat(100),
  ]) {
    out.error(line);
  }
}

/**
 * Opens the console's database and makes the team layer: the audit trail checked under its key (held outside the
 * database) and through the head noted outside it, never repaired (reportTrail says what was found); mail when
 * SMTP_URL is set; in the sandbox the demo team; upstream in team mode the one organization and, while it has no
 * member, the first admin's one-time link.
 */
export async function startTeam(
  config: ServerConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ team: Team; firstAdmin: FirstAdmin }> {
  const auditKey = auditKeyFrom(env, config.consoleDb);
  const headPath = auditHeadFileFrom(env, config.consoleDb);
  const headFile = headPath ? new AuditHeadFile(headPath) : null;
  const database = await openConsoleDatabase(config.consoleDb);
  await adoptAuditKey(database.db, auditKey);
  const trail = await checkAuditTrail(database.db, auditKey, headFile);
  reportTrail(trail);
  // A head file is written only over a trail that verifies: otherwise it keeps the head noted before, as evidence.
  if (trail.ok) {
    headFile?.note(trail.head);
    await headFile?.flush();
  }
  const team = createTeam({
    database,
    mode: config.upstreamUrl ? 'upstream' : 'sandbox',
    policy: { idleTimeoutMs: config.idleTimeoutMs },
    upstreamCredentials: config.orgCredentials,
    auditKey,
    auditHead: trail.ok ? headFile : null,
    mailer: mailerFrom(env),
    leaseMs: config.executorLeaseMs,
    resetHoldMs: config.resetHoldMs,
  });
  team.trail = trail;
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
