import { sql } from 'kysely';
import type { ConsoleDb } from '../../database';
import { preparedQuery } from '../../prepared';
import type { SpendScope } from '../../schema/team';

/**
 * What each member, and each file's rows, moved alone (cents), as the server forwarded it: a counter per clock hour,
 * so that a total over a day reads at most 25 rows however many payments it holds.
 */

export interface SpendCounter {
  scope: SpendScope;
  owner: string;
}

const sumFrom = preparedQuery((db, v: { scope: SpendScope; owner: string; fromHour: string }) =>
  db
    .selectFrom('spend_hours')
    // An hour below zero (written in the database: the server's own releases never take back more than was added)
    // counts as nothing moved, not as room to move more.
    .select(sql<string | number | null>`sum(case when cents > 0 then cents else 0 end)`.as('total'))
    .where('scope', '=', v.scope)
    .where('owner', '=', v.owner)
    .where('hour', '>=', v.fromHour),
);

/** The sum of a counter's hours from `fromHour` on (inclusive). */
export async function sumSpendHours(db: ConsoleDb, counter: SpendCounter, fromHour: string): Promise<number> {
  const [row] = await sumFrom(db, { ...counter, fromHour });
  return Number(row?.total ?? 0);
}

const addTo = preparedQuery((db, v: { scope: SpendScope; owner: string; hour: string; cents: number }) =>
  db
    .insertInto('spend_hours')
    .values({ scope: v.scope, owner: v.owner, hour: v.hour, cents: v.cents })
    .onConflict((oc) =>
      oc.columns(['scope', 'owner', 'hour']).doUpdateSet({
        cents: sql<number>`(case when spend_hours.cents > 0 then spend_hours.cents else 0 end) + excluded.cents`,
      }),
    ),
);

/** Adds `cents` (negative: takes them back) to a counter's hour, made at its first cents. */
export async function addToSpendHour(
  db: ConsoleDb,
  counter: SpendCounter,
  hour: string,
  cents: number,
): Promise<void> {
  await addTo(db, { ...counter, hour, cents });
}
