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

  it('lets a write that throws before changing anything reject alone, and runs the group once', async () => {
    const { insert, keys, writes } = store();
    let runs = 0;
    const a = writes.run(() => {
      runs++;
      insert('a');
    });
    const refused = writes.run(() => {
      throw new Error('refused');
    });
    // A statement that fails undoes itself: the store is unchanged, so nothing is left to undo.
    const duplicate = writes.run(() => insert('a'));
    const c = writes.run(() => insert('c'));
    await expect(a).resolves.toBeUndefined();
    await expect(refused).rejects.toThrow('refused');
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await expect(c).resolves.toBeDefined();
    expect(runs).toBe(1);
    expect(keys()).toEqual(['a', 'c']);
  });

  it('undoes alone a write that throws after changing rows: the group runs again, each write in a savepoint', async () => {
    const { db, insert, keys, writes } = store();
    let runs = 0;
    const a = writes.run(() => {
      runs++;
      insert('a');
      return 'A';
    });
    const halfDone = writes.run(() => {
      insert('half-done');
      throw new Error('refused');
    });
    const c = writes.run(() => {
      const seen = keys();
      insert('c');
      return seen;
    });
    await expect(a).resolves.toBe('A');
    await expect(halfDone).rejects.toThrow('refused');
    // The answers are those of the run that committed, which never saw the undone write.
    await expect(c).resolves.toEqual(['a']);
    expect(runs).toBe(2);
    expect(keys()).toEqual(['a', 'c']);
    expect(db.inTransaction).toBe(false);
  });
});
