import { randomUUID } from 'node:crypto';
import type { TransferBatchRequest } from '../../lib/requests/wallets';
import type { Db } from '../store/db';
import { creditedAppOf, findUser } from '../store/tenants';
import {
  completeTransferBatch,
  findTransferBatch,
  findTransferBatchByKey,
  finishTransferBatchItem,
  insertTransferBatch,
  pageOfTransferBatches,
  pendingTransferBatches,
  pendingTransferBatchItems,
  type TransferBatchItemRow,
  type TransferBatchRow,
  transferBatchItems,
} from '../store/treasury';
import type { Caller } from './auth';
import { BatchWorker } from './batch-worker';
import { DomainError, found, notFoundOrUnauthorized } from './errors';
import { cursorRow, DEFAULT_PAGE_SIZE, type PageQuery } from './pages';
import { refuseUsedKey } from './treasury';
import { userTransfer } from './wallet-transfers';

/**
 * Transfer batches: up to 5,000 transfers between users' wallets and the app's in one request, each item with its own
 * key and its own result (a transfer, or an error); `pending` while items are left, then `completed`. Paid a chunk at
 * a time in the background, as payout batches are.
 */

const parse = (text: string | null) => (text === null ? undefined : (JSON.parse(text) as unknown));

function itemView(item: TransferBatchItemRow) {
  return {
    ...(item.transfer_id ? { transfer_id: item.transfer_id } : {}),
    amount: item.amount,
    user_id: item.user_id,
    ...(item.tax_exempt !== null ? { tax_exempt: item.tax_exempt === 1 } : {}),
    ...(item.metadata ? { metadata: parse(item.metadata) } : {}),
    ...(item.idempotency_key ? { idempotency_key: item.idempotency_key } : {}),
    ...(item.error ? { error: item.error } : {}),
  };
}

export function transferBatchView(db: Db, batch: TransferBatchRow) {
  return {
    id: batch.id,
    created: batch.created,
    status: batch.status,
    metadata: parse(batch.metadata) ?? {},
    ...(batch.idempotency_key ? { idempotency_key: batch.idempotency_key } : {}),
    items: transferBatchItems(db, batch.id).map(itemView),
  };
}

export function listTransferBatches({ db, tenant }: Caller, query: PageQuery) {
  const find = (id: string) => findTransferBatch(db, tenant.orgId, id);
  const page = pageOfTransferBatches(db, tenant.orgId, {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: cursorRow(query.starting_after, find),
    before: cursorRow(query.ending_before, find),
  });
  return { data: page.rows.map((row) => transferBatchView(db, row)), has_more: page.more };
}

export function transferBatchOf({ db, tenant }: Caller, id: string) {
  return transferBatchView(db, found(findTransferBatch(db, tenant.orgId, id)));
}

function createTransferBatch(ctx: Caller, body: TransferBatchRequest): TransferBatchRow {
  const { db, tenant, nowMs } = ctx;
  return db.transaction(() => {
    if (body.idempotency_key) {
      const existing = findTransferBatchByKey(db, tenant.orgId, body.idempotency_key);
      if (existing) {
        throw new DomainError(
          'conflict',
          'idempotency-key-used',
          `A transfer batch with this idempotency_key exists already (${existing.id}): a key is never used twice`,
          [{ path: 'idempotency_key', message: 'Already used' }],
        );
      }
    }
    const app = creditedAppOf(db, tenant.orgId, ctx.appId);
    if (!app) throw notFoundOrUnauthorized();
    const batch: Omit<TransferBatchRow, 'seq'> = {
      id: randomUUID(),
      org_id: tenant.orgId,
      app_id: app.id,
      idempotency_key: body.idempotency_key ?? null,
      status: 'pending',
      metadata: body.metadata === undefined ? null : JSON.stringify(body.metadata),
      created: new Date(nowMs).toISOString(),
      created_ms: nowMs,
    };
    insertTransferBatch(
      db,
      batch,
      body.items.map((item, position) => ({
        position,
        user_id: item.user_id,
        amount: item.amount,
        idempotency_key: item.idempotency_key ?? null,
        tax_exempt: item.tax_exempt === undefined ? null : item.tax_exempt ? 1 : 0,
        metadata: item.metadata === undefined ? null : JSON.stringify(item.metadata),
        transfer_id: null,
        error: null,
        done: 0,
      })),
    );
    return findTransferBatch(db, tenant.orgId, batch.id) as TransferBatchRow;
  })();
}

/** One item moved, or its refusal kept as its error: in a savepoint, so that a refusal undoes only this item. */
function moveItem(db: Db, batch: TransferBatchRow, item: TransferBatchItemRow, nowMs: number): void {
  try {
    const transferId = db.transaction(() => {
      refuseUsedKey(db, batch.org_id, item.idempotency_key);
      const app = creditedAppOf(db, batch.org_id, batch.app_id);
      const user = findUser(db, batch.org_id, item.user_id);
      if (!app || !user) throw notFoundOrUnauthorized();
      return userTransfer(db, batch.org_id, app, user, {
        amount: item.amount,
        key: item.idempotency_key,
        metadata: parse(item.metadata),
        nowMs,
        batchId: batch.id,
      });
    })();
    finishTransferBatchItem(db, batch.id, item.position, { transfer_id: transferId, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    finishTransferBatchItem(db, batch.id, item.position, {
      transfer_id: null,
      error: `${error.code}: ${error.message}`,
    });
  }
}

/** A batch made and moved at once, every item in this turn (the demo's history). */
export function transferBatchNow(ctx: Caller, body: TransferBatchRequest) {
  const batch = createTransferBatch(ctx, body);
  ctx.db.transaction(() => {
    for (const item of pendingTransferBatchItems(ctx.db, batch.id, body.items.length)) {
      moveItem(ctx.db, batch, item, ctx.nowMs);
    }
    completeTransferBatch(ctx.db, batch.id);
  })();
  return transferBatchView(ctx.db, findTransferBatch(ctx.db, batch.org_id, batch.id) as TransferBatchRow);
}

/** Moves the items of pending transfer batches in the background, a chunk per tick, as payout batches are paid. */
export class TransferBatchWorker extends BatchWorker<TransferBatchRow, TransferBatchItemRow> {
  constructor(db: Db, now: () => number) {
    super(db, now, {
      unfinished: pendingTransferBatches,
      itemsLeft: (db, batch, limit) => pendingTransferBatchItems(db, batch.id, limit),
      run: moveItem,
      finish: (db, batch) => completeTransferBatch(db, batch.id),
    });
  }

  /** POST /v2/transfer-batches: the batch kept, its items moved in the background; answered at once, `pending`. */
  take(ctx: Caller, body: TransferBatchRequest) {
    const batch = createTransferBatch(ctx, body);
    this.kick();
    return transferBatchView(ctx.db, batch);
  }
}
