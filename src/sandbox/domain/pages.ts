import type { Db } from '../store/db';
import { pageOf } from '../store/payouts';
import { found } from './errors';

/** The page of a list a caller asks for: Stripe's cursors, each the id of a row of the same list. */
export interface PageQuery {
  limit?: number | undefined;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

/** A page when `limit` is not given, as the vendor's lists have it. */
export const DEFAULT_PAGE_SIZE = 10;

/** A cursor's row: one of the caller's (`find` looks among them), or the same refusal as any id that is not. */
export function cursorRow<Row>(
  id: string | undefined,
  find: (id: string) => Row | undefined,
): Row | undefined {
  return id === undefined ? undefined : found(find(id));
}

/** A page of the caller's payout links, batches or requests, newest first, each row as the API shows it. */
export function keysetPage<Row extends { created_ms: number; seq: number }, View>(
  db: Db,
  table: 'payout_links' | 'payout_batches' | 'payout_requests',
  orgId: string,
  query: PageQuery & { status?: string | undefined },
  find: (id: string) => Row | undefined,
  view: (row: Row) => View,
): { data: View[]; has_more: boolean } {
  const page = pageOf<Row>(db, table, orgId, {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: cursorRow(query.starting_after, find),
    before: cursorRow(query.ending_before, find),
    status: query.status,
  });
  return { data: page.rows.map(view), has_more: page.more };
}
