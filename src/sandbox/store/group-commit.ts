import type { Db } from './db';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Thrown inside a group's transaction to roll it back: a write threw after it had changed the store. */
class PartlyWritten extends Error {}

/**
 * Group commit: writes that arrive in the same turn of the event loop share one SQLite transaction, so one commit (one
 * WAL write) serves them all, as in a database server. A write that throws is undone alone and rejects alone; the
 * others commit. A promise settles only after the commit that holds its write, so no answer runs ahead of the store.
 *
 * Undoing one write alone takes a savepoint around it, and a savepoint is dear: SQLite copies every page the write
 * then touches into a sub-journal first, to be able to return to it (about a third of a payment's store time). So a
 * group first runs without savepoints. A write that throws before it changed anything (a 404, a 409: the usual
 * refusals) needs no undoing. Only when one throws after changing rows is the group rolled back and run again, each
 * write in its own savepoint. Works must therefore be safe to run twice: their effects are in the store alone.
 *
 * Why: the profile of POST /v2/payments under 50 connections had the commit as its largest single cost, and then
 * the savepoints.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private readonly runOptimistic: (jobs: Job[]) => Outcome[];
  private readonly runInSavepoints: (jobs: Job[]) => Outcome[];

  constructor(db: Db) {
    // Counts the rows changed by the connection, triggers included; a statement that failed has undone its own.
    const changesSoFar = db.prepare('SELECT total_changes()').pluck();
    this.runOptimistic = db.transaction((jobs: Job[]) =>
      jobs.map((job): Outcome => {
        const before = changesSoFar.get();
        try {
          return { ok: true, value: job.work() };
        } catch (error) {
          if (changesSoFar.get() !== before) throw new PartlyWritten();
          return { ok: false, error };
        }
      }),
    );
    const inSavepoint = db.transaction((work: () => unknown) => work());
    this.runInSavepoints = db.transaction((jobs: Job[]) =>
      jobs.map((job): Outcome => {
        try {
          return { ok: true, value: inSavepoint(job.work) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  /** Runs `work` (synchronous store calls) in the next group's transaction; settles once that has committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private flush(): void {
    const jobs = this.queue;
    this.queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = this.commit(jobs);
    } catch (error) {
      // The commit itself failed (disk full, say): nothing of the group is stored.
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  private commit(jobs: Job[]): Outcome[] {
    try {
      return this.runOptimistic(jobs);
    } catch (error) {
      if (!(error instanceof PartlyWritten)) throw error;
      return this.runInSavepoints(jobs);
    }
  }
}
