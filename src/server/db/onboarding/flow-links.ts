import type { ConsoleDb } from '../database';
import { sealerOf } from '../seals';
import type { FlowLinkRow } from './flow-links-schema';

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
