import { webhookSignature } from '../../node/webhook-signature';
import type { Db } from '../store/db';
import {
  type DueDelivery,
  dueDeliveries,
  endDelivery,
  fixEventBody,
  nextOfObject,
  pendingDeliveries,
  pruneEvents,
  retryDelivery,
} from '../store/events';
import { payableOf } from './ap-payables';
import type { Caller } from './auth';
import { postEvent } from './event-post';
import type { FaultRegistry } from './faults';
import { flowOf } from './flows';
import { payoutLinkOf } from './payout-links';
import { payoutRequestOf } from './payout-requests';
import { transferOf } from './transfers';
import { userOf } from './users';

export interface DeliveryTiming {
  /** How long a receiver has to answer before the attempt counts as failed. */
  timeoutMs: number;
  /** The first retry's wait; each later one doubles it, up to an hour. */
  retryBaseMs: number;
  /** How often the outbox is looked at when nothing is being sent. */
  pollMs: number;
  /**
   * How long what was sent is kept (EVENT_KEEP_MS, a week): longer than a delivery retries (about a day), so that no
   * event is forgotten while it may still be sent.
   */
  keepMs: number;
}

/** How often, by the store's clock, the sender forgets what was sent more than `keepMs` ago. */
const PRUNE_EVERY_MS = 60_000;

