import { Worker } from 'node:worker_threads';
import type { Db } from './db';

/**
 * While the worker runs, the main connection checkpoints only past this many pages of WAL (40 MiB): a bound on the
 * file should the worker fall behind. The worker's passive checkpoints cannot restart the WAL while payments keep
 * coming, so it is reached now and then under a steady load, and that one checkpoint has little left to copy.
 */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

export interface Checkpointer {
  /** Ends the worker and its connection; the main connection checkpoints as it did before from then on. */
  stop(): Promise<void>;
}

/**
 * Moves the WAL checkpoints of a file store off the main thread, into a worker with its own connection.
 *
 * Why: by default the connection that commits past 1,000 pages of WAL checkpoints inside that commit: it syncs the
 * WAL, copies every page into the database file and syncs that. Under payments from 50 connections, about one commit
 * in twelve then took over 4 ms (some 12% of the main thread's time), and a commit cost about 26 µs a payment beyond
 * the payments' own writes, against 10-13 µs with this worker (README.md, "Checkpoints off the main thread"). A
 * checkpoint does not take the write lock, so a second thread does the same work at the same time as the writes, on
 * the core the main thread leaves idle. The cost: the worker's own V8 instance, about 15 MiB of resident memory.
 *
 * Durability is SQLite's own under WAL and synchronous=NORMAL, whoever checkpoints: a commit is in the WAL, and a
 * crash in the middle of a checkpoint is recovered from the WAL at the next open.
 */
export function checkpointInBackground(db: Db, file: string, everyMs = 50): Checkpointer {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, everyMs },
  });
  // A sandbox that is done exits without waiting for the next checkpoint: what it committed is in the WAL.
  worker.unref();
  // The connection's own threshold (SQLite's default, 1,000 pages, unless the store set another), given back later.
  const ownThreshold = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
  const checkpointOnMainThread = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${ownThreshold}`);
  };
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      checkpointOnMainThread();
      resolve();
    });
  });
  worker.once('error', (error) => {
    // Degrades to the connection's own checkpoints (on exit, just after): slower commits now and then, never a lost one.
    console.error(
      '[sandbox] the checkpoint thread failed; checkpoints go back to the main thread:',
      error.message,
    );
  });
  return {
    stop() {
      worker.postMessage('stop');
      return exited;
    },
  };
}
