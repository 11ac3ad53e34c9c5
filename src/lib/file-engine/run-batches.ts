import { classifyMoneyAnswer, KEY_USED, type MoneyAnswer } from '../money-answer';
import { type FoundByKey, RowsRun, type SendResult } from './run-rows';

/** What a file's run does, in the operator's words: 'pay' / 'paid' / 'paying', 'move' / 'moved' / 'moving'. */
export interface RunVerb {
  base: string;
  past: string;
  doing: string;
}

/** What became of one row of a file sent as batches. */
export type BatchRowOutcome =
  | { kind: 'waiting' }
  | { kind: 'paid'; transferId: string }
  | { kind: 'paidBefore'; transferId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string };

/** A row as the run sends it: its key (derived from the file and the row), its body, and a transfer found already. */
export interface BatchRow<TBody> {
  key: string;
  body: TBody;
  paidBefore?: string | undefined;
}

/** A batch as the run reads it: the service's own shape carries more. */
export interface BatchLike {
  id: string;
  status: string;
  created?: string | null | undefined;
  idempotency_key?: string | null | undefined;
}

/** One item of a batch, answered or not, in the run's terms (each service words it its own way). */
export interface ItemAnswer {
  /** The row's key it carries, where the service says it. */
  key: string | undefined;
  transferId?: string | null | undefined;
  /** Refused because its key was used before: the first transfer with it is looked up. */
  keyUsed: boolean;
  /** Why the service refused it. */
  error?: string | null | undefined;
}

/** What the run needs of an error the service answered: `request()`'s ApiError is one. */
export interface ServiceError {
  status: number;
  code: string;
  message: string;
  retryAfterSeconds: number | null;
}

/** Where the route of a file's money goes besides its body: the app whose wallet pays, the file's SHA-256. */
export interface BatchRoute {
  appId?: string | undefined;
  file?: string | undefined;
}

/**
 * What differs between services that take batches (the vendor's payout batches, its transfer batches): their calls,
 * where an item's answer is read, what "finished" means, and the words the operator reads.
 */
export interface BatchService<TBody, TBatch extends BatchLike> {
  /** The most items the service takes in one batch. */
  maxItems: number;
  create: (body: { items: TBody[]; idempotency_key: string }, route: BatchRoute) => Promise<TBatch>;
  get: (id: string) => Promise<TBatch>;
  /** The organization's batches, newest first, a page at a time. */
  list: (query: { limit: number; starting_after?: string | undefined }) => Promise<{
    data: TBatch[];
    has_more?: boolean | null | undefined;
  }>;
  /** Each item's answer so far: the batch's own items, or a results endpoint's. */
  answersOf: (batch: TBatch) => Promise<ItemAnswer[]>;
  /** How many items of the batch the service has not answered yet (`held`: the rows of this file it holds). */
  unanswered: (batch: TBatch, held: number) => number;
  /** Whether the service is done with a batch, so that an earlier run's batch need not be followed. */
  finished: (batch: TBatch) => boolean;
  /** Where an answer's items carry no keys, whether they are named by their place, as they were sent. */
  itemsInOrder: boolean;
  /** The transfer a row's key made, if the service has one (the look-up before anything is sent again). */
  findByKey: (body: TBody) => Promise<FoundByKey | null>;
  /** One row alone, where the service has no batches (sendMoneyRow: the one door money leaves by). */
  sendRow: (body: TBody, route: BatchRoute) => Promise<SendResult>;
  /** The one rule (lib/money-answer.ts) for this kind of money in this mode: a row may go again after a look-up. */
  resendAllowed: boolean;
  /** The answer an error carries, when the service gave one; null for no answer at all. */
  serviceErrorOf: (error: unknown) => ServiceError | null;
  /** How far back a batch left running is looked for, unless the run is told `since`. */
  lookBackMs: number;
  /** The operator's words: 'payout' / 'transfer', what the run does ('pay' / 'move'), 'result' / 'answer'. */
  words: { noun: string; verb: RunVerb; answer: string };
}

