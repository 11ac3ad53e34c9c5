import type { ConsoleDb } from '../database';
import type { SpendScope } from '../schema';

/**
 * What each member, and each file's rows, moved alone (cents), as the server forwarded it: a counter per clock hour,
 * so that a total over a day reads at most 25 rows however many payments it holds.
 */

export interface SpendCounter {
  scope: SpendScope;
  owner: string;
}

/** The sum of a counter's hours from `fromHour` on (inclusive). */
export async function sumSpendHours(db: ConsoleDb, counter: SpendCounter, fromHour: string): Promise<number> {
  const row = await db
    .selectFrom('spend_hours')
    .select((eb) => eb.fn.sum<string | number | null>('cents').as('total'))
    .where('scope', '=', counter.scope)
    .where('owner', '=', counter.owner)
    .where('hour', '>=', fromHour)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Adds `cents` (negative: takes them back) to a counter's hour, made at its first cents. */
export async function addToSpendHour(
  db: ConsoleDb,
  counter: SpendCounter,
  hour: string,
  cents: number,
): Promise<void> {
  await db
    .insertInto('spend_hours')
    .values({ scope: counter.scope, owner: counter.owner, hour, cents })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'owner', 'hour'])
        .doUpdateSet((eb) => ({ cents: eb('spend_hours.cents', '+', eb.ref('excluded.cents')) })),
    )
    .execute();
}
