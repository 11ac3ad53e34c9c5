import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../server/test/temp-dir';
import { createSandbox } from '../app';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, type Checkpointer, checkpointInBackground } from './checkpointer';
import { type Db, openDatabase } from './db';

const opened: Db[] = [];
const started: Checkpointer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((checkpointer) => checkpointer.stop()));
  for (const db of opened.splice(0)) db.close();
});

function store(): { db: Db; file: string } {
  const file = join(tempDir('checkpointer-'), 'store.db');
  const db = openDatabase(file);
  opened.push(db);
  return { db, file };
}

/** About 300 pages of WAL in 30 commits: fewer than SQLite's own threshold, so no commit checkpoints. */
function writeSomePages(db: Db): void {
  db.exec('CREATE TABLE filler (text TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
  for (let commit = 0; commit < 30; commit++) {
    db.transaction(() => {
      for (let row = 0; row < 10; row++) insert.run('x'.repeat(4000));
    })();
  }
}

const fileBytes = (file: string) => statSync(file).size;
/** SQLite's own threshold: the connection that commits past it checkpoints, inside that commit. */
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

describe('checkpointInBackground', () => {
  it('copies committed pages into the database file while the main connection only writes', async () => {
    const { db, file } = store();
    started.push(checkpointInBackground(db, file, 10));
    const before = fileBytes(file);
    writeSomePages(db);
    await expect.poll(() => fileBytes(file), { timeout: 5000 }).toBeGreaterThan(before + 300 * 4096 * 0.9);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);
  });

  it('without it, the same writes stay in the WAL (what the test above would see if the worker did nothing)', async () => {
    const { db, file } = store();
    const before = fileBytes(file);
    writeSomePages(db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fileBytes(file)).toBe(before);
  });

  it('hands the checkpoints back to the main connection once stopped', async () => {
    const { db, file } = store();
    const checkpointer = checkpointInBackground(db, file, 10);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);
    await checkpointer.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES);
  });

  it('hands them back, and says so, when its thread fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { db } = store();
    started.push(checkpointInBackground(db, join(tempDir('checkpointer-'), 'missing.db'), 10));
    await expect
      .poll(() => db.pragma('wal_autocheckpoint', { simple: true }), { timeout: 5000 })
      .toBe(SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/checkpoint thread failed/);
    errors.mockRestore();
  });

  it('runs for a sandbox on a file, and not for one in memory, which has no WAL', async () => {
    const onFile = createSandbox({ config: { dbFile: join(tempDir('checkpointer-'), 'sandbox.db') } });
    const inMemory = createSandbox({ config: { dbFile: ':memory:' } });
    try {
      expect(onFile.services.db.pragma('wal_autocheckpoint', { simple: true })).toBe(
        BACKSTOP_AUTOCHECKPOINT_PAGES,
      );
      expect(inMemory.services.db.pragma('wal_autocheckpoint', { simple: true })).toBe(
        SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES,
      );
    } finally {
      // Its thread may still be opening the file: waited for, before the file's folder is removed.
      await Promise.all([onFile.close(), inMemory.close()]);
    }
  });
});
