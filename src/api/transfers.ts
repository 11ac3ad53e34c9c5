import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { type Transfer, transferListSchema, transferSchema } from './schemas';

export function getTransfer(transferId: string) {
  return request({
    method: 'GET',
    path: `/v2/transfers/${encodeURIComponent(transferId)}`,
    response: transferSchema,
  });
}

export interface TransferListQuery {
  user_id?: string;
  status?: string;
  type?: string;
  start_date?: string;
  end_date?: string;
  reverse_order?: boolean;
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export function listTransfers(query: TransferListQuery) {
  return request({ method: 'GET', path: '/v2/transfers', query: { ...query }, response: transferListSchema });
}

/** The most a bounded read of recent transfers brings: ten pages of the vendor's largest. */
export const RECENT_LIMIT = 1000;

/**
 * Every transfer created since `startDate` (an ISO date-time, as the vendor's filter takes it), newest first, a page
 * of 100 at a time, up to `limit`: the vendor's API has no totals, so the console adds them up itself. `complete`
 * says whether that was all of them.
 */
export async function listTransfersSince(startDate: string, limit = RECENT_LIMIT) {
  const transfers: Transfer[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await listTransfers({ start_date: startDate, limit: 100, starting_after: after });
    transfers.push(...page.data);
    const last = page.data.at(-1)?.id;
    if (!page.has_more || !last) return { transfers, complete: true };
    // A cursor that does not move (a mock answering its one example) would read the same page to the limit.
    if (last === after) return { transfers, complete: false };
    after = last;
    if (transfers.length >= limit) return { transfers, complete: false };
  }
}

export const transferQueries = {
  since: (startDate: string) =>
    queryOptions({
      queryKey: ['transfers', 'since', startDate],
      queryFn: () => listTransfersSince(startDate),
    }),
  detail: (transferId: string) =>
    queryOptions({ queryKey: ['transfers', transferId], queryFn: () => getTransfer(transferId) }),
  list: (query: TransferListQuery) =>
    queryOptions({ queryKey: ['transfers', 'list', query], queryFn: () => listTransfers(query) }),
};

/** How far back a look-up by key reads: a day, the window a file's check reads for rows paid before too. */
export const KEY_LOOK_BACK_MS = 24 * 60 * 60 * 1000;

/**
 * The transfer this console sent with `key`, the idempotency key it also puts into metadata.console_request_id
 * (where every service keeps it, whether or not it honours the key itself): how the outcome of a request whose answer
 * was lost is learnt, for a payment, a payout and whatever moves money next. Reads the transfers of the user it
 * concerns (or all, for a payment customer), of its type when given, newest first, page after page until it finds the
 * key or reaches one created before `since` (a day ago unless told): the vendor has no filter by metadata, and a first
 * page alone misses a transfer that a busy user's newer ones pushed down (a file of a thousand rows makes a thousand
 * in minutes). The bound is read from each transfer's `created`, not sent as `start_date`, so that a look-up and a
 * read of the last day stay two different requests in the service's log.
 */
export async function findTransferByKey(
  key: string,
  where: { userId?: string | undefined; type?: 'payout' | undefined; since?: string | undefined } = {},
): Promise<Transfer | undefined> {
  const sinceMs = Date.parse(where.since ?? new Date(Date.now() - KEY_LOOK_BACK_MS).toISOString());
  let after: string | undefined;
  for (;;) {
    const page = await listTransfers({
      user_id: where.userId,
      type: where.type,
      limit: 100,
      starting_after: after,
    });
    const found = page.data.find((transfer) => requestIdOf(transfer) === key);
    if (found) return found;
    const last = page.data.at(-1);
    // Older than the bound: what follows is older still. A cursor that does not move (a mock answering its one
    // example) would read the same page for ever.
    if (!page.has_more || !last || last.id === after) return undefined;
    if (last.created && Date.parse(last.created) < sinceMs) return undefined;
    after = last.id;
  }
}

/** The request id the console put into a transfer's metadata (its idempotency key), if any. */
export function requestIdOf(transfer: Transfer): string | null {
  const metadata = transfer.metadata;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return null;
  const id = metadata.console_request_id;
  return typeof id === 'string' ? id : null;
}
