// The checkpointer's thread (checkpointer.ts): its own connection to the store's file, which copies the WAL's
// committed pages into the database file every `everyMs`. Plain JavaScript, so that a worker needs no TypeScript
// loader under any runner. An error ends the thread, and the main thread then checkpoints by itself again.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
// The checkpoint syncs the WAL before it copies and the database file after, as the main connection's would.
db.pragma('synchronous = NORMAL');
// PASSIVE: never waits for the writer or readers, and so never holds up the main thread; what a reader still
// needs is left for the next turn.
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => checkpoint.get(), workerData.everyMs);

parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
