import { ApiError } from '../../api/client';
import { moneyFailureOf, sendMoneyRow } from '../../api/money';
import {
  type BatchResults,
  createPayoutBatch,
  getPayoutBatch,
  getPayoutBatchResults,
  listPayoutBatches,
  type PayoutBatch,
  payoutMoney,
} from '../../api/payouts';
import type { RuntimeConfig } from '../../api/runtime-config';
import { KEY_LOOK_BACK_MS } from '../../api/transfers';
import { RowsRun } from '../../lib/file-engine/run-rows';
import { KEY_USED, mayResend } from '../../lib/money-answer';
import type { PlannedPayout } from './payouts-file-plan';

/** The most items the vendor takes in one payout batch. */
export const BATCH_ITEMS = 5000;

export type PayoutOutcome =
  | { kind: 'waiting' }
  | { kind: 'paid'; transferId: string }
  | { kind: 'paidBefore'; transferId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string };

export interface RunDeps {
  /** Where the payouts are paid from (the app's wallet), and the file's SHA-256 (the server totals a file). */
  appId?: string | undefined;
  file?: string | undefined;
  /** Where the service is: whether a row may be sent again after a look-up (the one rule of lib/money-answer.ts). */
  mode: RuntimeConfig['mode'];
  batchKeyOf: (itemKeys: readonly string[]) => Promise<string>;
  /** How far back a batch left running is looked for (an ISO date-time): a day ago unless told, as the check reads. */
  since?: string | undefined;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const UNAVAILABLE = new Set([404, 405, 501]);
/** A batch's statuses once the service has answered every item (the sandbox's is `completed`). */
const FINISHED = new Set(['completed', 'failed', 'cancelled', 'canceled']);

/**
 * Pays a file's payouts: as payout batches of up to 5,000 items (each item its own key, the batch a key derived from
 * its items'), followed until the service has answered every item; where the service has no batches, row by row.
 * Exactly once rests on the vendor's rule that a payout key is never paid twice: a batch sent again (after a reload, a
 * lost answer) is found by its key; an item whose key was used before is looked up and shown as paid before. And a
 * batch an earlier run left running (the page reloaded while it paid) is followed to its end before any of its rows
 * is sent again, so that its rows take its results rather than racing it in a batch of their own.
 */
export class PayoutsFileRun {
  readonly outcomes: PayoutOutcome[];
  state: 'sending' | 'paying' | 'done' = 'sending';
  /** What the service says of its batches so far (the sandbox's `progress`; upstream may say only a status). */
  progress = { done: 0, total: 0, status: '' };
  batchIds: string[] = [];
  /** Row by row (the service has no batches): the run that sends them. */
  rowRun: RowsRun<PlannedPayout> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly rows: readonly PlannedPayout[],
    private readonly deps: RunDeps,
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

