import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import { FifoSqliteDialect } from './fifo-sqlite';
import { migrations } from './migrations';
import type { ConsoleTables } from './schema/team';
import { inheritSealer } from './seals';

export type ConsoleDb = Kysely<ConsoleTables>;
export type Dialect = 'sqlite' | 'postgres';

export interface ConsoleDatabase {
  db: ConsoleDb;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseLocation {
  /** postgres://… : PostgreSQL; else `file` is SQLite. */
  url?: string | undefined;
  file?: string | undefined;
}

function sqlite(file: string): ConsoleDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // Two console servers on one file wait for each other's write instead of failing.
  database.pragma('busy_timeout = 5000');
  // Kysely's driver prepares each query anew; the console runs a handful of shapes (a session look-up on every
  // request), so each prepared statement is kept by its SQL text: preparing was a third of a member's read.
  const statements = new Map<string, Database.Statement>();
  const cached = {
    close: () => database.close(),
    prepare(given: string) {
      // A transaction takes the write lock when it begins: two servers on one file then wait for each other
      // (busy_timeout) instead of one failing when its read would turn into a write.
      const sql = given === 'begin' ? 'begin immediate' : given;
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
  const db = new Kysely<ConsoleTables>({
    dialect: new FifoSqliteDialect({ database: cached as unknown as Database.Database }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

function postgres(url: string): ConsoleDatabase {
  // A bigint (cents, counts) is read as a JS number, exact up to 2^53 cents: far above any amount the service takes.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<ConsoleTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/**
 * Runs `work` in one transaction: what it writes commits together, or not at all. Services compose repositories this
 * way without writing SQL (a repository function takes the transaction as its database).
 */
export function transaction<T>(db: ConsoleDb, work: (trx: ConsoleDb) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => {
    inheritSealer(db, trx);
    return work(trx);
  });
}

/**
 * Inside a transaction, holds a row until the transaction ends, so that rules that read and then write (a policy's
 * next version, a member's daily total) run one at a time across servers. On PostgreSQL a row lock; on SQLite every
 * transaction already holds the database's write lock from its start.
 */
export async function lockRow(trx: ConsoleDb, table: 'organizations' | 'members', id: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}

/** Opens the console's database and brings its schema up to date (each migration once, recorded in the database). */
export async function openConsoleDatabase(where: DatabaseLocation): Promise<ConsoleDatabase> {
  const opened = where.url ? postgres(where.url) : sqlite(where.file ?? '.data/console.db');
  const migrator = new Migrator({
    db: opened.db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await opened.close();
    throw error;
  }
  return opened;
}
