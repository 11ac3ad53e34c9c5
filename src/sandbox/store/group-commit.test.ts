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
  it('commits the writes of one moment together, in one transaction, one after another', async () => {
    const { db, insert, keys, writes } = store();
    const inTransaction: boolean[] = [];
    const a = writes.run(() => {
      inTransaction.push(db.inTransaction);
      insert('a');
      return 'A';
    });
    const b = writes.run(() => {
      // Sees the write queued before it.
      const seen = keys();
      insert('b');
      return seen;
    });
    expect(keys()).toEqual([]); // nothing runs before the group does
    await expect(a).resolves.toBe('A');
    await expect(b).resolves.toEqual(['a']);
    expect(inTransaction).toEqual([true]);
    expect(keys()).toEqual(['a', 'b']);
    expect(db.inTransaction).toBe(false);
  });

  it('runs each write once, and undoes alone one that throws, even after it changed rows', async () => {
    const { db, insert, keys, writes } = store();
    const runs = { a: 0, halfDone: 0, c: 0 };
    const a = writes.run(() => {
      runs.a++;
      insert('a');
      return 'A';
    });
    const halfDone = writes.run(() => {
      runs.halfDone++;
      insert('half-done');
      throw new Error('refused');
    });
    const duplicate = writes.run(() => insert('a'));
    const c = writes.run(() => {
      runs.c++;
      const seen = keys();
      insert('c');
      return seen;
    });
    await expect(a).resolves.toBe('A');
    await expect(halfDone).rejects.toThrow('refused');
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await expect(c).resolves.toEqual(['a']);
    expect(runs).toEqual({ a: 1, halfDone: 1, c: 1 });
    expect(keys()).toEqual(['a', 'c']);
    expect(db.inTransaction).toBe(false);
  });
});