/** Attempts of one delivery before it is given up (about a day of doubling waits from a second). */
const ATTEMPTS = 18;
const MAX_WAIT_MS = 60 * 60 * 1000;
const BATCH = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The object as its GET answers it now, as JSON text; null when it is gone (a deleted user). */
function objectJson(db: Db, delivery: DueDelivery, nowMs: number): string | null {
  const caller: Caller = {
    db,
    tenant: { orgId: delivery.org_id, clientId: delivery.client_id },
    appId: undefined,
    nowMs,
    origin: delivery.origin,
  };
  const id = delivery.object_id;
  try {
    switch (delivery.kind) {
      case 'transfer':
        return transferOf(caller, id);
      case 'payout_link':
        return JSON.stringify(payoutLinkOf(caller, id));
      case 'payout_request':
        return JSON.stringify(payoutRequestOf(caller, id));
      case 'bill':
        return JSON.stringify(payableOf(caller, id));
      case 'user':
        return JSON.stringify(userOf(caller, id));
      case 'flow':
        return JSON.stringify(flowOf(caller, id, delivery.origin));
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** The Standard Webhooks signatures of one attempt: the secret's, and during a rotation's overlap the old one's too. */
function signatures(delivery: DueDelivery, body: string, at: Date, nowMs: number): string {
  const secrets = [delivery.secret];
  if (delivery.previous_secret && (delivery.previous_until_ms ?? 0) > nowMs)
    secrets.push(delivery.previous_secret);
  const seconds = Math.floor(at.getTime() / 1000);
  return secrets.map((secret) => webhookSignature(secret, delivery.event_id, seconds, body)).join(' ');
}

/** `final`: not worth another attempt (the object is gone). */
type Attempt = { ok: true } | { ok: false; error: string; final?: boolean };

/**
 * Sends the outbox's deliveries: at least once (a delivery is marked only after its receiver's 2xx), in order per
 * object and subscription, a failure or a timeout retried after a doubling wait. One sender per store: the sandbox
 * process that owns the file.
 */
export class EventDelivery {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<boolean> | undefined;
  private prunedAtMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly faults: FaultRegistry,
    private readonly timing: DeliveryTiming,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Resolves when nothing waits to be sent, retries included, or after `boundMs` (tests wait on it). */
  async idle(boundMs = 10_000): Promise<void> {
    const until = Date.now() + boundMs;
    while ((this.running || pendingDeliveries(this.db) > 0) && Date.now() < until) {
      await (this.running ?? sleep(10));
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const round = this.round().finally(() => {
        this.running = undefined;
      });
      this.running = round;
      void round.then((sent) => this.schedule(sent ? 0 : this.timing.pollMs));
    }, ms);
    this.timer.unref?.();
  }

  /** One round: every due head of an object, its objects in parallel. True when something was sent. */
  private async round(): Promise<boolean> {
    let due: DueDelivery[];
    try {
      this.pruneWhenDue();
      due = dueDeliveries(this.db, this.now(), BATCH);
    } catch {
      return false; // the store is closing
    }
    try {
      // The bodies of the round's first sends fixed in one commit, not one each.
      this.db.transaction(() => {
        for (const delivery of due) this.fixBody(delivery);
      })();
    } catch {
      return false;
    }
    await Promise.all(due.map((delivery) => this.deliverWithFaults(delivery)));
    this.writeMarks();
    return due.length > 0;
  }

  /** What each attempt of the round came to, written together once the round's answers are in: one commit. */
  private marks: (() => void)[] = [];

  private writeMarks(): void {
    const marks = this.marks;
    this.marks = [];
    try {
      this.db.transaction(() => {
        for (const mark of marks) mark();
      })();
    } catch {
      // The store closed while the receivers answered: the deliveries stay pending and are sent again.
    }
  }

  /** Fixes the body an event is sent with at its first send; left null when its object is gone. */
  private fixBody(delivery: DueDelivery): void {
    if (delivery.body !== null) return;
    const data = objectJson(this.db, delivery, this.now());
    if (data === null) return;
    const made = `{"type":${JSON.stringify(delivery.type)},"timestamp":"${new Date(delivery.at_ms).toISOString()}","data":${data}}`;
    delivery.body = fixEventBody(this.db, delivery.event_seq, made);
  }

  /** The outbox and its deliveries stay a window long, not forever: pruned once a minute, in the sender's own loop. */
  private pruneWhenDue(): void {
    const nowMs = this.now();
    if (nowMs - this.prunedAtMs < PRUNE_EVERY_MS) return;
    this.prunedAtMs = nowMs;
    pruneEvents(this.db, nowMs - this.timing.keepMs);
  }

  private async deliverWithFaults(delivery: DueDelivery): Promise<void> {
    // The next event of the object is what a reordering fault sends first: a query asked only when faults are armed.
    if (!this.faults.armsDeliveries(delivery.client_id)) {
      await this.deliver(delivery);
      return;
    }
    const next = nextOfObject(this.db, delivery);
    const fault = this.faults.takeDelivery(delivery.client_id, next !== undefined);
    switch (fault?.delivery) {
      case 'drop':
        endDelivery(this.db, delivery.seq, 'dropped', delivery.attempts, 'dropped by an injected fault');
        return;
      case 'duplicate':
        await this.send(delivery);
        await this.deliver(delivery);
        return;
      case 'reorder':
        if (next) await this.deliver(next);
        await this.deliver(delivery);
        return;
      case 'delay':
        await sleep(fault.delay_ms ?? 1000);
        await this.deliver(delivery);
        return;
      default:
        await this.deliver(delivery);
    }
  }

  private async deliver(delivery: DueDelivery): Promise<void> {
    const attempt = await this.send(delivery);
    const attempts = delivery.attempts + 1;
    const retryAtMs = this.now() + Math.min(this.timing.retryBaseMs * 2 ** (attempts - 1), MAX_WAIT_MS);
    this.marks.push(() => {
      if (attempt.ok) endDelivery(this.db, delivery.seq, 'delivered', attempts, null);
      else if (attempt.final || attempts >= ATTEMPTS)
        endDelivery(this.db, delivery.seq, 'failed', attempts, attempt.error);
      else retryDelivery(this.db, delivery.seq, attempts, retryAtMs, attempt.error);
    });
  }

  private async send(delivery: DueDelivery): Promise<Attempt> {
    const nowMs = this.now();
    // A delivery the round did not fix (the next one a reordering fault sends first) is fixed now.
    if (delivery.body === null) this.fixBody(delivery);
    const body = delivery.body;
    if (body === null) return { ok: false, error: 'the object is gone', final: true };
    // The receiver checks the timestamp against its own clock: the real one, whatever clock the store runs on.
    const at = new Date();
    const posted = await postEvent(
      delivery.url,
      {
        'content-type': 'application/json',
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signatures(delivery, body, at, nowMs),
      },
      body,
      this.timing.timeoutMs,
    );
    if ('error' in posted) return { ok: false, error: posted.error };
    return posted.status >= 200 && posted.status < 300
      ? { ok: true }
      : { ok: false, error: `answered ${posted.status}` };
  }
}
