import type { ConsoleDb } from '../db/database';
import { appendChange, changesAfter, keptRange, pruneChanges } from '../db/repositories/live/live-changes';
import type { LiveChangeRow } from '../db/schema/live';
import type { Change, ChangeSink } from './changes';

export interface LiveSettings {
  /** How often a server with open streams reads what other servers stored. */
  tailMs: number;
  /** A comment this often keeps proxies from closing an idle stream; the session is checked again then too. */
  heartbeatMs: number;
  /** How long a change is kept for a dropped stream to resume from. */
  keepMs: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  tailMs: 250,
  heartbeatMs: 15_000,
  keepMs: 60 * 60 * 1000,
};

/** An open stream, as the hub sees it: its organization, and what to do with the changes of it. */
export interface LiveListener {
  orgId: string;
  deliver(rows: readonly LiveChangeRow[]): void;
  /** The server is stopping: the stream ends, and the browser comes back to another server (or this one, restarted). */
  end(): void;
}

/** How many changes one read takes; a read that fills it reads again at once. */
const PAGE = 500;
const PRUNE_EVERY_MS = 60_000;

/** Every hub of this process: a change stored here is read at once by all of them, not at their next tail. */
const awake = new Set<LiveChanges>();

/** Tells this process's open streams that a change was stored (by a write that did not go through a hub). */
export function wakeStreams(): void {
  for (const hub of awake) hub.wake();
}

/**
 * The console server's changes: the sink that stores them, in order, in the console's database, and the reader that
 * hands them to this server's open streams. A change stored by another server sharing the database reaches them by
 * the tail (a short read of the table while any stream is open); one stored here, at once.
 */
export class LiveChanges implements ChangeSink {
  private readonly listeners = new Set<LiveListener>();
  private cursor: number | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private prunedAt = 0;
  private ended = false;

  constructor(
    private readonly db: ConsoleDb,
    readonly settings: LiveSettings,
    private readonly now: () => Date,
  ) {}

  async publish(change: Change): Promise<void> {
    await appendChange(this.db, {
      org_id: change.orgId,
      kind: change.kind,
      object_id: change.id,
      status: change.status,
      member_id: change.memberId ?? null,
      at: this.now().toISOString(),
    });
    wakeStreams();
    await this.pruneNow();
  }

  /**
   * Starts handing changes to a listener; resolves with the last change stored, from which it is live. Returns the way
   * to stop.
   */
  async subscribe(listener: LiveListener): Promise<{ from: number; stop: () => void }> {
    if (this.ended) {
      // A stopping server: the stream ends at once, and nothing is read for it.
      queueMicrotask(() => listener.end());
      return { from: this.cursor ?? 0, stop: () => {} };
    }
    this.listeners.add(listener);
    awake.add(this);
    if (!this.timer) {
      this.timer = setInterval(() => this.wake(), this.settings.tailMs);
      this.timer.unref?.();
    }
    if (this.cursor === null) this.cursor = (await keptRange(this.db)).last;
    return { from: this.cursor, stop: () => this.unsubscribe(listener) };
  }

  /**
   * What an organization's stream missed after `seq`, oldest first, up to the change it is live from; `gone` when
   * changes after it were already forgotten (the page then reads everything again).
   */
  async missed(orgId: string, seq: number, upTo: number): Promise<LiveChangeRow[] | 'gone'> {
    const { first } = await keptRange(this.db);
    if (first > seq + 1) return 'gone';
    const rows: LiveChangeRow[] = [];
    let after = seq;
    while (after < upTo) {
      const page = await changesAfter(this.db, after, PAGE, orgId);
      rows.push(...page.filter((row) => row.seq <= upTo));
      if (page.length < PAGE) break;
      after = page[page.length - 1]?.seq ?? upTo;
    }
    return rows;
  }

  /** Reads what was stored since the last read and hands it to the listeners; a wake during a read reads again. */
  wake(): void {
    if (this.ended) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readAll()
      .catch((error) => console.error('[live] reading changes failed:', (error as Error).message))
      .finally(() => {
        this.reading = null;
      });
  }

  private async readAll(): Promise<void> {
    do {
      this.readAgain = false;
      if (this.cursor === null || this.listeners.size === 0) return;
      const rows = await changesAfter(this.db, this.cursor, PAGE);
      if (rows.length === 0) continue;
      this.cursor = rows[rows.length - 1]?.seq ?? this.cursor;
      for (const listener of this.listeners) {
        const theirs = rows.filter((row) => row.org_id === listener.orgId);
        if (theirs.length > 0) listener.deliver(theirs);
      }
      if (rows.length === PAGE) this.readAgain = true;
    } while (this.readAgain);
    await this.pruneNow();
  }

  /** Ends every open stream of this server (it is stopping: an open stream would hold its connection to the end). */
  endStreams(): void {
    this.ended = true;
    for (const listener of [...this.listeners]) {
      listener.end();
      // Read nothing more for it: a stream whose reader is gone may never come back to say it stopped, and the
      // database is closed next.
      this.unsubscribe(listener);
    }
  }

  private unsubscribe(listener: LiveListener): void {
    this.listeners.delete(listener);
    if (this.listeners.size > 0) return;
    awake.delete(this);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.cursor = null;
  }

  /** Forgets changes older than the settings keep, at most once a minute. */
  private async pruneNow(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await pruneChanges(this.db, new Date(now - this.settings.keepMs).toISOString());
  }
}
