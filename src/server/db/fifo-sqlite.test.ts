import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openConsoleDatabase } from './database';
import { FifoLock, FifoSqliteDialect } from './fifo-sqlite';

/**
 * The console's SQLite connection is taken in turns, first come first served, one wake per turn: a queue of waiting
 * queries costs in proportion to its length, not to its square.
 */
describe('queries waiting for the SQLite connection', async () => {
  const database = await openConsoleDatabase({ file: ':memory:' });
  afterAll(() => database.close());
  const many = async (count: number) => {
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        await sql`select ${i} as i`.execute(database.db);
        order.push(i);
      }),
    );
    return { order };
  };

  it('are answered in the order they asked', async () => {
    const { order } = await many(500);
    expect(order).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('wake one waiter at each hand-over, not every waiter: the cost of a queue is its length, not its square', async () => {
    // Counted, not timed: a waiter that wakes is one that went on past its turn's promise.
    const lock = new FifoLock();
    await lock.take();
    let woken = 0;
    const waiters = Array.from({ length: 1000 }, () => lock.take().then(() => woken++));
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect(woken).toBe(0);
    for (let turn = 1; turn <= 1000; turn++) {
      lock.give();
      await settle();
      expect(woken).toBe(turn);
    }
    await Promise.all(waiters);
    // The last holder gives it back: free, and the next to ask has it at once.
    lock.give();
    let taken = false;
    void lock.take().then(() => {
      taken = true;
    });
    await settle();
    expect(taken).toBe(true);
  });

  it("leave Kysely's own lock out: the connection's turns are the driver's alone", () => {
    const dialect = new FifoSqliteDialect({ database: {} as never });
    expect(dialect.createAdapter().supportsMultipleConnections).toBe(true);
  });
});
