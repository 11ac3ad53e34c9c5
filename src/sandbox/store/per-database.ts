import type { Db } from './db';

/**
 * State kept beside one database and dropped with it (a cache, say): `of(db)` makes it on first use. Tests open
 * many in-memory databases in one process, so a module-level value would mix them.
 */
export function perDatabase<T>(make: () => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let value = byDb.get(db);
    if (value === undefined) {
      value = make();
      byDb.set(db, value);
    }
    return value;
  };
}

/**
 * Look-ups of what does not change once it exists, remembered per database: a row found is kept (at most `limit` of
 * them, then the memory starts over, so that made-up keys cannot fill it); an absence is not, so a row made later is
 * found.
 */
export function rememberedLookups<T>(
  limit: number,
): (db: Db, key: string, load: () => T | undefined) => T | undefined {
  const memoryOf = perDatabase(() => new Map<string, T>());
  return (db, key, load) => {
    const memory = memoryOf(db);
    const known = memory.get(key);
    if (known !== undefined) return known;
    const found = load();
    if (found === undefined) return undefined;
    if (memory.size >= limit) memory.clear();
    memory.set(key, found);
    return found;
  };
}
