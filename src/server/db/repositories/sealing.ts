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
