import { parseSearch, prefixUpperBound } from '../../lib/people-search';
import type { Db } from './db';
import { pageFrom, sql } from './prepare';
import type { AppRow, CustomerRow, UserRow } from './tenants';

/** Where a page starts: after (older than) or before (newer than) a row of the same list, by its seq. */
export interface SeqPage {
  limit: number;
  after?: number | undefined;
  before?: number | undefined;
}

/**
 * One page of a list, newest first, by keyset on seq: constant cost however deep the page. `before` takes the rows
 * just newer than the cursor, returned newest first too. Fetches limit + 1 to know whether more exist.
 */
function pageBySeq<Row>(
  db: Db,
  table: 'users' | 'customers' | 'apps',
  where: string[],
  params: Record<string, unknown>,
  page: SeqPage,
): { rows: Row[]; more: boolean } {
  const conditions = [...where];
  if (page.after !== undefined) conditions.push('seq < @cursor');
  if (page.before !== undefined) conditions.push('seq > @cursor');
  const direction = page.before !== undefined ? 'ASC' : 'DESC';
  const rows = sql<Row>(
    db,
    `SELECT * FROM ${table} WHERE ${conditions.join(' AND ')} ORDER BY seq ${direction} LIMIT @take`,
  ).all({ ...params, cursor: page.after ?? page.before, take: page.limit + 1 });
  return pageFrom(rows, page.limit, page.before !== undefined);
}

/** The search condition for a list of people: an exact id, or a range of the search terms' index. */
function searchCondition(kind: 'user' | 'customer', search: string | undefined) {
  const parsed = search === undefined ? null : parseSearch(search);
  if (!parsed) return { where: [], params: {} };
  if (parsed.kind === 'id') return { where: ['id = @id'], params: { id: parsed.id } };
  return {
    where: [
      `seq IN (SELECT person_seq FROM search_terms
        WHERE org_id = @orgId AND kind = '${kind}' AND term >= @low AND term < @high)`,
    ],
    params: { low: parsed.prefix, high: prefixUpperBound(parsed.prefix) },
  };
}

export function pageOfUsers(
  db: Db,
  filter: { orgId: string; status?: string | undefined; search?: string | undefined },
  page: SeqPage,
) {
  const search = searchCondition('user', filter.search);
  const where = [
    'org_id = @orgId',
    'deleted_ms IS NULL',
    ...(filter.status ? ['status = @status'] : []),
    ...search.where,
  ];
  return pageBySeq<UserRow>(
    db,
    'users',
    where,
    { orgId: filter.orgId, status: filter.status, ...search.params },
    page,
  );
}

export function pageOfCustomers(
  db: Db,
  filter: { orgId: string; search?: string | undefined },
  page: SeqPage,
) {
  const search = searchCondition('customer', filter.search);
  return pageBySeq<CustomerRow>(
    db,
    'customers',
    ['org_id = @orgId', ...search.where],
    { orgId: filter.orgId, ...search.params },
    page,
  );
}

export function pageOfApps(db: Db, orgId: string, page: SeqPage) {
  return pageBySeq<AppRow & { seq: number }>(db, 'apps', ['org_id = @orgId'], { orgId }, page);
}

/** The seq of a row of the organization, for a cursor; undefined when it is not the organization's. */
export function seqOf(
  db: Db,
  table: 'users' | 'customers' | 'apps',
  orgId: string,
  id: string,
): number | undefined {
  return sql<number>(db, `SELECT seq FROM ${table} WHERE id = ? AND org_id = ?`).pluck().get(id, orgId);
}

export function findCustomer(db: Db, orgId: string, id: string): CustomerRow | undefined {
  return sql<CustomerRow>(db, 'SELECT * FROM customers WHERE id = ? AND org_id = ?').get(id, orgId);
}

/** What the app has paid out: its payouts that did not fail, come back or get canceled. */
export function moneyOutOf(db: Db, appId: string): number {
  return (
    sql<number>(
      db,
      "SELECT COALESCE(sum(amount), 0) FROM transfers WHERE app_id = ? AND type = 'payout' AND status NOT IN ('failed', 'reversed', 'canceled')",
    )
      .pluck()
      .get(appId) ?? 0
  );
}

export function countUsers(db: Db, orgId: string): number {
  return (
    sql<number>(db, 'SELECT count(*) FROM users WHERE org_id = ? AND deleted_ms IS NULL')
      .pluck()
      .get(orgId) ?? 0
  );
}
