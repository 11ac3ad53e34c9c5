import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openConsoleDatabase } from './database';

/**
 * The console's SQLite connection is taken in turns, first come first served, one wake per turn: a queue of waiting
 * queries costs in proportion to its length, not to its square.
 */
describe('queries waiting for the SQLite connection', async () => {
  const database = await openConsoleDatabase({ file: ':memory:' });
  afterAll(() => database.close());
  // This process's own CPU time, not the wall clock's: other work on the machine does not move it.
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const many = async (count: number) => {
    const started = cpuMs();
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        await sql`select ${i} as i`.execute(database.db);
        order.push(i);
      }),
    );
    return { ms: cpuMs() - started, order };
  };

  it('are answered in the order they asked', async () => {
    const { order } = await many(500);
    expect(order).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('cost in proportion to how many wait: eight times the queue, not sixty-four times the time', async () => {
    await many(1000);
    const small = Math.min(...[await many(1000), await many(1000)].map((r) => r.ms));
    const large = Math.min(...[await many(8000), await many(8000)].map((r) => r.ms));
    expect(large / small).toBeLessThan(20);
  });
});
