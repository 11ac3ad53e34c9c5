import { idempotencyKeysOf } from '../controls-schema';
import type { ConsoleDb } from '../database';
import type { RequestRow } from '../schema';

/** The idempotency keys of what approval requests will send, and the one that waits under a key. */

/** Writes down the keys of a request's bodies (once it is inserted). */
export async function noteRequestKeys(db: ConsoleDb, row: RequestRow): Promise<void> {
  const keys = [...new Set(idempotencyKeysOf(JSON.parse(row.body)))];
  if (keys.length === 0) return;
  await db
    .insertInto('approval_request_keys')
    .values(keys.map((key) => ({ org_id: row.org_id, idempotency_key: key, request_id: row.id })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The request of the organization that may still send one of these keys (waiting, approved or being paid), if any. */
export async function openRequestWithKey(
  db: ConsoleDb,
  orgId: string,
  keys: readonly string[],
): Promise<{ id: string; status: string } | undefined> {
  if (keys.length === 0) return undefined;
  return db
    .selectFrom('approval_request_keys')
    .innerJoin('approval_requests', 'approval_requests.id', 'approval_request_keys.request_id')
    .select(['approval_requests.id', 'approval_requests.status'])
    .where('approval_request_keys.org_id', '=', orgId)
    .where('approval_request_keys.idempotency_key', 'in', [...keys])
    .where('approval_requests.status', 'in', ['pending', 'approved', 'executing'])
    .executeTakeFirst();
}
