/** What became of one row of a run. */
export type RowOutcome =
  | { kind: 'waiting' }
  | { kind: 'sending' }
  | { kind: 'created'; transferId: string; transactionId?: string }
  | { kind: 'alreadyPaid'; transferId: string; transactionId?: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string }
  | { kind: 'notSent' };

/** What one send of a row gave. */
export type SendResult =
  /** The transfer, and its first transaction where the answer carried one (a payment's is written with it). */
  | { kind: 'created' | 'alreadyPaid'; transferId: string; transactionId?: string }
  | { kind: 'refused'; message: string }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  /** The credentials were refused (401): nothing was created, and nothing will be until the operator signs in. */
  | { kind: 'signedOut' }
  | { kind: 'unknown'; message: string };

/** A row's transfer found by its key, and its first transaction when the record has one. */
export interface FoundByKey {
  transferId: string;
  transactionId?: string | undefined;
}

/** The outcome of a row found by its key. */
function foundOutcome(found: string | FoundByKey): {
  kind: 'created';
  transferId: string;
  transactionId?: string;
} {
  if (typeof found === 'string') return { kind: 'created', transferId: found };
  return {
    kind: 'created',
    transferId: found.transferId,
    ...(found.transactionId ? { transactionId: found.transactionId } : {}),
  };
}

