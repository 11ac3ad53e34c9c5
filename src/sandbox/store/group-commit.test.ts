import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

function store() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY)');
  const insert = (k: string) => db.prepare('INSERT INTO t (k) VALUES (?)').run(k);
  const keys = () => db.prepare('SELECT k FROM t ORDER BY k').pluck().all();
  return { db, insert, keys, writes: new GroupCommit(db) };
}

describe('group commit', () => {
  it('commits the writes of one moment together; one that throws is rolled back alone', async () => {
    const { db, insert, keys, writes } = store();
    const inTransaction: boolean[] = [];
    const a = writes.run(() => {
      inTransaction.push(db.inTransaction);
      insert('a');
      return 'A';
    });
    const bad = writes.run(() => {
      insert('half-done');
      throw new Error('refused');
    });
    const c = writes.run(() => {
      // Sees the write queued before it: the group runs its writes one after another.
      const seen = keys();
      insert('c');
      return seen;
    });
    expect(keys()).toEqual([]); // nothing runs before the group does
    await expect(a).resolves.toBe('A');
    await expect(bad).rejects.toThrow('refused');
    await expect(c).resolves.toEqual(['a']);
    expect(inTransaction).toEqual([true]);
    expect(keys()).toEqual(['a', 'c']);
    expect(db.inTransaction).toBe(false);
  });
});
