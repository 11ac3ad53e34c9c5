import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { type PageOptions, type TransferFilter, transferPageQuery } from './transfers';

/**
 * The transfers list costs the same at a thousand transfers and at a million only while SQLite walks an index in the
 * list's order from the cursor on: no scan of the table, and no sort of every matching row before the first page.
 */
function planOf(filter: Omit<TransferFilter, 'orgId'>, options: Partial<PageOptions> = {}) {
  const db = openDatabase(':memory:');
  const { sql, params } = transferPageQuery(
    { orgId: 'org', ...filter },
    { descending: true, limit: 100, ...options },
  );
  const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { parent: number; detail: string }[];
  db.close();
  return {
    // The list's own steps; the correlated subqueries compose each row's JSON from that one transfer's lines.
    list: steps.filter((s) => s.parent === 0 && !s.detail.startsWith('CORRELATED')).map((s) => s.detail),
    all: steps.map((s) => s.detail),
  };
}

const cursor = { createdMs: 1_700_000_000_000, seq: 42 };

describe("the transfers list's query plan", () => {
  it.each([
    ['the first page', {}, {}, 'transfers_by_org'],
    ['a deep page', {}, { after: cursor }, 'transfers_by_org'],
    ['a page before a cursor, oldest first', {}, { descending: false, before: cursor }, 'transfers_by_org'],
    ["a user's first page", { userId: 'user' }, {}, 'transfers_by_user'],
    ["a user's deep page", { userId: 'user' }, { after: cursor }, 'transfers_by_user'],
    ['a date range', { startMs: 1, endMs: 2 }, {}, 'transfers_by_org'],
  ] as const)(
    'reads %s from an index in the list order, never sorting or scanning',
    (_, filter, options, index) => {
      const plan = planOf(filter, options);

      expect(plan.list).toEqual([expect.stringContaining(`SEARCH t USING INDEX ${index} (org_id=?`)]);
      expect(plan.all.filter((step) => /\bSCAN\b|FOR ORDER BY/.test(step))).toEqual([]);
    },
  );
});
