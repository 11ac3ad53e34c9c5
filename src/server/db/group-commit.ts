import { type ConsoleDb, transaction } from './database';

interface Job {
  work: (trx: ConsoleDb) => Promise<unknown>;
  /** Jobs of a group run in the order of their keys (then of arrival): rows are locked in one order by every server. */
  key: string;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Group commit: writes that arrive while the previous group commits share the next transaction, so that one commit
 * (on SQLite a write of the WAL, on PostgreSQL a round trip and a flush) serves them all. A promise settles only once
 * the commit that holds its write is done, so no answer runs ahead of what it wrote. Should any write of a group fail,
 * the group is undone and each write runs again in a transaction of its own: one failure is its own alone.
 *
 * Why: a member's payment wrote its audit line in a transaction of its own, and the commits were the largest part of
 * the gate's work.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private flushing = false;

  constructor(private readonly db: ConsoleDb) {}

  /**
   * Runs `work` in the next group's transaction; settles once that has committed. `key` orders the group's jobs (the
   * row a job locks first), so that two servers' groups never wait for each other's locks in a circle.
   */
  run<T>(work: (trx: ConsoleDb) => Promise<T>, key = ''): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, key, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      // Sorting is stable: jobs of one key (the audit trail's lines) keep the order they came in.
      const jobs = this.queue.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      this.queue = [];
      let values: unknown[] | null = null;
      try {
        values = await transaction(this.db, async (trx) => {
          const done: unknown[] = [];
          for (const job of jobs) done.push(await job.work(trx));
          return done;
        });
      } catch {
        // Undone as a whole: each runs again alone, so that only the one that fails is refused.
      }
      if (values) {
        for (const [index, job] of jobs.entries()) job.resolve(values[index]);
        continue;
      }
      for (const job of jobs) {
        try {
          job.resolve(await transaction(this.db, job.work));
        } catch (error) {
          job.reject(error);
        }
      }
    }
    this.flushing = false;
  }
}

const groups = new WeakMap<ConsoleDb, Map<string, GroupCommit>>();

/**
 * The database's group commit for one kind of write (the audit trail's lines, the members' spending, the service's
 * events): one per kind, so that a group locks rows of one kind only, in key order.
 */
export function groupCommitOf(db: ConsoleDb, kind: 'audit-lines' | 'spend' | 'events'): GroupCommit {
  let byKind = groups.get(db);
  if (!byKind) {
    byKind = new Map();
    groups.set(db, byKind);
  }
  let group = byKind.get(kind);
  if (!group) {
    group = new GroupCommit(db);
    byKind.set(kind, group);
  }
  return group;
}
