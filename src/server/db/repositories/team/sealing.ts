import type { Kysely } from 'kysely';
import type { ConsoleDb } from '../../database';
import type { ConsoleTables } from '../../schema/team';
import { type SealedTable, sealerOf } from '../../seals';

/**
 * Seals every row of `table` as it is, each found again by `keyColumns` (its primary key). Inside the caller's
 * transaction. Answers how many rows it sealed.
 */
async function sealRows<T extends SealedTable>(
  trx: ConsoleDb,
  table: T,
  keyColumns: readonly (keyof ConsoleTables[T] & string)[],
): Promise<number> {
  const sealer = sealerOf(trx);
  // Kysely cannot follow one query over a union of tables; the table and its key columns are checked by the signature.
  const untyped = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const name: string = table;
  const rows = await untyped.selectFrom(name).selectAll().execute();
  for (const row of rows) {
    let update = untyped.updateTable(name).set({ seal: sealer.seal(table, row as never) });
    for (const column of keyColumns as readonly string[]) update = update.where(column, '=', row[column]);
    await update.execute();
  }
  return rows.length;
}

/**
 * The first sealing (audit/first-seal.ts): every row of the sealed tables sealed as it is, and every session ended
 * (their secrets were stored under a plain SHA-256, which a database writer could have made). Inside the caller's
 * transaction. Answers how many rows it sealed.
 */
export async function sealEveryRow(trx: ConsoleDb): Promise<number> {
  let count = 0;
  count += await sealRows(trx, 'members', ['id']);
  count += await sealRows(trx, 'approval_policies', ['org_id', 'version']);
  count += await sealRows(trx, 'approval_requests', ['id']);
  count += await sealRows(trx, 'approval_decisions', ['request_id', 'member_id']);
  count += await sealRows(trx, 'team_requests', ['id']);
  count += await sealRows(trx, 'ap_user_links', ['org_id', 'member_id']);
  await trx.deleteFrom('sessions').execute();
  return count;
}

/**
 * The second sealing: the rows of the tables sealed since (payee requests, bill approvals, vendor method changes),
 * sealed as they are, once. Sessions stay: their secrets are sealed already. Answers how many rows it sealed.
 */
export async function sealRequestRows(trx: ConsoleDb): Promise<number> {
  let count = 0;
  count += await sealRows(trx, 'payee_requests', ['id']);
  count += await sealRows(trx, 'ap_bill_approvals', ['id']);
  count += await sealRows(trx, 'ap_method_changes', ['id']);
  return count;
}

/**
 * The third sealing: onboarding links, members' email notes, bills' edits and AP user links, sealed as they are, once.
 * Answers how many rows it sealed.
 */
export async function sealLinkRows(trx: ConsoleDb): Promise<number> {
  let count = 0;
  count += await sealRows(trx, 'flow_links', ['token_hash']);
  count += await sealRows(trx, 'member_set_emails', ['org_id', 'user_id', 'member_id', 'set_at']);
  count += await sealRows(trx, 'ap_bill_edits', ['id']);
  count += await sealRows(trx, 'ap_user_links', ['org_id', 'member_id']);
  return count;
}

/**
 * The fifth sealing: the end of every approval request that had ended (its status as it is), once. Answers how many
 * ends it sealed.
 */
export async function sealRequestEnds(trx: ConsoleDb): Promise<number> {
  const sealer = sealerOf(trx);
  const ended = await trx
    .selectFrom('approval_requests')
    .select(['id', 'status'])
    .where('status', 'not in', ['pending', 'approved', 'executing'])
    .execute();
  for (const row of ended) {
    await trx
      .updateTable('approval_requests')
      .set({ end_seal: sealer.endSeal(row.id, row.status) })
      .where('id', '=', row.id)
      .execute();
  }
  return ended.length;
}

/** The fourth sealing: one-time links (invitations, resets, the first admin's), sealed as they are, once. */
export async function sealInvitationRows(trx: ConsoleDb): Promise<number> {
  return sealRows(trx, 'invitations', ['token_hash']);
}

/** The sixth sealing: each organization's password rule, sealed as it is, once. */
export async function sealPasswordRuleRows(trx: ConsoleDb): Promise<number> {
  return sealRows(trx, 'password_rules', ['org_id']);
}
