import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../test/databases';
import { preparedQuery } from './prepared';

describe.each(BACKENDS)('a prepared query on $name', (backend) => {
  it('runs with each call’s values in their places, beside the constants it was built with', async () => {
    const database = await backend.open();
    try {
      const add = preparedQuery(
        (db, v: { scope: 'member' | 'file'; owner: string; hour: string; cents: number }) =>
          db
            .insertInto('spend_hours')
            .values({ scope: v.scope, owner: v.owner, hour: v.hour, cents: v.cents }),
      );
      // A constant ('member') and a limit stay as built; the owner and the hour come from each call.
      const find = preparedQuery((db, v: { hour: string; owner: string }) =>
        db
          .selectFrom('spend_hours')
          .select(['owner', 'cents'])
          .where('scope', '=', 'member')
          .where('hour', '>=', v.hour)
          .where('owner', '=', v.owner)
          .limit(1),
      );
      await add(database.db, { scope: 'member', owner: 'a', hour: '2026-11-27T10', cents: 5 });
      await add(database.db, { scope: 'member', owner: 'b', hour: '2026-11-27T12', cents: 7 });
      await add(database.db, { scope: 'file', owner: 'b', hour: '2026-11-27T13', cents: 9 });
      expect(await find(database.db, { owner: 'a', hour: '2026-11-27T00' })).toEqual([
        { owner: 'a', cents: 5 },
      ]);
      expect(await find(database.db, { owner: 'b', hour: '2026-11-27T11' })).toEqual([
        { owner: 'b', cents: 7 },
      ]);
      expect(await find(database.db, { owner: 'a', hour: '2026-11-27T11' })).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
