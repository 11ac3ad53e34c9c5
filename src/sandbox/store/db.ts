import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

/**
 * Opens the sandbox store. WAL with synchronous=NORMAL survives a crash of the process (a committed transaction is
 * in the WAL before the call returns); only a power loss can lose the last transactions (docs/security.md, "Durability").
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A write's savepoint in a group commit (group-commit.ts) keeps its undo pages here: in memory, not a temp file.
  db.pragma('temp_store = MEMORY');
  migrate(db);
  return db;
}

/**
 * Applies the migrations the file has not seen yet, each in its own transaction; user_version counts them.
 * Foreign keys are checked once at the end of each, as in SQLite's procedure for rebuilding a table (a rebuild drops
 * a table that others reference): a migration that leaves a dangling reference is rolled back.
 */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current >= migrations.length) return;
  const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
  // A no-op inside a transaction: set around them.
  db.pragma('foreign_keys = OFF');
  try {
    for (let version = current; version < migrations.length; version++) {
      db.transaction(() => {
        const migration = migrations[version];
        if (typeof migration === 'function') migration(db);
        else db.exec(migration as string);
        const dangling = db.pragma('foreign_key_check') as unknown[];
        if (dangling.length > 0) {
          throw new Error(`Migration ${version + 1} leaves ${dangling.length} dangling reference(s)`);
        }
        db.pragma(`user_version = ${version + 1}`);
      })();
    }
  } finally {
    if (enforced) db.pragma('foreign_keys = ON');
  }
}
