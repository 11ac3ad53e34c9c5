import type { Db } from './db';

/**
 * Transfers' stored JSON (the `body` column, see transfer-json.ts), kept in memory after a read: a read of one
 * transfer then answers without SQLite. Why: SQLite took about a sixth of such a read's CPU, most of it the WAL's
 * read lock that each statement takes and gives back (two system calls) and the copy of the text into a new string;
 * the same transfer is asked for again and again (an operator refreshing its status while it settles, support
 * looking it up again: README.md, "A read of one transfer from memory").
 *
 * Never stale, by construction:
 * - only a body that is stored (not null) is kept, and only from a read outside a transaction, which sees nothing
 *   uncommitted;
 * - whatever changes a transfer, its transactions or its status history empties a stored body (migrations.ts's
 *   triggers) or writes a new one, and either is an UPDATE of the transfer row while its body is stored: a trigger
 *   of this connection (TEMP: not in the file, so another program's connection needs no function of ours) then
 *   drops it here, in the statement that made the change. A rolled-back change drops it all the same, which only
 *   costs a read;
 * - a commit by another connection to the same file (a person with the sqlite3 shell, say) is noticed by
 *   `PRAGMA data_version` at most EXTERNAL_CHECK_MS later, and drops everything.
 */
export const BODY_CACHE_CHARS = 4 * 1024 * 1024;
export const EXTERNAL_CHECK_MS = 1000;

export interface CachedBody {
  orgId: string;
  json: string;
}

/** Least recently read first out, once the texts kept exceed `limitChars` in all. */
export class BodyCache {
  private readonly entries = new Map<string, CachedBody>();
  private chars = 0;

  constructor(private readonly limitChars: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: string): CachedBody | undefined {
    const entry = this.entries.get(id);
    if (entry !== undefined) {
      // Map keeps insertion order: moved to the end, it is the most recently read.
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry;
  }

  set(id: string, entry: CachedBody): void {
    this.drop(id);
    if (entry.json.length > this.limitChars) return;
    this.entries.set(id, entry);
    this.chars += entry.json.length;
    for (const [oldest, kept] of this.entries) {
      if (this.chars <= this.limitChars) break;
      this.entries.delete(oldest);
      this.chars -= kept.json.length;
    }
  }

  drop(id: string): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    this.chars -= entry.json.length;
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }
}

const cacheByDb = new WeakMap<Db, BodyCache>();

/** The connection's cache, if it has one (installTransferBodyCache): a connection without the triggers has none. */
export function bodyCacheOf(db: Db): BodyCache | undefined {
  return cacheByDb.get(db);
}

/**
 * Keeps an answer just read from the `body` column, if the connection has a cache and the read was outside a
 * transaction (the rules above): the one way into the cache.
 */
export function keepStoredAnswer(db: Db, id: string, entry: CachedBody): void {
  if (!db.inTransaction) cacheByDb.get(db)?.set(id, entry);
}

export interface InstalledBodyCache {
  cache: BodyCache;
  /** Drops everything if another connection has committed since the last look; the timer calls it. */
  dropIfChangedElsewhere(): void;
}

/** Gives the connection its cache and the triggers that keep it true (openDatabase calls it). */
export function installTransferBodyCache(db: Db, limitChars = BODY_CACHE_CHARS): InstalledBodyCache {
  const cache = new BodyCache(limitChars);
  db.function('transfer_body_cache_drop', (id: unknown) => {
    if (typeof id === 'string') cache.drop(id);
    return null;
  });
  // A body that is null is not in the cache (above), so a change to a row without one calls nothing: a payment,
  // which stores the body of a row it has just inserted, pays for no call.
  db.exec(`
    CREATE TEMP TRIGGER transfer_body_cache_on_update AFTER UPDATE ON main.transfers
      WHEN OLD.body IS NOT NULL BEGIN SELECT transfer_body_cache_drop(OLD.id); END;
    CREATE TEMP TRIGGER transfer_body_cache_on_delete AFTER DELETE ON main.transfers
      WHEN OLD.body IS NOT NULL BEGIN SELECT transfer_body_cache_drop(OLD.id); END;
  `);
  cacheByDb.set(db, cache);

  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  const dropIfChangedElsewhere = () => {
    if (!db.open || db.inTransaction) return;
    const now = dataVersion.get();
    if (now !== seen) {
      seen = now;
      cache.clear();
    }
  };
  // No other connection can reach an in-memory store.
  if (!db.memory) {
    const timer = setInterval(() => {
      if (db.open) dropIfChangedElsewhere();
      else clearInterval(timer);
    }, EXTERNAL_CHECK_MS);
    timer.unref();
  }
  return { cache, dropIfChangedElsewhere };
}
