import { type Compilable, type CompiledQuery, PostgresAdapter } from 'kysely';
import type { ConsoleDb } from './database';

const MARK = '\u0000prepared:';

/**
 * A query of one shape, built and compiled by Kysely once per dialect and run with new values each time: Kysely builds
 * and compiles every query anew, which cost a member's request several times more than running its queries did (the
 * session look-up: about 90 µs to build, 15 µs to run). `build` names each value by a key of `values`, and uses them
 * only as values (the shape of the query must not depend on them); what it writes as a constant stays one.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(
  build: (db: ConsoleDb, values: V) => Compilable<R>,
): (db: ConsoleDb, values: V) => Promise<R[]> {
  const byDialect = new Map<
    'sqlite' | 'postgres',
    { compiled: CompiledQuery<R>; slots: (keyof V | null)[] }
  >();
  return async (db, values) => {
    const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    let prepared = byDialect.get(dialect);
    if (!prepared) {
      // Built once with a mark in place of each value, to learn which parameter each value is.
      const marks = Object.fromEntries(Object.keys(values).map((key) => [key, `${MARK}${key}`])) as V;
      const compiled = build(db, marks).compile();
      const slots = compiled.parameters.map((parameter) =>
        typeof parameter === 'string' && parameter.startsWith(MARK)
          ? (parameter.slice(MARK.length) as keyof V)
          : null,
      );
      prepared = { compiled, slots };
      byDialect.set(dialect, prepared);
    }
    const { compiled, slots } = prepared;
    const parameters = compiled.parameters.map((constant, index) => {
      const slot = slots[index];
      return slot === null || slot === undefined ? constant : values[slot];
    });
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
