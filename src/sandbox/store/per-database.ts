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
