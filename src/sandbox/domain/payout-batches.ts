import { randomUUID } from 'node:crypto';
import type { PayoutBatchRequest } from '../../lib/requests/payout-batches';
import type { PayoutRequest } from '../../lib/requests/payouts';
import type { Db } from '../store/db';
import {
  batchItems,
  batchProgress,
  findPayoutBatch,
  findPayoutBatchByKey,
  finishBatchItem,
  insertPayoutBatch,
  type PayoutBatchItemRow,
  type PayoutBatchRow,
  payoutKeyTransfer,
  pendingBatchItems,
  setBatchStatus,
  unfinishedBatches,
} from '../store/payouts';
import { creditedAppOf } from '../store/tenants';
import { transferStatus } from '../store/transfers';
import type { Caller, Tenant } from './auth';
import { BatchWorker } from './batch-worker';
import { DomainError, found, notFoundOrUnauthorized } from './errors';
import { keysetPage, type PageQuery } from './pages';
import { keyUsed, makePayout, resolvePayout } from './payouts';

/**
 * Payout batches: up to 5,000 payouts in one request, each with its own idempotency key, paid in the background a
 * chunk at a time (GET shows how far it is); each item succeeds or fails alone, and its result says which.
 */

/** Items paid per tick of the worker, each in a savepoint of one transaction: progress shows, nothing stalls. */

/** A batch whose body and every item passed their schemas (routes/payouts.ts checks them). */
export interface CheckedPayoutBatch extends PayoutBatchRequest {
  parsedItems: PayoutRequest[];
}

const parse = (text: string | null) => (text === null ? undefined : (JSON.parse(text) as unknown));

function progressOf(db: Db, batchId: string) {
  const { total, done, paid } = batchProgress(db, batchId);
  return { total, done, paid, failed: done - paid };
}

/** The vendor's `payout-batch-response` (+ extension `progress`: how many items are answered, paid, failed). */
export function payoutBatchView(db: Db, batch: PayoutBatchRow) {
  return {
    id: batch.id,
    created: batch.created,
    ...(batch.idempotency_key ? { idempotency_key: batch.idempotency_key } : {}),
    status: batch.status,
    ...(batch.metadata ? { metadata: parse(batch.metadata) } : {}),
    progress: progressOf(db, batch.id),
  };
}

/** A page of the caller's payout batches, newest first. */
export function listPayoutBatches({ db, tenant }: Caller, query: PageQuery) {
  const find = (id: string) => findPayoutBatch(db, tenant.orgId, id);
  return keysetPage(db, 'payout_batches', tenant.orgId, query, find, (row) => payoutBatchView(db, row));
}

export function payoutBatchOf({ db, tenant }: Caller, batchId: string) {
  return payoutBatchView(db, found(findPayoutBatch(db, tenant.orgId, batchId)));
}

/** Each item's result: its transfer (id and status) or its error; with `includeRequest`, what was asked. */
export function payoutBatchResults({ db, tenant }: Caller, batchId: string, includeRequest: boolean) {
  const batch = found(findPayoutBatch(db, tenant.orgId, batchId));
  return {
    ...payoutBatchView(db, batch),
    items: batchItems(db, batch.id).map((item) => {
      const request = JSON.parse(item.request) as Record<string, unknown>;
      return {
        user_id: item.user_id,
        idempotency_key: item.idempotency_key,
        ...(request.metadata !== undefined ? { metadata: request.metadata } : {}),
        ...(item.transfer_id
          ? { transfer: { id: item.transfer_id, status: transferStatus(db, item.transfer_id) } }
          : {}),
        ...(item.error_code ? { error_code: item.error_code, error_message: item.error_message ?? '' } : {}),
        ...(includeRequest ? { request } : {}),
      };
    }),
  };
}

/** Keeps a batch for the worker to pay: refused whole when its key was used. */
function createPayoutBatch(ctx: Caller, body: CheckedPayoutBatch): PayoutBatchRow {
  const { db, tenant, nowMs } = ctx;
  return db.transaction(() => {
    if (body.idempotency_key) {
      const existing = findPayoutBatchByKey(db, tenant.orgId, body.idempotency_key);
      if (existing) {
        throw new DomainError(
          'conflict',
          'idempotency-key-used',
          `A batch with this idempotency_key exists already (${existing.id}): a batch's key is never used twice`,
          [{ path: 'idempotency_key', message: 'Already used' }],
        );
      }
    }
    const app = creditedAppOf(db, tenant.orgId, ctx.appId);
    if (!app) throw notFoundOrUnauthorized();
    const batch: Omit<PayoutBatchRow, 'seq'> = {
      id: randomUUID(),
      org_id: tenant.orgId,
      app_id: app.id,
      idempotency_key: body.idempotency_key ?? null,
      status: 'created',
      metadata: body.metadata === undefined ? null : JSON.stringify(body.metadata),
      item_count: body.parsedItems.length,
      created: new Date(nowMs).toISOString(),
      created_ms: nowMs,
    };
    insertPayoutBatch(
      db,
      batch,
      body.parsedItems.map((item, position) => ({
        position,
        user_id: item.user_id,
        idempotency_key: item.idempotency_key as string,
        request: JSON.stringify(item),
        transfer_id: null,
        error_code: null,
        error_message: null,
        done: 0,
      })),
    );
    return findPayoutBatch(db, tenant.orgId, batch.id) as PayoutBatchRow;
  })();
}

/** One item paid, or its refusal recorded: in a savepoint, so that a refusal undoes only this item. */
function payItem(db: Db, batch: PayoutBatchRow, item: PayoutBatchItemRow, nowMs: number): void {
  const request = JSON.parse(item.request) as PayoutRequest;
  const tenant = { orgId: batch.org_id } as Tenant;
  try {
    const transferId = db.transaction(() => {
      const used = payoutKeyTransfer(db, batch.org_id, item.idempotency_key);
      if (used) throw keyUsed(used);
      const { app, user, method } = resolvePayout(db, tenant, batch.app_id, request);
      return makePayout({
        db,
        orgId: batch.org_id,
        app,
        user,
        method,
        amount: request.amount,
        fund: true,
        metadata: request.metadata,
        idempotencyKey: item.idempotency_key,
        nowMs,
        payoutBatchId: batch.id,
      });
    })();
    finishBatchItem(db, batch.id, item.position, {
      transfer_id: transferId,
      error_code: null,
      error_message: null,
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    finishBatchItem(db, batch.id, item.position, {
      transfer_id: null,
      error_code: error.code,
      error_message: error.message,
    });
  }
}

/** Pays payout batches in the background, a chunk per tick, as transfer batches are moved (batch-worker.ts). */
export class PayoutBatchWorker extends BatchWorker<PayoutBatchRow, PayoutBatchItemRow> {
  constructor(db: Db, now: () => number) {
    super(db, now, {
      unfinished: unfinishedBatches,
      itemsLeft: (db, batch, limit) => pendingBatchItems(db, batch.id, limit),
      run: payItem,
      finish: (db, batch) => setBatchStatus(db, batch.id, 'completed'),
      begin: (db, batch) => {
        if (batch.status === 'created') setBatchStatus(db, batch.id, 'processing');
      },
    });
  }

  /** POST /v2/payout-batches: the batch kept, and its paying begun; answered at once, its items still to pay. */
  take(ctx: Caller, body: CheckedPayoutBatch) {
    const batch = createPayoutBatch(ctx, body);
    this.kick();
    return payoutBatchView(ctx.db, batch);
  }
}
