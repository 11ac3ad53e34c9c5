import type { Role } from '../../../../lib/roles';
import { type ConsoleDb, lockRow, transaction } from '../../database';
import type { MemberRow } from '../../schema/team';
import { sealerOf } from '../../seals';

/** The members of the organizations: their roles, statuses and credentials (hashes and TOTP secrets only). */

export type MemberStatus = 'invited' | 'active' | 'disabled';

/** What may change of a member (never their id or organization). */
export type MemberChanges = Partial<Omit<MemberRow, 'id' | 'org_id'>>;

/**
 * Inserts a member. With `ifAbsent`, a member who already has the email is answered instead (two servers making the
 * same demo team at once make one).
 */
export async function insertMemberRow(
  db: ConsoleDb,
  row: MemberRow,
  options: { ifAbsent?: boolean } = {},
): Promise<MemberRow> {
  // Sealed as written: a member's deciding fields verify only as their repository wrote them (db/seals.ts).
  row = sealerOf(db).sealed('members', row);
  if (!options.ifAbsent) {
    await db.insertInto('members').values(row).execute();
    return row;
  }
  await db
    .insertInto('members')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return (await findMemberByEmail(db, row.email)) ?? row;
}

/** By an email already normalized (members.ts: normalEmail). */
export function findMemberByEmail(db: ConsoleDb, email: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();
}

/** A member of this organization, or undefined (another's member is not found either). */
export function findMember(db: ConsoleDb, orgId: string, id: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

export function getMember(db: ConsoleDb, id: string): Promise<MemberRow> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function listMembers(db: ConsoleDb, orgId: string): Promise<MemberRow[]> {
  return db.selectFrom('members').selectAll().where('org_id', '=', orgId).orderBy('email').execute();
}

/** Members of an organization, of any status and role unless narrowed, and besides `except` when given. */
export async function countMembers(
  db: ConsoleDb,
  orgId: string,
  only: { status?: MemberStatus; roles?: readonly Role[]; except?: readonly string[] } = {},
): Promise<number> {
  let query = db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('org_id', '=', orgId);
  if (only.status) query = query.where('status', '=', only.status);
  if (only.roles) query = query.where('role', 'in', only.roles);
  if (only.except) query = query.where('id', 'not in', [...only.except]);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The active members of these roles (who may approve, say), with what deciding who counts needs. */
export function activeMembersOf(db: ConsoleDb, orgId: string, roles: readonly Role[]) {
  return db
    .selectFrom('members')
    .select(['id', 'name', 'email', 'role', 'status', 'approver_since', 'held_until'])
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .where('role', 'in', roles)
    .execute();
}

/** Members by id, with what a page shows of them and how their password was set. */
export function membersByIds(db: ConsoleDb, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('members')
    .select(['id', 'name', 'email', 'role', 'status', 'password_link_shown_to', 'password_set_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The fields a member's seal covers: a change of one of them seals the row again (db/seals.ts). */
const SEALED: ReadonlySet<string> = new Set([
  'email',
  'role',
  'status',
  'password_hash',
  'totp_secret',
  'approver_since',
  'password_link_shown_to',
  'password_set_at',
  'held_until',
  'held_by',
  'totp_last_step',
]);

export async function updateMember(db: ConsoleDb, id: string, changes: MemberChanges): Promise<void> {
  if (!Object.keys(changes).some((field) => SEALED.has(field))) {
    await db.updateTable('members').set(changes).where('id', '=', id).execute();
    return;
  }
  // Read, changed and sealed again with the row held. A row that did not verify keeps a seal that does not: a
  // legitimate change never launders a forged field.
  const reseal = async (trx: ConsoleDb) => {
    await lockMember(trx, id);
    const row = await getMember(trx, id);
    const sealer = sealerOf(trx);
    const intact = sealer.verifies('members', row, { table: 'members', id, orgId: row.org_id });
    const seal = intact ? sealer.seal('members', { ...row, ...changes }) : (row.seal ?? null);
    await trx
      .updateTable('members')
      .set({ ...changes, seal })
      .where('id', '=', id)
      .execute();
  };
  if (db.isTransaction) await reseal(db);
  else await transaction(db, reseal);
}

/** A member row as its repository sealed it (db/seals.ts), else undefined: a forged row is taken as absent. */
export function intactMember<R extends MemberRow>(db: ConsoleDb, row: R | undefined): R | undefined {
  if (!row) return undefined;
  return sealerOf(db).verifies('members', row, { table: 'members', id: row.id, orgId: row.org_id })
    ? row
    : undefined;
}

/** The secret of an authenticator being set up and not yet confirmed, or null. */
export async function pendingTotpSecret(db: ConsoleDb, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('members')
    .select('totp_pending_secret')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.totp_pending_secret ?? null;
}

/** Inside a transaction: holds the member's row until it ends (lockRow). */
export function lockMember(trx: ConsoleDb, id: string): Promise<void> {
  return lockRow(trx, 'members', id);
}

/**
 * Takes a TOTP code's time step as the member's last accepted one, unless it is not later than that: a code (or an
 * earlier one) is accepted once. With the member's row held, so that two sign-ins with one code cannot both pass.
 */
export async function acceptTotpStep(db: ConsoleDb, id: string, step: number): Promise<boolean> {
  return transaction(db, async (trx) => {
    await lockMember(trx, id);
    const row = await getMember(trx, id);
    const last =
      row.totp_last_step === null || row.totp_last_step === undefined ? null : Number(row.totp_last_step);
    if (last !== null && step <= last) return false;
    await updateMember(trx, id, { totp_last_step: step });
    return true;
  });
}
