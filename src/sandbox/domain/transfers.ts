import { findUser } from '../store/tenants';
import {
  findTransfer,
  findTransferAnyTenant,
  pageOfTransferJson,
  type TransferStatus,
  transferJson,
  transferJsonAnyTenant,
} from '../store/transfers';
import type { Caller, HelperCaller } from './auth';
import { DomainError, found } from './errors';
import { nextStep, transition } from './lifecycle';
import { cursorRow, DEFAULT_PAGE_SIZE, type PageQuery } from './pages';

/**
 * Transfers as the API answers them: JSON text the store composes (store/transfers.ts, TRANSFER_JSON), the one place
 * a transfer's JSON is made.
 */

export interface TransferQuery extends PageQuery {
  user_id?: string | undefined;
  status?: TransferStatus | undefined;
  type?: string | undefined;
  /** Milliseconds since the epoch, both ends included. */
  start_date?: number | undefined;
  end_date?: number | undefined;
  /** 'true': oldest first. */
  reverse_order?: 'true' | 'false' | undefined;
}

/** A page of the caller's transfers, newest first (or oldest first), as `{"data":[…],"has_more":…}`. */
export function listTransfers({ db, tenant }: Caller, query: TransferQuery): string {
  const cursor = (id: string | undefined) => {
    const row = cursorRow(id, (given) => findTransfer(db, tenant.orgId, given));
    return row && { createdMs: row.created_ms, seq: row.seq };
  };
  // Filtering by a user names that user: unknown or another tenant's is the same refusal as anywhere else.
  if (query.user_id) found(findUser(db, tenant.orgId, query.user_id));
  const after = cursor(query.starting_after);
  const before = cursor(query.ending_before);
  const page = pageOfTransferJson(
    db,
    {
      orgId: tenant.orgId,
      userId: query.user_id,
      status: query.status,
      type: query.type,
      startMs: query.start_date,
      endMs: query.end_date,
    },
    { descending: query.reverse_order !== 'true', limit: query.limit ?? DEFAULT_PAGE_SIZE, after, before },
  );
  return `{"data":[${page.rows.join(',')}],"has_more":${page.more}}`;
}

export function transferOf({ db, tenant }: Caller, transferId: string): string {
  return found(transferJson(db, tenant.orgId, transferId));
}

/** A sandbox helper: a transfer moved now, to `to` if the lifecycle allows it, else its next happy-path step. */
export function advanceTransfer(
  { db, nowMs }: HelperCaller,
  transferId: string,
  to: TransferStatus | undefined,
): string {
  const row = findTransferAnyTenant(db, transferId);
  if (!row) throw new DomainError('not-found', 'transfer-not-found', 'No transfer has this id');
  const target = to ?? nextStep(row);
  if (!target) {
    throw new DomainError('conflict', 'transition-not-allowed', `A ${row.status} transfer has no next step`);
  }
  transition(db, row, target, nowMs);
  // Found above, in this same synchronous turn: it is still there.
  return transferJsonAnyTenant(db, row.id) as string;
}
