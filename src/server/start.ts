import { DEMO_CREDENTIALS, DEMO_NAME } from '../sandbox/app';
import { adoptAuditKey } from './audit/chain';
import { sealOnce } from './audit/first-seal';
import { AuditHeadFile, auditHeadFileFrom } from './audit/head-file';
import { checkAuditTrail, reportTrail } from './audit/health';
import { auditKeyFrom } from './audit/key';
import type { ServerConfig } from './config';
import { openConsoleDatabase } from './db/database';
import { type FirstAdmin, firstAdminLink } from './identity/links';
import { mailerFrom } from './mail/mail';
import { LocalOutbox } from './mail/outbox';
import { ensureDemoTeam } from './members/demo';
import { ensureOrganization, hasMembers } from './members/members';
import { ssoSettingsFromEnv } from './sso/settings';
import { startSso } from './sso/start';
import { createTeam, type Team } from './team';

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
  const smtp = mailerFrom(env);
  const team = createTeam({
    database,
    mode: config.upstreamUrl ? 'upstream' : 'sandbox',
    policy: { idleTimeoutMs: config.idleTimeoutMs },
    upstreamCredentials: config.orgCredentials,
    auditKey,
    auditHead: trail.ok ? headFile : null,
    mailer: smtp,
    // The demo makes onboarding links with no mail account anywhere: its payees' mail stays in the sandbox.
    outbox: smtp || config.upstreamUrl ? null : new LocalOutbox(),
    leaseMs: config.executorLeaseMs,
    resetHoldMs: config.resetHoldMs,
    publicOrigin: config.publicUrl,
  });
  team.trail = trail;
  // The chain must pass through the head verified now or, when it did not verify, through the head noted before.
  team.auditWitness.adopt(trail.ok ? trail.head : trail.noted);
  const sealed = await sealOnce(team);
  if (sealed)
    console.log(`Sealed ${sealed.sealed} rows that decide power and money (first start with seals).`);
  // Single sign-on joins members to the organization, whose row must exist first (a fresh database has none).
  const sso = ssoSettingsFromEnv(env, config.publicUrl);
  if (!config.upstreamUrl) {
    await ensureDemoTeam(team, { ...DEMO_CREDENTIALS, name: DEMO_NAME });
    if (sso) team.sso = await startSso(team, sso, DEMO_CREDENTIALS.clientId);
    return { team, firstAdmin: null };
  }
  if (!config.orgCredentials) return { team, firstAdmin: null };
  const org = await ensureOrganization(database.db, {
    clientId: config.orgCredentials.clientId,
    name: config.upstreamUrl.host,
    sandboxApiKey: null,
  });
  if (sso) team.sso = await startSso(team, sso, config.orgCredentials.clientId);
  if (await hasMembers(database.db, org.id)) return { team, firstAdmin: null };
  return { team, firstAdmin: await firstAdminLink(team, org.id) };
}
