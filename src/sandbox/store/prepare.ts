import type { Statement } from 'better-sqlite3';
import type { Db } from './db';

// Per database: tests open many in-memory databases in one process.
const statementsByDb = new WeakMap<Db, Map<string, Statement>>();

/** Prepares each SQL text once per database: the store's queries are fixed strings, so this is a bounded cache. */
export function sql<Row = unknown>(db: Db, text: string): Statement<unknown[], Row> {
  let statements = statementsByDb.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDb.set(db, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text);
    statements.set(text, statement);
  }
  return statement as Statement<unknown[], Row>;
}

/**
 * A page of a list from its rows fetched one beyond the limit (so that `more` is known). A page before a cursor is
 * read walking away from it, then turned back into the list's order.
 */
export function pageFrom<Row>(rows: Row[], limit: number, before: boolean): { rows: Row[]; more: boolean } {
  const page = rows.slice(0, limit);
  return { rows: before ? page.reverse() : page, more: rows.length > limit };
}