export interface RunDeps<T> {
  send: (item: T) => Promise<SendResult>;
  /**
   * The transfer a row's request id names, if the service has one: how an unknown outcome is resolved; with its first
   * transaction where the service's record carries one (a payment's), so a row found so reads as one answered.
   */
  lookup: (item: T) => Promise<string | FoundByKey | null>;
  /** Resend a row whose outcome stays unknown after the look-up: only where the service honours the key. */
  resendAllowed: boolean;
  concurrency?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export type RunState = 'ready' | 'running' | 'paused' | 'cancelling' | 'done';

export interface RunCounts {
  total: number;
  sent: number;
  created: number;
  alreadyPaid: number;
  refused: number;
  unknown: number;
  notSent: number;
}

const MAX_BACKOFF_S = 30;

/**
 * The file engine's runner, for any file whose rows are sent one request each: sends the rows, at most `concurrency` at a time (8: the service's own advice for parallel writes is a
 * handful), with Pause, Resume and Cancel (rows not yet sent stay unsent). A 429 holds every worker back for its
 * Retry-After (else 1, 2, 4... seconds) and the row is sent again, with the same key. A row with no answer is
 * unknown until looked up by its request id: found, it is created; not found, it is sent again with the same key
 * where the service honours keys, and stays unknown elsewhere, for the operator to check again. Credentials refused
 * mid-run pause it, the row back in line, until the operator has signed in again and resumes.
 */
export class RowsRun<T> {
  readonly outcomes: RowOutcome[];
  state: RunState = 'ready';
  private queue: number[];
  private readonly listeners = new Set<() => void>();
  private holdUntil = 0;
  private backoffS = 1;
  private startedAt = 0;
  private finishedSends = 0;
  private resumeWaiters: (() => void)[] = [];
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(
    private readonly items: readonly T[],
    private readonly deps: RunDeps<T>,
  ) {
    this.outcomes = items.map(() => ({ kind: 'waiting' }));
    this.queue = items.map((_, index) => index);
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = deps.now ?? Date.now;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  counts(): RunCounts {
    const counts: RunCounts = {
      total: this.items.length,
      sent: 0,
      created: 0,
      alreadyPaid: 0,
      refused: 0,
      unknown: 0,
      notSent: 0,
    };
    for (const outcome of this.outcomes) {
      if (outcome.kind === 'waiting' || outcome.kind === 'sending') continue;
      if (outcome.kind === 'notSent') counts.notSent++;
      else {
        counts.sent++;
        counts[outcome.kind]++;
      }
    }
    return counts;
  }

  /** Milliseconds until the rows left are sent, at the pace so far; null before there is a pace. */
  timeLeftMs(): number | null {
    if (this.finishedSends === 0 || this.state !== 'running') return null;
    const perRow = (this.now() - this.startedAt) / this.finishedSends;
    const left = this.outcomes.filter((o) => o.kind === 'waiting' || o.kind === 'sending').length;
    return Math.round(perRow * left);
  }

  pause(): void {
    if (this.state === 'running') {
      this.state = 'paused';
      this.changed();
    }
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.state = 'running';
    for (const wake of this.resumeWaiters.splice(0)) wake();
    this.changed();
  }

  cancel(): void {
    if (this.state !== 'running' && this.state !== 'paused') return;
    this.state = 'cancelling';
    for (const index of this.queue.splice(0)) this.outcomes[index] = { kind: 'notSent' };
    for (const wake of this.resumeWaiters.splice(0)) wake();
    this.changed();
  }

  /** Sends every row; resolves once each has an outcome (or the run was cancelled and the rows out came back). */
  async start(): Promise<void> {
    if (this.state !== 'ready') return;
    this.state = 'running';
    this.startedAt = this.now();
    this.changed();
    const workers = Array.from({ length: Math.min(this.deps.concurrency ?? 8, this.items.length) }, () =>
      this.work(),
    );
    await Promise.all(workers);
    // Sent rows with no answer are looked up, even after a cancel: they were sent.
    await this.resolveUnknown();
    this.state = 'done';
    this.changed();
  }

  /** Looks up each unknown row again (the operator's Check again, after a run). */
  async resolveUnknown(): Promise<void> {
    for (const [index, outcome] of this.outcomes.entries()) {
      if (outcome.kind !== 'unknown') continue;
      const item = this.items[index] as T;
      try {
        const found = await this.deps.lookup(item);
        if (found) this.outcomes[index] = foundOutcome(found);
        else if (this.deps.resendAllowed) await this.sendRow(index, true);
        else
          this.outcomes[index] = {
            kind: 'unknown',
            message:
              'No payment with its request id has arrived yet: check again before paying it another way',
          };
      } catch (error) {
        this.outcomes[index] = {
          kind: 'unknown',
          message: `The look-up failed: ${(error as Error).message}`,
        };
      }
      this.changed();
    }
  }

  private async work(): Promise<void> {
    for (;;) {
      while (this.state === 'paused') await new Promise<void>((wake) => this.resumeWaiters.push(wake));
      if (this.state !== 'running') return;
      const index = this.queue.shift();
      if (index === undefined) return;
      await this.sendRow(index, false);
    }
  }

  private async sendRow(index: number, afterLookup: boolean): Promise<void> {
    for (;;) {
      const wait = this.holdUntil - this.now();
      if (wait > 0) await this.sleep(wait);
      this.outcomes[index] = { kind: 'sending' };
      this.changed();
      let result: SendResult;
      try {
        result = await this.deps.send(this.items[index] as T);
      } catch (error) {
        result = { kind: 'unknown', message: (error as Error).message };
      }
      if (result.kind === 'rateLimited') {
        // Everyone waits: the service said how long, or the wait doubles each time it says nothing.
        const seconds = result.retryAfterSeconds ?? this.backoffS;
        if (result.retryAfterSeconds === null) this.backoffS = Math.min(MAX_BACKOFF_S, this.backoffS * 2);
        this.holdUntil = Math.max(this.holdUntil, this.now() + seconds * 1000);
        this.outcomes[index] = { kind: 'waiting' };
        this.changed();
        if (this.state === 'cancelling' && !afterLookup) {
          this.outcomes[index] = { kind: 'notSent' };
          return;
        }
        continue;
      }
      if (result.kind === 'signedOut') {
        // The session dialog asks to sign in again; the run waits, this row first in line, for Resume.
        if (afterLookup) {
          this.outcomes[index] = { kind: 'unknown', message: 'Sign in again, then check again' };
        } else {
          this.outcomes[index] = { kind: 'waiting' };
          if (this.state === 'cancelling') this.outcomes[index] = { kind: 'notSent' };
          else this.queue.unshift(index);
          this.pause();
        }
        this.changed();
        return;
      }
      this.backoffS = 1;
      this.finishedSends++;
      this.outcomes[index] = result;
      this.changed();
      return;
    }
  }
}

/**
 * How far a run of rows is, as a whole percent for a bar's width: rows, not money, and never 100 before the last
 * row (rounding would show a full bar with rows still out).
 */
export function percentOfRows(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done * 100) / total));
}
