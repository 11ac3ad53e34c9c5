import type { ConsoleDb } from '../database';
import { sealerOf } from '../seals';

/**
 * The first sealing (audit/first-seal.ts): every row of the sealed tables sealed as it is, and every session ended
 * (their secrets were stored under a plain SHA-256, which a database writer could have made). Inside the caller's
 * transaction. Answers how many rows it sealed.
 */
export async function sealEveryRow(trx: ConsoleDb): Promise<number> {
  const sealer = sealerOf(trx);
  let count = 0;
  for (const row of await trx.selectFrom('members').selectAll().execute()) {
    await trx
      .updateTable('members')
      .set({ seal: sealer.seal('members', row) })
      .where('id', '=', row.id)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('approval_policies').selectAll().execute()) {
    await trx
      .updateTable('approval_policies')
      .set({ seal: sealer.seal('approval_policies', row) })
      .where('org_id', '=', row.org_id)
      .where('version', '=', row.version)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('approval_requests').selectAll().execute()) {
    await trx
      .updateTable('approval_requests')
      .set({ seal: sealer.seal('approval_requests', row) })
      .where('id', '=', row.id)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('approval_decisions').selectAll().execute()) {
    await trx
      .updateTable('approval_decisions')
      .set({ seal: sealer.seal('approval_decisions', row) })
      .where('request_id', '=', row.request_id)
      .where('member_id', '=', row.member_id)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('team_requests').selectAll().execute()) {
    await trx
      .updateTable('team_requests')
      .set({ seal: sealer.seal('team_requests', row) })
      .where('id', '=', row.id)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('ap_user_links').selectAll().execute()) {
    await trx
      .updateTable('ap_user_links')
      .set({ seal: sealer.seal('ap_user_links', row) })
      .where('org_id', '=', row.org_id)
      .where('member_id', '=', row.member_id)
      .execute();
    count++;
  }
  await trx.deleteFrom('sessions').execute();
  return count;
}

/**
 * The second sealing: the rows of the tables sealed since (payee requests, bill approvals, vendor method changes),
 * sealed as they are, once. Sessions stay: their secrets are sealed already. Answers how many rows it sealed.
 */
export async function sealRequestRows(trx: ConsoleDb): Promise<number> {
  const sealer = sealerOf(trx);
  let count = 0;
  for (const row of await trx.selectFrom('payee_requests').selectAll().execute()) {
    await trx
      .updateTable('payee_requests')
      .set({ seal: sealer.seal('payee_requests', row) })
      .where('id', '=', row.id)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('ap_bill_approvals').selectAll().execute()) {
    await trx
      .updateTable('ap_bill_approvals')
      .set({ seal: sealer.seal('ap_bill_approvals', row) })
      .where('id', '=', row.id)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('ap_method_changes').selectAll().execute()) {
    await trx
      .updateTable('ap_method_changes')
      .set({ seal: sealer.seal('ap_method_changes', row) })
      .where('id', '=', row.id)
      .execute();
    count++;
  }
  return count;
}

/**
 * The third sealing: onboarding links, members' email notes, bills' edits and AP user links, sealed as they are, once.
 * Answers how many rows it sealed.
 */
export async function sealLinkRows(trx: ConsoleDb): Promise<number> {
  const sealer = sealerOf(trx);
  let count = 0;
  for (const row of await trx.selectFrom('flow_links').selectAll().execute()) {
    await trx
      .updateTable('flow_links')
      .set({ seal: sealer.seal('flow_links', row) })
      .where('token_hash', '=', row.token_hash)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('member_set_emails').selectAll().execute()) {
    await trx
      .updateTable('member_set_emails')
      .set({ seal: sealer.seal('member_set_emails', row) })
      .where('org_id', '=', row.org_id)
      .where('user_id', '=', row.user_id)
      .where('member_id', '=', row.member_id)
      .where('set_at', '=', row.set_at)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('ap_bill_edits').selectAll().execute()) {
    await trx
      .updateTable('ap_bill_edits')
      .set({ seal: sealer.seal('ap_bill_edits', row) })
      .where('id', '=', row.id)
      .execute();
    count++;
  }
  for (const row of await trx.selectFrom('ap_user_links').selectAll().execute()) {
    await trx
      .updateTable('ap_user_links')
      .set({ seal: sealer.seal('ap_user_links', row) })
      .where('org_id', '=', row.org_id)
      .where('member_id', '=', row.member_id)
      .execute();
    count++;
  }
  return count;
}
