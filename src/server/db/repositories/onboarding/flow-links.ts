import { type ConsoleDb, transaction } from '../../database';
import type { FlowEmailNoteRow, FlowLinkRow } from '../../schema/onboarding';
import { sealerOf } from '../../seals';

/**
 * Onboarding links made through the console, and users' emails set by members (onboarding/flow-links.ts). Both are
 * sealed as they are written (db/seals.ts): a link made payee-only in the database, or a member's email note changed,
 * does not verify.
 */

/** Keeps a link made; a token seen before (a service that answered one link twice) keeps its first row. */
export async function insertFlowLink(db: ConsoleDb, row: Omit<FlowLinkRow, 'seal'>): Promise<void> {
  await db
    .insertInto('flow_links')
    .values(sealerOf(db).sealed('flow_links', row))
    .onConflict((c) => c.column('token_hash').doNothing())
    .execute();
}

/** A link as it was sealed; `forged` when its row does not verify (reported): it is then trusted for nothing. */
export async function findFlowLink(
  db: ConsoleDb,
  tokenHash: string,
): Promise<(FlowLinkRow & { forged: boolean }) | undefined> {
  const row = await db
    .selectFrom('flow_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const forged = !sealerOf(db).verifies('flow_links', row, {
    table: 'flow_links',
    id: row.flow_id,
    orgId: row.org_id,
  });
  return { ...row, forged };
}

export async function noteMemberSetEmail(
  db: ConsoleDb,
  row: { org_id: string; user_id: string; member_id: string; set_at: string },
): Promise<void> {
  await db.insertInto('member_set_emails').values(sealerOf(db).sealed('member_set_emails', row)).execute();
}

/**
 * Whether a member set this user's email at or after `since`. A note that does not verify (reported) counts as set by
 * a member, whatever it says: a link is the payee's alone only on notes as they were written.
 */
export async function emailSetByMemberSince(
  db: ConsoleDb,
  orgId: string,
  userId: string,
  since: string,
): Promise<boolean> {
  const rows = await db
    .selectFrom('member_set_emails')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .execute();
  const sealer = sealerOf(db);
  return rows.some(
    (row) =>
      !sealer.verifies('member_set_emails', row, { table: 'member_set_emails', id: row.user_id, orgId }) ||
      row.set_at >= since,
  );
}

/** A new payee's email typed through a link its maker could see, noted against the flow: no read of it is needed. */
export async function noteFlowEmailByMember(
  db: ConsoleDb,
  row: Omit<FlowEmailNoteRow, 'seal'>,
): Promise<void> {
  await db
    .insertInto('member_set_flow_emails')
    .values(sealerOf(db).sealed('member_set_flow_emails', row))
    .execute();
}

/**
 * The organization's notes still kept by flow (their user not yet read), each with whether it verifies: one that does
 * not (reported) may name any flow and any time, so it counts against every user.
 */
export async function flowEmailNotes(
  db: ConsoleDb,
  orgId: string,
): Promise<(FlowEmailNoteRow & { forged: boolean })[]> {
  const rows = await db
    .selectFrom('member_set_flow_emails')
    .selectAll()
    .where('org_id', '=', orgId)
    .execute();
  const sealer = sealerOf(db);
  return rows.map((row) => ({
    ...row,
    forged: !sealer.verifies('member_set_flow_emails', row, {
      table: 'member_set_flow_emails',
      id: row.flow_id,
      orgId,
    }),
  }));
}

/** A flow's note once the service named its user: kept under the user (as a member's edit is), and no more by flow. */
export async function moveFlowEmailNote(
  db: ConsoleDb,
  note: FlowEmailNoteRow,
  userId: string,
): Promise<void> {
  await transaction(db, async (trx) => {
    await noteMemberSetEmail(trx, {
      org_id: note.org_id,
      user_id: userId,
      member_id: note.member_id,
      set_at: note.set_at,
    });
    await trx
      .deleteFrom('member_set_flow_emails')
      .where('org_id', '=', note.org_id)
      .where('flow_id', '=', note.flow_id)
      .where('member_id', '=', note.member_id)
      .where('set_at', '=', note.set_at)
      .execute();
  });
}
