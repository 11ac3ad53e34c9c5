import type { Statement } from 'better-sqlite3';
import type { Db } from './db';
import { perDatabase } from './per-database';

const statementsOf = perDatabase(() => new Map<string, Statement>());

/** Prepares each SQL text once per database: the store's queries are fixed strings, so this is a bounded cache. */
export function sql<Row = unknown>(db: Db, text: string): Statement<unknown[], Row> {
  const statements = statementsOf(db);
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text);
    statements.set(text, statement);
  }
  return statement as Statement<unknown[], Row>;
}
