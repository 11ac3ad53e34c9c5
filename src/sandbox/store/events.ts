import type { Db } from './db';
import { sql } from './prepare';

/** The SQL of events (an extension): subscriptions and the deliveries of the outbox (store/event-migrations.ts). */

export interface SubscriptionRow {
  seq: number;
  id: string;
  org_id: string;
  url: string;
  /** JSON array of event types, or ["*"]. */
  event_types: string;
  secret: string;
  previous_secret: string | null;
  previous_until_ms: number | null;
  /** Where the subscription was made: the origin of the URLs its events' objects carry. */
  origin: string;
  created: string;
  created_ms: number;
}

export function insertSubscription(db: Db, row: Omit<SubscriptionRow, 'seq'>): void {
  sql(
    db,
    `INSERT INTO event_subscriptions (id, org_id, url, event_types, secret, previous_secret, previous_until_ms,
       origin, created, created_ms)
     VALUES (@id, @org_id, @url, @event_types, @secret, @previous_secret, @previous_until_ms, @origin, @created,
       @created_ms)`,
  ).run(row);
}

export function subscriptionsOf(db: Db, orgId: string): SubscriptionRow[] {
  return sql<SubscriptionRow>(db, 'SELECT * FROM event_subscriptions WHERE org_id = ? ORDER BY seq').all(
    orgId,
  );
}

export function findSubscription(db: Db, orgId: string, id: string): SubscriptionRow | undefined {
  return sql<SubscriptionRow>(db, 'SELECT * FROM event_subscriptions WHERE org_id = ? AND id = ?').get(
    orgId,
    id,
  );
}

/** A deleted subscription's waiting deliveries go with it: nobody is listening there any more. */
export function deleteSubscription(db: Db, id: string): void {
  sql(db, "DELETE FROM event_deliveries WHERE subscription_id = ? AND state = 'pending'").run(id);
  sql(db, 'DELETE FROM event_subscriptions WHERE id = ?').run(id);
}

export function rotateSecret(db: Db, id: string, secret: string, previousUntilMs: number): void {
  sql(
    db,
    `UPDATE event_subscriptions SET previous_secret = secret, previous_until_ms = ?, secret = ? WHERE id = ?`,
  ).run(previousUntilMs, secret, id);
}

/** A delivery waiting to be sent, with what sending it needs. */
export interface DueDelivery {
  seq: number;
  object_key: string;
  attempts: number;
  event_id: string;
  event_seq: number;
  type: string;
  kind: string;
  object_id: string;
  at_ms: number;
  body: string | null;
  org_id: string;
  client_id: string;
  subscription_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_until_ms: number | null;
  origin: string;
}

const DUE_COLUMNS = `d.seq, d.object_key, d.attempts, e.id AS event_id, e.seq AS event_seq, e.type, e.kind,
  e.object_id, e.at_ms, e.body, e.org_id, o.client_id, s.id AS subscription_id, s.url, s.secret, s.previous_secret,
  s.previous_until_ms, s.origin
  FROM event_deliveries d
  JOIN event_outbox e ON e.seq = d.event_seq
  JOIN event_subscriptions s ON s.id = d.subscription_id
  JOIN organizations o ON o.id = e.org_id`;

/**
 * Deliveries due now, each the first still waiting of its object for its subscription: an object's events go out in
 * the order they happened, a later one only once the earlier is delivered (or given up).
 */
export function dueDeliveries(db: Db, nowMs: number, limit: number): DueDelivery[] {
  return sql<DueDelivery>(
    db,
    `SELECT ${DUE_COLUMNS}
     WHERE d.state = 'pending' AND d.next_attempt_ms <= ?
       AND NOT EXISTS (SELECT 1 FROM event_deliveries p WHERE p.state = 'pending'
         AND p.subscription_id = d.subscription_id AND p.object_key = d.object_key AND p.seq < d.seq)
     ORDER BY d.next_attempt_ms, d.seq LIMIT ?`,
  ).all(nowMs, limit);
}

/** The next waiting delivery of the same object after this one (what a reordering fault sends first). */
export function nextOfObject(db: Db, delivery: DueDelivery): DueDelivery | undefined {
  return sql<DueDelivery>(
    db,
    `SELECT ${DUE_COLUMNS}
     WHERE d.state = 'pending' AND d.subscription_id = ? AND d.object_key = ? AND d.seq > ?
     ORDER BY d.seq LIMIT 1`,
  ).get(delivery.subscription_id, delivery.object_key, delivery.seq);
}

/** The body of an event is fixed when it is first sent: every retry and every subscription sends the same bytes. */
export function fixEventBody(db: Db, eventSeq: number, body: string): string {
  sql(db, 'UPDATE event_outbox SET body = ? WHERE seq = ? AND body IS NULL').run(body, eventSeq);
  return sql<string>(db, 'SELECT body FROM event_outbox WHERE seq = ?').pluck().get(eventSeq) as string;
}

export type DeliveryEnd = 'delivered' | 'dropped' | 'failed';

export function endDelivery(
  db: Db,
  seq: number,
  state: DeliveryEnd,
  attempts: number,
  error: string | null,
): void {
  sql(db, 'UPDATE event_deliveries SET state = ?, attempts = ?, last_error = ? WHERE seq = ?').run(
    state,
    attempts,
    error,
    seq,
  );
}

export function retryDelivery(db: Db, seq: number, attempts: number, atMs: number, error: string): void {
  sql(db, 'UPDATE event_deliveries SET attempts = ?, next_attempt_ms = ?, last_error = ? WHERE seq = ?').run(
    attempts,
    atMs,
    error,
    seq,
  );
}

export function pendingDeliveries(db: Db): number {
  return sql<number>(db, "SELECT count(*) FROM event_deliveries WHERE state = 'pending'")
    .pluck()
    .get() as number;
}

/**
 * Forgets what was sent long ago: ended deliveries (delivered, dropped, given up) of events older than `beforeMs`, then
 * those events once nothing waits to send them. A delivery still retrying keeps its event, however old.
 */
export function pruneEvents(db: Db, beforeMs: number): { deliveries: number; events: number } {
  return db.transaction(() => {
    const deliveries = sql(
      db,
      `DELETE FROM event_deliveries WHERE state != 'pending'
         AND event_seq IN (SELECT seq FROM event_outbox WHERE at_ms < ?)`,
    ).run(beforeMs).changes;
    const events = sql(
      db,
      `DELETE FROM event_outbox WHERE at_ms < ?
         AND NOT EXISTS (SELECT 1 FROM event_deliveries d WHERE d.event_seq = event_outbox.seq)`,
    ).run(beforeMs).changes;
    return { deliveries, events };
  })();
}