  async start(): Promise<void> {
    const rowsToPay = this.rows.flatMap((row, index) => (row.paidBefore ? [] : [index]));
    this.progress = { done: 0, total: rowsToPay.length, status: '' };
    this.changed();
    try {
      // Rows paid before say an earlier run of this file (a reload mid-run): its batch may still be paying the rest.
      // Where none was, an earlier batch holds all of them or none, and sending the same rows again finds it by its
      // key (sendBatch).
      const toPay = rowsToPay.length < this.rows.length ? await this.followRunning(rowsToPay) : rowsToPay;
      for (let at = 0; at < toPay.length; at += BATCH_ITEMS) {
        const chunk = toPay.slice(at, at + BATCH_ITEMS);
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
      const message =
        error instanceof ApiError ? error.message : `The run stopped: ${(error as Error).message}`;
      for (const [index, outcome] of this.outcomes.entries()) {
        if (outcome.kind === 'waiting') {
          this.outcomes[index] =
            error instanceof ApiError && moneyFailureOf(error).kind === 'refused'
              ? { kind: 'refused', message }
              : { kind: 'unknown', message: `${message}: choose the file again to find what was paid` };
        }
      }
    }
    this.state = 'done';
    this.changed();
  }

  /**
   * A batch of the organization's still running (an earlier run's, the page reloaded while it paid) that holds rows
   * of this file is followed until the service has answered each of its items, and those rows take its results, as
   * paid before; the rows no running batch holds are returned, to be sent. Where the service's results do not list a
   * running batch's items, nothing is held back: a resent row's key is refused, and looked up.
   */
  private async followRunning(indexes: readonly number[]): Promise<number[]> {
    const left = new Map(indexes.map((index) => [(this.rows[index] as PlannedPayout).key, index]));
    const since = this.deps.since ?? new Date(Date.now() - KEY_LOOK_BACK_MS).toISOString();
    for (const batch of await runningBatchesSince(since)) {
      const results = await getPayoutBatchResults(batch.id).catch(() => null);
      if (!results) continue;
      const held = results.items.flatMap((item) => {
        const index = left.get(item.idempotency_key ?? '');
        return index === undefined ? [] : [index];
      });
      if (held.length === 0) continue;
      for (const index of held) left.delete((this.rows[index] as PlannedPayout).key);
      this.batchIds.push(batch.id);
      this.state = 'paying';
      this.changed();
      await this.follow(batch, held, 'paidBefore');
    }
    return indexes.filter((index) => left.has((this.rows[index] as PlannedPayout).key));
  }

  /** Sends one batch, or finds it by its key when it was sent before; 'unavailable' where the service has none. */
  private async sendBatch(indexes: readonly number[]): Promise<PayoutBatch | 'unavailable'> {
    const items = indexes.map((index) => (this.rows[index] as PlannedPayout).body);
    const key = await this.deps.batchKeyOf(items.map((item) => item.idempotency_key));
    for (let attempt = 1; ; attempt++) {
      try {
        return await createPayoutBatch(
          { items, idempotency_key: key },
          { file: this.deps.file, appId: this.deps.appId },
        );
      } catch (error) {
        if (error instanceof ApiError && UNAVAILABLE.has(error.status)) return 'unavailable';
        const kind = moneyFailureOf(error).kind;
        if (kind === 'rateLimited') {
          await this.sleep(((error as ApiError).retryAfterSeconds ?? 1) * 1000);
          continue;
        }
        const sentBefore = error instanceof ApiError && error.code === KEY_USED;
        if (kind === 'refused' && !sentBefore) throw error;
        // Sent before, or no answer: it may exist. Found by its key, it is followed; else sent again (its key refused
        // if it did arrive meanwhile, and then found).
        const found = await findBatchByKey(key);
        if (found) return found;
        if (sentBefore || attempt >= 3) throw error;
      }
    }
  }

  /**
   * Polls a batch until the service has answered every item, then reads each item's result onto the rows it holds
   * (`indexes`): a transfer it made is `paid`, or `paidBefore` for a batch an earlier run sent.
   */
  private async follow(
    batch: PayoutBatch,
    indexes: readonly number[],
    made: 'paid' | 'paidBefore' = 'paid',
  ): Promise<void> {
    let current = batch;
    const base = this.progress.done;
    while (current.status !== 'completed') {
      // The rows of this file are the batch's last unanswered items when it holds others (an earlier run's, paid).
      const unanswered = (current.progress?.total ?? indexes.length) - (current.progress?.done ?? 0);
      this.progress = {
        ...this.progress,
        done: base + Math.max(0, indexes.length - unanswered),
        status: current.status,
      };
      this.changed();
      await this.sleep(this.deps.pollMs ?? 500);
      current = await getPayoutBatch(current.id);
    }
    const results = await getPayoutBatchResults(current.id);
    await this.apply(results, indexes, made);
    this.progress = { ...this.progress, done: base + indexes.length, status: current.status };
    this.changed();
  }

  /** Each item's result onto its row: a transfer, a key used before (looked up), or the service's error. */
  private async apply(
    results: BatchResults,
    indexes: readonly number[],
    made: 'paid' | 'paidBefore',
  ): Promise<void> {
    const byKey = new Map(results.items.map((item) => [item.idempotency_key ?? '', item]));
    const reused: number[] = [];
    for (const index of indexes) {
      const row = this.rows[index] as PlannedPayout;
      const item = byKey.get(row.key);
      if (!item) this.outcomes[index] = { kind: 'unknown', message: 'The batch has no result for this row' };
      else if (item.transfer) this.outcomes[index] = { kind: made, transferId: item.transfer.id };
      else if (item.error_code === KEY_USED) reused.push(index);
      else {
        this.outcomes[index] = {
          kind: 'refused',
          message: item.error_message || item.error_code || 'Refused by the service',
        };
      }
    }
    for (const index of reused) {
      const row = this.rows[index] as PlannedPayout;
      const found = await payoutMoney.findByKey(row.body);
      this.outcomes[index] = found
        ? { kind: 'paidBefore', transferId: found.id }
        : { kind: 'unknown', message: 'Its key was used before, and no payout with it was found' };
    }
  }

  /** Where the service has no batches: each row alone, with the same keys and the same look-ups. */
  private async payRowByRow(indexes: readonly number[]): Promise<void> {
    const rows = indexes.map((index) => this.rows[index] as PlannedPayout);
    const run = new RowsRun(rows, {
      send: (row) => sendMoneyRow(payoutMoney, row.body, { file: this.deps.file, appId: this.deps.appId }),
      lookup: async (row) => (await payoutMoney.findByKey(row.body))?.id ?? null,
      // The one rule (lib/money-answer.ts): a payout's key is refused once used, so resending after a look-up that
      // found nothing is safe in both modes.
      resendAllowed: mayResend(payoutMoney.keyOnReuse[this.deps.mode]),
    });
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
}

/** A batch of the organization's with this key, among its recent batches; null when none. */
export async function findBatchByKey(key: string): Promise<PayoutBatch | null> {
  let after: string | undefined;
  for (let page = 0; page < 10; page++) {
    const found = await listPayoutBatches({ limit: 100, starting_after: after });
    const match = found.data.find((batch) => batch.idempotency_key === key);
    if (match) return match;
    const last = found.data.at(-1)?.id;
    if (!found.has_more || !last || last === after) return null;
    after = last;
  }
  return null;
}

/**
 * The organization's batches created since `since` that the service has not finished, newest first, page after page
 * (the list is newest first, so the read stops at the first batch older than `since`).
 */
export async function runningBatchesSince(since: string): Promise<PayoutBatch[]> {
  const running: PayoutBatch[] = [];
  const sinceMs = Date.parse(since);
  let after: string | undefined;
  for (;;) {
    const page = await listPayoutBatches({ limit: 100, starting_after: after }).catch((error: unknown) => {
      // A service without batches has none running: the run finds out, and pays row by row.
      if (error instanceof ApiError && UNAVAILABLE.has(error.status)) return null;
      throw error;
    });
    if (!page) return running;
    for (const batch of page.data) {
      if (batch.created && Date.parse(batch.created) < sinceMs) return running;
      if (!FINISHED.has(batch.status)) running.push(batch);
    }
    const last = page.data.at(-1)?.id;
    if (!page.has_more || !last || last === after) return running;
    after = last;
  }
}