export interface BatchRunDeps {
  appId?: string | undefined;
  file?: string | undefined;
  batchKeyOf: (itemKeys: readonly string[]) => Promise<string>;
  /** How far back a batch left running is looked for (an ISO date-time). */
  since?: string | undefined;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Statuses that say the service has no batches (or none here): the file goes row by row. */
const UNAVAILABLE = new Set([404, 405, 501]);

/**
 * The file engine's runner for services that take batches: a file's rows as batches of up to `maxItems` (each item
 * its own key, the batch a key derived from its items'), each followed until it is `completed`; where the service has
 * no batches, row by row (RowsRun). Exactly once rests on the service's rule that an item's key is refused once used:
 * a batch sent again (after a reload, a lost answer) is found by its key; an item whose key was used before is looked
 * up and shown as paid before; and a batch an earlier run left running (the page reloaded while it paid) is followed
 * to its end before any of its rows is sent again, so that its rows take its answers rather than racing it in a batch
 * of their own.
 */
export class BatchesRun<TBody, TBatch extends BatchLike, TRow extends BatchRow<TBody> = BatchRow<TBody>> {
  readonly outcomes: BatchRowOutcome[];
  state: 'sending' | 'paying' | 'done' = 'sending';
  /** What the service says of its batches so far (the sandbox's `progress`; upstream may say only a status). */
  progress = { done: 0, total: 0, status: '' };
  batchIds: string[] = [];
  /** Row by row (the service has no batches): the run that sends them. */
  rowRun: RowsRun<TRow> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly rows: readonly TRow[],
    private readonly service: BatchService<TBody, TBatch>,
    private readonly deps: BatchRunDeps,
  ) {
    this.outcomes = rows.map((row) =>
      row.paidBefore ? { kind: 'paidBefore', transferId: row.paidBefore } : { kind: 'waiting' },
    );
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  counts() {
    const counts = { total: this.rows.length, paid: 0, paidBefore: 0, refused: 0, unknown: 0, waiting: 0 };
    for (const outcome of this.outcomes) counts[outcome.kind]++;
    return counts;
  }

  private get route(): BatchRoute {
    return { file: this.deps.file, appId: this.deps.appId };
  }

  private row(index: number): TRow {
    return this.rows[index] as TRow;
  }

  /** The service's verdict on an error: the classifier's (lib/money-answer.ts), or unknown for no answer at all. */
  private answerOf(error: unknown): MoneyAnswer {
    const answered = this.service.serviceErrorOf(error);
    return answered ? classifyMoneyAnswer(answered.status, answered.code) : 'unknown';
  }

  async start(): Promise<void> {
    const rowsToPay = this.rows.flatMap((row, index) => (row.paidBefore ? [] : [index]));
    this.progress = { done: 0, total: rowsToPay.length, status: '' };
    this.changed();
    try {
      // Rows paid before say an earlier run of this file (a reload mid-run): its batch may still be paying the rest.
      // Where none was, an earlier batch holds all of them or none, and sending the same rows again finds it by its
      // key (sendBatch).
      const toPay = rowsToPay.length < this.rows.length ? await this.followRunning(rowsToPay) : rowsToPay;
      for (let at = 0; at < toPay.length; at += this.service.maxItems) {
        const chunk = toPay.slice(at, at + this.service.maxItems);
        const batch = await this.sendBatch(chunk);
        if (batch === 'unavailable') {
          await this.payRowByRow(toPay.slice(at));
          break;
        }
        this.batchIds.push(batch.id);
        this.state = 'paying';
        this.changed();
        await this.follow(batch, chunk);
      }
    } catch (error) {
      const answered = this.service.serviceErrorOf(error);
      const message = answered ? answered.message : `The run stopped: ${(error as Error).message}`;
      const refused = answered !== null && this.answerOf(error) === 'refused';
      for (const [index, outcome] of this.outcomes.entries()) {
        if (outcome.kind === 'waiting') {
          this.outcomes[index] = refused
            ? { kind: 'refused', message }
            : {
                kind: 'unknown',
                message: `${message}: choose the file again to find what was ${this.service.words.verb.past}`,
              };
        }
      }
    }
    this.state = 'done';
    this.changed();
  }

  /**
   * A batch of the organization's still running (an earlier run's, the page reloaded while it paid) that holds rows
   * of this file is followed until the service has answered each of its items, and those rows take its answers, as
   * paid before; the rows no running batch holds are returned, to be sent. Where the service's answers do not list a
   * running batch's items, nothing is held back: a resent row's key is refused, and looked up.
   */
  private async followRunning(indexes: readonly number[]): Promise<number[]> {
    const left = new Map(indexes.map((index) => [this.row(index).key, index]));
    const since = this.deps.since ?? new Date(Date.now() - this.service.lookBackMs).toISOString();
    for (const batch of await this.runningBatchesSince(since)) {
      const answers = await this.service.answersOf(batch).catch(() => null);
      if (!answers) continue;
      const held = answers.flatMap((item) => {
        const index = left.get(item.key ?? '');
        return index === undefined ? [] : [index];
      });
      if (held.length === 0) continue;
      for (const index of held) left.delete(this.row(index).key);
      this.batchIds.push(batch.id);
      this.state = 'paying';
      this.changed();
      await this.follow(batch, held, 'paidBefore');
    }
    return indexes.filter((index) => left.has(this.row(index).key));
  }

  /** Sends one batch, or finds it by its key when it was sent before; 'unavailable' where the service has none. */
  private async sendBatch(indexes: readonly number[]): Promise<TBatch | 'unavailable'> {
    const items = indexes.map((index) => this.row(index).body);
    const key = await this.deps.batchKeyOf(indexes.map((index) => this.row(index).key));
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.service.create({ items, idempotency_key: key }, this.route);
      } catch (error) {
        const answered = this.service.serviceErrorOf(error);
        if (answered && UNAVAILABLE.has(answered.status)) return 'unavailable';
        const answer = this.answerOf(error);
        if (answer === 'rate-limited') {
          await this.sleep((answered?.retryAfterSeconds ?? 1) * 1000);
          continue;
        }
        const sentBefore = answered?.code === KEY_USED;
        if (answer === 'refused' && !sentBefore) throw error;
        // Sent before, or no answer: it may exist. Found by its key, it is followed; else sent again (its key refused
        // if it did arrive meanwhile, and then found).
        const found = await this.findBatchByKey(key);
        if (found) return found;
        if (sentBefore || attempt >= 3) throw error;
      }
    }
  }

  /**
   * Polls a batch until it is `completed`, then reads each item's answer onto the rows it holds (`indexes`): a
   * transfer it made is `paid`, or `paidBefore` for a batch an earlier run sent.
   */
  private async follow(batch: TBatch, indexes: readonly number[], made: 'paid' | 'paidBefore' = 'paid') {
    let current = batch;
    const base = this.progress.done;
    while (current.status !== 'completed') {
      // The rows of this file are the batch's last unanswered items when it holds others (an earlier run's, paid).
      const unanswered = this.service.unanswered(current, indexes.length);
      this.progress = {
        ...this.progress,
        done: base + Math.max(0, indexes.length - unanswered),
        status: current.status,
      };
      this.changed();
      await this.sleep(this.deps.pollMs ?? 500);
      current = await this.service.get(current.id);
    }
    await this.apply(await this.service.answersOf(current), indexes, made);
    this.progress = { ...this.progress, done: base + indexes.length, status: current.status };
    this.changed();
  }

  /** Each item's answer onto its row: a transfer, a key used before (looked up), or the service's refusal. */
  private async apply(
    answers: readonly ItemAnswer[],
    indexes: readonly number[],
    made: 'paid' | 'paidBefore',
  ) {
    const byKey = new Map(answers.flatMap((item) => (item.key ? [[item.key, item] as const] : [])));
    const { noun, answer } = this.service.words;
    const reused: number[] = [];
    indexes.forEach((index, position) => {
      const item =
        byKey.get(this.row(index).key) ??
        (this.service.itemsInOrder && byKey.size === 0 ? answers[position] : undefined);
      if (!item)
        this.outcomes[index] = { kind: 'unknown', message: `The batch has no ${answer} for this row` };
      else if (item.transferId) this.outcomes[index] = { kind: made, transferId: item.transferId };
      else if (item.keyUsed) reused.push(index);
      else this.outcomes[index] = { kind: 'refused', message: item.error || 'Refused by the service' };
    });
    for (const index of reused) {
      const found = await this.service.findByKey(this.row(index).body);
      this.outcomes[index] = found
        ? { kind: 'paidBefore', transferId: found.transferId }
        : { kind: 'unknown', message: `Its key was used before, and no ${noun} with it was found` };
    }
  }

  /** Where the service has no batches: each row alone, with the same keys and the same look-ups. */
  private async payRowByRow(indexes: readonly number[]): Promise<void> {
    const run = new RowsRun(
      indexes.map((index) => this.row(index)),
      {
        send: (row) => this.service.sendRow(row.body, this.route),
        lookup: (row) => this.service.findByKey(row.body),
        resendAllowed: this.service.resendAllowed,
      },
    );
    this.rowRun = run;
    this.state = 'paying';
    const unsubscribe = run.subscribe(() => {
      run.outcomes.forEach((outcome, i) => {
        const index = indexes[i] as number;
        if (outcome.kind === 'created')
          this.outcomes[index] = { kind: 'paid', transferId: outcome.transferId };
        else if (outcome.kind === 'alreadyPaid')
          this.outcomes[index] = { kind: 'paidBefore', transferId: outcome.transferId };
        else if (outcome.kind === 'refused' || outcome.kind === 'unknown')
          this.outcomes[index] = { kind: outcome.kind, message: outcome.message };
      });
      this.progress = { ...this.progress, done: run.counts().sent, status: 'row by row' };
      this.changed();
    });
    try {
      await run.start();
    } finally {
      unsubscribe();
    }
  }

  /** A batch of the organization's with this key, among its recent batches; null when none. */
  private async findBatchByKey(key: string): Promise<TBatch | null> {
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const found = await this.service.list({ limit: 100, starting_after: after });
      const match = found.data.find((batch) => batch.idempotency_key === key);
      if (match) return match;
      const last = found.data.at(-1)?.id;
      if (!found.has_more || !last || last === after) return null;
      after = last;
    }
    return null;
  }

  /**
   * The organization's batches created since `since` that the service has not finished, newest first, page after
   * page (the list is newest first, so the read stops at the first batch older than `since`).
   */
  private async runningBatchesSince(since: string): Promise<TBatch[]> {
    const running: TBatch[] = [];
    const sinceMs = Date.parse(since);
    let after: string | undefined;
    for (;;) {
      const page = await this.service.list({ limit: 100, starting_after: after }).catch((error: unknown) => {
        // A service without batches has none running: the run finds out, and pays row by row.
        const answered = this.service.serviceErrorOf(error);
        if (answered && UNAVAILABLE.has(answered.status)) return null;
        throw error;
      });
      if (!page) return running;
      for (const batch of page.data) {
        if (batch.created && Date.parse(batch.created) < sinceMs) return running;
        if (!this.service.finished(batch)) running.push(batch);
      }
      const last = page.data.at(-1)?.id;
      if (!page.has_more || !last || last === after) return running;
      after = last;
    }
  }
}
