import type { ConsoleDb } from '../../database';
import { preparedQuery } from '../../prepared';
import type { SessionRow } from '../../schema/team';

/** Members' sessions, by an HMAC of the member's id and the secret the browser holds (db/seals.ts). */

export async function insertSession(db: ConsoleDb, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

const sessionWithMember = preparedQuery((db, v: { secretHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .innerJoin('organizations', 'organizations.id', 'members.org_id')
    .selectAll('members')
    .select([
      'sessions.last_used_at as session_used_at',
      'sessions.provider_mfa as session_provider_mfa',
      'organizations.name as org_name',
      'organizations.client_id as org_client_id',
      'organizations.sandbox_api_key as org_sandbox_api_key',
      'organizations.batch_secret as org_batch_secret',
      'organizations.created_at as org_created_at',
    ])
    .where('sessions.secret_hash', '=', v.secretHash),
);

/** The session of a secret's hash with its member and the member's organization, in one indexed look-up. */
export async function findSessionWithMember(db: ConsoleDb, secretHash: string) {
  return (await sessionWithMember(db, { secretHash }))[0];
}

export async function touchSession(db: ConsoleDb, secretHash: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: at }).where('secret_hash', '=', secretHash).execute();
}

export async function deleteSession(db: ConsoleDb, secretHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('secret_hash', '=', secretHash).execute();
}

/** Ends every session of a member (disabled, role changed, password reset). */
export async function deleteSessionsOf(db: ConsoleDb, memberId: string): Promise<void> {
  await db.deleteFrom('sessions').where('member_id', '=', memberId).execute();
}
