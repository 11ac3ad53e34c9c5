import { isRole, type Role } from '../../lib/roles';
import * as ssoRows from '../db/repositories/sso/sso';
import * as memberRows from '../db/repositories/team/members';
import { Refusal } from '../errors';
import type { Team } from '../team';
import { roleOfGroups } from './settings';
import { lowerAsDirectorySays } from './sign-in';
import type { Sso } from './sso';
import { openTokens, sealTokens } from './vault';

const RANK: Record<Role, number> = { viewer: 0, support: 1, finance: 2, admin: 3 };

async function endedLine(team: Team, orgId: string, memberId: string, detail: string): Promise<void> {
  await team.audit({
    orgId,
    memberId,
    email: null,
    role: 'console',
    action: 'sso.session.end',
    targets: [memberId],
    outcome: 'ok',
    status: 200,
    requestId: null,
    clientAddress: null,
    detail,
  });
}

/**
 * Asks the provider again about every session it vouched for that was not checked within OIDC_RECHECK_MS: a person the
 * provider no longer signs in (tokens refused, disabled, removed from every mapped group) loses every session now; a
 * lowered group lowers the role at once (and so ends the member's sessions, as every role change does).
 */
export async function recheckSessions(team: Team, sso: Sso): Promise<{ checked: number; ended: number }> {
  const db = team.database.db;
  const now = team.now();
  const due = await ssoRows.sessionsToCheck(
    db,
    new Date(now.getTime() - sso.rp.settings.recheckMs).toISOString(),
  );
  const org = await sso.organization();
  let ended = 0;
  for (const session of due) {
    const end = async (why: string) => {
      await ssoRows.endSessions(db, [session.secret_hash]);
      await endedLine(team, org.id, session.member_id, why);
      ended += 1;
    };
    const tokens = openTokens(sso.vault, session.secret_hash, session.subject, session.tokens);
    if (!tokens) {
      await end('Its tokens do not open under this server’s key: the session ends');
      continue;
    }
    const answer = await sso.rp.recheck(session.subject, tokens);
    if (!answer) {
      await end(`${sso.rp.settings.providerName} no longer vouches for them: the session ends`);
      continue;
    }
    const role = roleOfGroups(answer.groups, await sso.roleMap());
    if (!role) {
      await end(`No longer in a group of ${sso.rp.settings.providerName} that may use the console`);
      continue;
    }
    const member = memberRows.intactMember(db, await memberRows.findMember(db, org.id, session.member_id));
    const lowered =
      member && isRole(member.role) && RANK[role] < RANK[member.role]
        ? await lowerAsDirectorySays(team, org, member, role)
        : null;
    // One of two admins lowered waits for two admins (sign-in.ts): their session goes on meanwhile.
    if (member && lowered && (lowered instanceof Refusal || !lowered.held)) {
      // Its console sessions ended with the role change; their notes go with them.
      await ssoRows.endSessions(db, [session.secret_hash]);
      await endedLine(team, org.id, member.id, `${sso.rp.settings.providerName} lowered them to ${role}`);
      ended += 1;
      continue;
    }
    await ssoRows.updateSsoSession(db, session.secret_hash, {
      tokens: sealTokens(sso.vault, session.secret_hash, session.subject, answer.tokens),
      checked_at: now.toISOString(),
      ...(answer.expiresAt ? { expires_at: answer.expiresAt } : {}),
    });
  }
  return { checked: due.length, ended };
}

/** The provider's back-channel logout: every session of the person (or of the provider's session) ends now. */
export async function logOutFromProvider(
  team: Team,
  sso: Sso,
  who: { subject: string | null; sid: string | null },
): Promise<{ ended: number; memberIds: string[] }> {
  const db = team.database.db;
  const sessions = await ssoRows.sessionsOfPerson(db, sso.rp.issuer, who);
  await ssoRows.endSessions(
    db,
    sessions.map((s) => s.secret_hash),
  );
  return { ended: sessions.length, memberIds: [...new Set(sessions.map((s) => s.member_id))] };
}

/** Rechecks every `everyMs` (a timer of its own, unref'd); returns the function that stops it. */
export function startRecheck(team: Team, sso: Sso, onError: (error: Error) => void): () => void {
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return;
      running = true;
      recheckSessions(team, sso)
        .catch(onError)
        .finally(() => {
          running = false;
        });
    },
    Math.max(1_000, Math.floor(sso.rp.settings.recheckMs / 2)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
