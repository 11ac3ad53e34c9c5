import type { Db } from '../store/db';

/** How many items of a batch one tick moves, in one transaction: a tick stays short, a batch of 5,000 takes 20. */
export const BATCH_CHUNK = 250;

/** What a kind of batch (payout batches, transfer batches) gives the one worker that runs them all the same way. */
export interface BatchSteps<TBatch extends { id: string }, TItem> {
  /** Batches with items left (or not yet marked completed), oldest first. */
  unfinished: (db: Db) => TBatch[];
  /** At most `limit` of a batch's items not yet answered, in their order. */
  itemsLeft: (db: Db, batch: TBatch, limit: number) => TItem[];
  /** One item moved, or its refusal recorded on it (in a savepoint of its own: a refusal undoes only the item). */
  run: (db: Db, batch: TBatch, item: TItem, nowMs: number) => void;
  /** Every item answered: the batch is completed. */
  finish: (db: Db, batch: TBatch) => void;
  /** Its first chunk is about to run (a payout batch goes from `created` to `processing`). */
  begin?: (db: Db, batch: TBatch) => void;
}

/**
 * Runs the batches that have items left, a chunk of each per tick (each chunk one transaction), until none has: kicked
 * when a batch is made, and at start for what a stopped server left. The request that made a batch is answered at
 * once; its items are answered here, in the background.
 */
export class BatchWorker<TBatch extends { id: string }, TItem> {
  private running = false;
  private stopped = false;

  constructor(
    protected readonly db: Db,
    protected readonly now: () => number,
    private readonly steps: BatchSteps<TBatch, TItem>,
  ) {}

  kick(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    setImmediate(() => this.tick());
  }

  stop(): void {
    this.stopped = true;
  }

  private tick(): void {
    if (this.stopped) return;
    const batches = this.steps.unfinished(this.db);
    if (batches.length === 0) {
      this.running = false;
      return;
    }
    for (const batch of batches) {
      this.db.transaction(() => {
        const items = this.steps.itemsLeft(this.db, batch, BATCH_CHUNK);
        if (items.length === 0) {
          this.steps.finish(this.db, batch);
          return;
        }
        this.steps.begin?.(this.db, batch);
        for (const item of items) this.steps.run(this.db, batch, item, this.now());
      })();
    }
    setImmediate(() => this.tick());
  }
}
