import type { ConsoleDb } from '../../database';
import { preparedQuery } from '../../prepared';
import type { SsoAttemptRow, SsoIdentityRow, SsoSessionRow } from '../../schema/sso';
import type { PasswordRuleRow } from '../../schema/sso-password-rules';
import { sealerOf } from '../../seals';
import { lastAnchor } from '../team/audit-trail';

/** Sign-ins under way, identities linked to members, and the sessions the provider vouches for (sso/). */

export async function insertAttempt(db: ConsoleDb, row: SsoAttemptRow): Promise<void> {
  await db.insertInto('sso_attempts').values(row).execute();
}

export function findAttempt(db: ConsoleDb, id: string): Promise<SsoAttemptRow | undefined> {
  return db.selectFrom('sso_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The provider vouched: the attempt now waits for its page, by the hash of a one-time code. Conditional on no earlier
 * answer, so that a state replayed to a second server finds nothing to finish.
 */
export async function markVouched(
  db: ConsoleDb,
  id: string,
  handoffHash: string,
  identity: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sso_attempts')
    .set({ handoff_hash: handoffHash, identity })
    .where('id', '=', id)
    .where('handoff_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes an attempt once: of two pages exchanging one code, one gets it. */
export async function takeAttempt(db: ConsoleDb, id: string): Promise<SsoAttemptRow | undefined> {
  const row = await findAttempt(db, id);
  if (!row) return undefined;
  const result = await db.deleteFrom('sso_attempts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? row : undefined;
}

export async function deleteAttemptsBefore(db: ConsoleDb, cutoff: string): Promise<void> {
  await db.deleteFrom('sso_attempts').where('created_at', '<', cutoff).execute();
}

export async function insertIdentity(db: ConsoleDb, row: Omit<SsoIdentityRow, 'seal'>): Promise<void> {
  await db.insertInto('sso_identities').values(sealerOf(db).sealed('sso_identities', row)).execute();
}

/** The member a provider's person is, as the link was sealed; a link written into the database is reported, not used. */
export async function findIdentity(
  db: ConsoleDb,
  issuer: string,
  subject: string,
): Promise<SsoIdentityRow | undefined> {
  const row = await db
    .selectFrom('sso_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  if (!row) return undefined;
  const violation = {
    table: 'sso_identities' as const,
    id: `${row.member_id} ${subject}`,
    orgId: row.org_id,
  };
  return sealerOf(db).verifies('sso_identities', row, violation) ? row : undefined;
}

export async function identityOfMember(db: ConsoleDb, memberId: string): Promise<SsoIdentityRow | undefined> {
  return db.selectFrom('sso_identities').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

export async function insertSsoSession(db: ConsoleDb, row: SsoSessionRow): Promise<void> {
  await db.insertInto('sso_sessions').values(row).execute();
}

export function sessionsToCheck(db: ConsoleDb, before: string): Promise<SsoSessionRow[]> {
  return db.selectFrom('sso_sessions').selectAll().where('checked_at', '<', before).limit(500).execute();
}

export async function updateSsoSession(
  db: ConsoleDb,
  secretHash: string,
  changes: Partial<Pick<SsoSessionRow, 'tokens' | 'expires_at' | 'checked_at'>>,
): Promise<void> {
  await db.updateTable('sso_sessions').set(changes).where('secret_hash', '=', secretHash).execute();
}

/** Ends console sessions the provider no longer vouches for: the session and its note, together. */
export async function endSessions(db: ConsoleDb, secretHashes: string[]): Promise<void> {
  if (secretHashes.length === 0) return;
  await db.deleteFrom('sessions').where('secret_hash', 'in', secretHashes).execute();
  await db.deleteFrom('sso_sessions').where('secret_hash', 'in', secretHashes).execute();
}

export function sessionsOfPerson(
  db: ConsoleDb,
  issuer: string,
  match: { subject: string | null; sid: string | null },
): Promise<SsoSessionRow[]> {
  let query = db.selectFrom('sso_sessions').selectAll().where('issuer', '=', issuer);
  if (match.subject) query = query.where('subject', '=', match.subject);
  if (match.sid) query = query.where('sid', '=', match.sid);
  return query.execute();
}

/** The provider's record of a session, by its secret's hash: whose it is and when the provider last vouched. */
export function vouchedSession(
  db: ConsoleDb,
  secretHash: string,
): Promise<Pick<SsoSessionRow, 'member_id' | 'checked_at'> | undefined> {
  return db
    .selectFrom('sso_sessions')
    .select(['member_id', 'checked_at'])
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
}

/**
 * Whether the organization's members may sign in with a password (no row: they may). A row that does not verify (a
 * database writer turned passwords on again or named another break-glass admin) is reported and read as the strictest
 * rule: passwords off with no break-glass admin, so that nobody signs in with a password until two admins set the rule
 * again (never as "passwords on for everyone").
 */
const ruleOf = preparedQuery((db, v: { orgId: string }) =>
  db.selectFrom('password_rules').selectAll().where('org_id', '=', v.orgId),
);

export async function passwordRuleOf(db: ConsoleDb, orgId: string): Promise<PasswordRuleRow | undefined> {
  const [row] = await ruleOf(db, { orgId });
  const violation = { table: 'password_rules' as const, id: orgId, orgId };
  const strictest = { passwords: 'off' as const, break_glass_member_id: null };
  if (row && !sealerOf(db).verifies('password_rules', row, violation)) return { ...row, ...strictest };
  // Each write names its version in a line of the trail: a row gone, or older than that line (put back from a copy),
  // is a writer's, and reads as the strictest rule too.
  const anchor = await lastAnchor(db, orgId, [PASSWORD_RULE_WRITTEN]);
  if (!anchor || (row && Number(row.version) >= anchor.version)) return row;
  sealerOf(db).onViolation({ ...violation, missing: true });
  return {
    org_id: orgId,
    ...strictest,
    proposed_by: row?.proposed_by ?? '',
    confirmed_by: row?.confirmed_by ?? '',
    changed_at: row?.changed_at ?? '',
    version: anchor.version,
    seal: null,
  };
}

/** The action of the line each write of the password rule writes, naming its version (`version:N`). */
export const PASSWORD_RULE_WRITTEN = 'sso.password-rule.write';

/** The rule a second admin confirmed, in place of the one before, sealed, as the next version (which it answers). */
export async function savePasswordRule(
  db: ConsoleDb,
  rule: Omit<PasswordRuleRow, 'seal' | 'version'>,
): Promise<number> {
  const last = await db
    .selectFrom('password_rules')
    .select('version')
    .where('org_id', '=', rule.org_id)
    .executeTakeFirst();
  const row = sealerOf(db).sealed('password_rules', { ...rule, version: Number(last?.version ?? 0) + 1 });
  await db
    .insertInto('password_rules')
    .values(row)
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet({
        passwords: row.passwords,
        break_glass_member_id: row.break_glass_member_id,
        proposed_by: row.proposed_by,
        confirmed_by: row.confirmed_by,
        changed_at: row.changed_at,
        version: row.version,
        seal: row.seal,
      }),
    )
    .execute();
  return row.version;
}
