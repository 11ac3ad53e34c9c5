import { ApiError } from '../../api/client';
import { moneyFailureOf, sendMoneyRow } from '../../api/money';
import type { RuntimeConfig } from '../../api/runtime-config';
import { KEY_LOOK_BACK_MS } from '../../api/transfers';
import {
  createTransferBatch,
  getTransferBatch,
  listTransferBatches,
  type TransferBatch,
  userTransferMoney,
} from '../../api/wallet-moves';
import { RowsRun } from '../../lib/file-engine/run-rows';
import { KEY_USED, mayResend } from '../../lib/money-answer';
import type { PlannedMove } from './moves-file-plan';

/** The most items the vendor takes in one transfer batch. */
export const BATCH_ITEMS = 5000;

export type MoveOutcome =
  | { kind: 'waiting' }
  | { kind: 'paid'; transferId: string }
  | { kind: 'paidBefore'; transferId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string };

export interface MovesRunDeps {
  /** The app whose wallet the moves go from and to, and the file's SHA-256 (the server totals a file). */
  appId?: string | undefined;
  file?: string | undefined;
  mode: RuntimeConfig['mode'];
  batchKeyOf: (itemKeys: readonly string[]) => Promise<string>;
  /** How far back a batch left running is looked for (an ISO date-time): a day ago unless told. */
  since?: string | undefined;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const UNAVAILABLE = new Set([404, 405, 501]);

type BatchItem = NonNullable<TransferBatch['items']>[number];

/** The key an item of a batch carries: its own (the sandbox answers it) or its request id (the gate stamps it). */
function itemKey(item: BatchItem): string | undefined {
  const stamped = item.metadata?.console_request_id;
  return item.idempotency_key ?? (typeof stamped === 'string' ? stamped : undefined);
}

const answered = (item: BatchItem) => Boolean(item.transfer_id || item.error);

/**
 * Moves a file's rows as transfer batches of up to 5,000 items (each item its own key, the batch a key derived from
 * its items'), each followed until it is `completed`; where the service has no batches, row by row. Exactly once
 * rests on the vendor's rule that a transfer key is refused once used: a batch sent again is found by its key; an
 * item whose key was used before is looked up and shown as moved before; and a batch an earlier run left pending (the
 * page reloaded mid-run) is followed to its end before any of its rows is sent again.
 */
export class MovesFileRun {
  readonly outcomes: MoveOutcome[];
  state: 'sending' | 'paying' | 'done' = 'sending';
  progress = { done: 0, total: 0, status: '' };
  batchIds: string[] = [];
  rowRun: RowsRun<PlannedMove> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly rows: readonly PlannedMove[],
    private readonly deps: MovesRunDeps,
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
      // Rows moved before say an earlier run of this file: its batch may still be moving the rest.
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
              : { kind: 'unknown', message: `${message}: choose the file again to find what was moved` };
        }
      }
    }
    this.state = 'done';
    this.changed();
  }

  /**
   * A pending batch of the organization's (an earlier run's) that holds rows of this file is followed until the
   * service has answered each of its items, and those rows take its results, as moved before; the rows no pending
   * batch holds are returned, to be sent.
   */
  private async followRunning(indexes: readonly number[]): Promise<number[]> {
    const left = new Map(indexes.map((index) => [(this.rows[index] as PlannedMove).key, index]));
    const since = this.deps.since ?? new Date(Date.now() - KEY_LOOK_BACK_MS).toISOString();
    for (const batch of await pendingBatchesSince(since)) {
      const held = (batch.items ?? []).flatMap((item) => {
        const index = left.get(itemKey(item) ?? '');
        return index === undefined ? [] : [index];
      });
      if (held.length === 0) continue;
      for (const index of held) left.delete((this.rows[index] as PlannedMove).key);
      this.batchIds.push(batch.id);
      this.state = 'paying';
      this.changed();
      await this.follow(batch, held, 'paidBefore');
    }
    return indexes.filter((index) => left.has((this.rows[index] as PlannedMove).key));
  }

  /** Sends one batch, or finds it by its key when it was sent before; 'unavailable' where the service has none. */
  private async sendBatch(indexes: readonly number[]): Promise<TransferBatch | 'unavailable'> {
    const items = indexes.map((index) => (this.rows[index] as PlannedMove).body);
    const key = await this.deps.batchKeyOf(items.map((item) => item.idempotency_key));
    for (let attempt = 1; ; attempt++) {
      try {
        return await createTransferBatch(
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
        const found = await findTransferBatchByKey(key);
        if (found) return found;
        if (sentBefore || attempt >= 3) throw error;
      }
    }
  }

  /** Polls a batch until it is completed, then reads each item's answer onto the rows it holds (`indexes`). */
  private async follow(
    batch: TransferBatch,
    indexes: readonly number[],
    made: 'paid' | 'paidBefore' = 'paid',
  ): Promise<void> {
    let current = batch;
    const base = this.progress.done;
    while (current.status !== 'completed') {
      const items = current.items ?? [];
      // The rows of this file are the batch's last unanswered items when it holds others.
      const unanswered = items.filter((item) => !answered(item)).length;
      this.progress = {
        ...this.progress,
        done: base + Math.max(0, Math.min(indexes.length, indexes.length - unanswered)),
        status: current.status,
      };
      this.changed();
      await this.sleep(this.deps.pollMs ?? 500);
      current = await getTransferBatch(current.id);
    }
    await this.apply(current, indexes, made);
    this.progress = { ...this.progress, done: base + indexes.length, status: current.status };
    this.changed();
  }

  /** Each item's answer onto its row: a transfer, a key used before (looked up), or the service's error. */
  private async apply(batch: TransferBatch, indexes: readonly number[], made: 'paid' | 'paidBefore') {
    const items = batch.items ?? [];
    const byKey = new Map(items.flatMap((item) => (itemKey(item) ? [[itemKey(item), item] as const] : [])));
    const reused: number[] = [];
    indexes.forEach((index, position) => {
      const row = this.rows[index] as PlannedMove;
      // An answer without keys (the vendor's) names its items by their place, as they were sent.
      const item = byKey.get(row.key) ?? (byKey.size === 0 ? items[position] : undefined);
      if (!item) this.outcomes[index] = { kind: 'unknown', message: 'The batch has no answer for this row' };
      else if (item.transfer_id) this.outcomes[index] = { kind: made, transferId: item.transfer_id };
      else if (item.error?.startsWith(`${KEY_USED}:`)) reused.push(index);
      else this.outcomes[index] = { kind: 'refused', message: item.error || 'Refused by the service' };
    });
    for (const index of reused) {
      const found = await userTransferMoney.findByKey((this.rows[index] as PlannedMove).body);
      this.outcomes[index] = found
        ? { kind: 'paidBefore', transferId: found.id }
        : { kind: 'unknown', message: 'Its key was used before, and no transfer with it was found' };
    }
  }

  /** Where the service has no batches: each row alone, with the same keys and the same look-ups. */
  private async payRowByRow(indexes: readonly number[]): Promise<void> {
    const rows = indexes.map((index) => this.rows[index] as PlannedMove);
    const run = new RowsRun(rows, {
      send: (row) =>
        sendMoneyRow(userTransferMoney, row.body, { file: this.deps.file, appId: this.deps.appId }),
      lookup: async (row) => (await userTransferMoney.findByKey(row.body))?.id ?? null,
      resendAllowed: mayResend(userTransferMoney.keyOnReuse[this.deps.mode]),
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

/** A transfer batch of the organization's with this key, among its recent batches; null when none. */
export async function findTransferBatchByKey(key: string): Promise<TransferBatch | null> {
  let after: string | undefined;
  for (let page = 0; page < 10; page++) {
    const found = await listTransferBatches({ limit: 100, starting_after: after });
    const match = found.data.find((batch) => batch.idempotency_key === key);
    if (match) return match;
    const last = found.data.at(-1)?.id;
    if (!found.has_more || !last || last === after) return null;
    after = last;
  }
  return null;
}

/** The organization's transfer batches created since `since` still pending, newest first, page after page. */
export async function pendingBatchesSince(since: string): Promise<TransferBatch[]> {
  const pending: TransferBatch[] = [];
  const sinceMs = Date.parse(since);
  let after: string | undefined;
  for (;;) {
    const page = await listTransferBatches({ limit: 100, starting_after: after }).catch((error: unknown) => {
      if (error instanceof ApiError && UNAVAILABLE.has(error.status)) return null;
      throw error;
    });
    if (!page) return pending;
    for (const batch of page.data) {
      if (batch.created && Date.parse(batch.created) < sinceMs) return pending;
      if (batch.status !== 'completed') pending.push(batch);
    }
    const last = page.data.at(-1)?.id;
    if (!page.has_more || !last || last === after) return pending;
    after = last;
  }
}
