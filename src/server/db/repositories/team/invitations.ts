import type { ConsoleDb } from '../../database';
import type { InvitationRow } from '../../schema/team';
import { sealerOf } from '../../seals';

/**
 * One-time links (invitations, resets, the first admin's), by the SHA-256 of their token, each sealed with what it
 * opens (db/seals.ts).
 */

export async function insertInvitation(db: ConsoleDb, row: Omit<InvitationRow, 'seal'>): Promise<void> {
  await db.insertInto('invitations').values(sealerOf(db).sealed('invitations', row)).execute();
}

/**
 * A link with what it grants, its member as they are now and its organization's name, whatever its state; a link its
 * repository did not seal (inserted or changed in the database) is reported and taken as absent.
 */
export async function findInvitationWithMember(db: ConsoleDb, tokenHash: string) {
  const row = await db
    .selectFrom('invitations')
    .leftJoin('members', 'members.id', 'invitations.member_id')
    .innerJoin('organizations', 'organizations.id', 'invitations.org_id')
    .select([
      'invitations.token_hash',
      'invitations.purpose',
      'invitations.expires_at',
      'invitations.used_at',
      'invitations.org_id',
      'invitations.member_id',
      'invitations.role as granted_role',
      'invitations.email as granted_email',
      'invitations.shown_to',
      'invitations.seal',
      'members.email',
      'members.name',
      'members.role',
      'members.status',
      'members.held_until',
      'members.password_hash',
      'organizations.name as org_name',
    ])
    .where('invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const sealed: InvitationRow = {
    token_hash: row.token_hash,
    org_id: row.org_id,
    member_id: row.member_id,
    purpose: row.purpose,
    expires_at: row.expires_at,
    used_at: row.used_at,
    role: row.granted_role,
    email: row.granted_email,
    shown_to: row.shown_to,
    seal: row.seal,
  };
  const id = `${row.purpose}-link${row.member_id ? ` ${row.member_id}` : ''}`;
  const violation = { table: 'invitations' as const, id, orgId: row.org_id };
  return sealerOf(db).verifies('invitations', sealed, violation) ? row : undefined;
}

/** Spends a link that is still open; false when it was spent first (of two uses at once, one wins). */
export async function spendInvitation(db: ConsoleDb, tokenHash: string, at: string): Promise<boolean> {
  const spent = await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Spends every open link of a member. */
export async function spendLinksOf(db: ConsoleDb, memberId: string, at: string): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

/** Spends an organization's open first-admin links that expire before `expiringBefore`. */
export async function spendFirstAdminLinks(
  db: ConsoleDb,
  orgId: string,
  expiringBefore: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('org_id', '=', orgId)
    .where('purpose', '=', 'first-admin')
    .where('used_at', 'is', null)
    .where('expires_at', '<', expiringBefore)
    .execute();
}

/** An organization's open first-admin link (a unique index keeps it to one). */
export function openFirstAdminLink(db: ConsoleDb, orgId: string) {
  return db
    .selectFrom('invitations')
    .select(['expires_at', 'token_hash'])
    .where('org_id', '=', orgId)
    .where('purpose', '=', 'first-admin')
    .where('used_at', 'is', null)
    .executeTakeFirst();
}
