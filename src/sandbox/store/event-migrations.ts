/**
 * The store of events (an extension): subscriptions, the outbox and its deliveries. The outbox is written by
 * triggers, so an event is recorded in the very transaction that changes its object, whatever code path changed it:
 * a crash loses both or neither. A delivery is made for each subscription of the organization that asked for the
 * type, in the same trigger.
 */
const NOW_MS = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
const NEW_ID = `'evt_' || lower(hex(randomblob(16)))`;
/** Only an organization that subscribed pays for an outbox row: a store of a million transfers and no subscriber keeps none. */
const SUBSCRIBED = 'EXISTS (SELECT 1 FROM event_subscriptions sub WHERE sub.org_id = NEW.org_id)';

/** An outbox row for the object `id` of `kind`, with the type made by `type` (SQL over NEW and OLD). */
function recordEvent(kind: string, type: string, atMs: string = NOW_MS): string {
  return `INSERT INTO event_outbox (id, org_id, kind, object_id, type, at_ms)
      VALUES (${NEW_ID}, NEW.org_id, '${kind}', NEW.id, ${type}, ${atMs});`;
}

export const eventMigrations: readonly string[] = [
  `
  CREATE TABLE event_subscriptions (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    url TEXT NOT NULL,
    event_types TEXT NOT NULL,
    secret TEXT NOT NULL,
    previous_secret TEXT,
    previous_until_ms INTEGER,
    origin TEXT NOT NULL,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL
  );
  CREATE INDEX event_subscriptions_by_org ON event_subscriptions(org_id, seq);

  CREATE TABLE event_outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('transfer', 'payout_link', 'payout_request', 'bill', 'user', 'flow')),
    object_id TEXT NOT NULL,
    type TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    body TEXT
  );

  CREATE TABLE event_deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    event_seq INTEGER NOT NULL REFERENCES event_outbox(seq),
    subscription_id TEXT NOT NULL,
    object_key TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dropped', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
  );
  CREATE INDEX event_deliveries_pending ON event_deliveries(subscription_id, object_key, seq)
    WHERE state = 'pending';
  CREATE INDEX event_deliveries_due ON event_deliveries(next_attempt_ms, seq) WHERE state = 'pending';

  CREATE TRIGGER event_fan_out AFTER INSERT ON event_outbox
  BEGIN
    INSERT INTO event_deliveries (event_seq, subscription_id, object_key)
      SELECT NEW.seq, s.id, NEW.kind || ':' || NEW.object_id FROM event_subscriptions s
      WHERE s.org_id = NEW.org_id
        AND EXISTS (SELECT 1 FROM json_each(s.event_types) t WHERE t.value = NEW.type OR t.value = '*');
  END;

  CREATE TRIGGER event_transfer_made AFTER INSERT ON transfers WHEN ${SUBSCRIBED}
  BEGIN ${recordEvent('transfer', `'transfer.' || NEW.status`, 'NEW.status_changed_ms')} END;
  CREATE TRIGGER event_transfer_status AFTER UPDATE OF status ON transfers WHEN OLD.status IS NOT NEW.status AND ${SUBSCRIBED}
  BEGIN ${recordEvent('transfer', `'transfer.' || NEW.status`, 'NEW.status_changed_ms')} END;
  CREATE TRIGGER event_payout_link_status AFTER UPDATE OF status ON payout_links WHEN OLD.status IS NOT NEW.status AND ${SUBSCRIBED}
  BEGIN ${recordEvent('payout_link', `'payout_link.' || NEW.status`)} END;
  CREATE TRIGGER event_payout_request_status AFTER UPDATE OF status ON payout_requests
    WHEN OLD.status IS NOT NEW.status AND ${SUBSCRIBED}
  BEGIN ${recordEvent('payout_request', `'payout_request.' || NEW.status`)} END;
  CREATE TRIGGER event_bill_status AFTER UPDATE OF status ON ap_payables WHEN OLD.status IS NOT NEW.status AND ${SUBSCRIBED}
  BEGIN ${recordEvent('bill', `'bill.' || NEW.status`)} END;
  CREATE TRIGGER event_user_verification AFTER UPDATE OF status ON users WHEN OLD.status IS NOT NEW.status AND ${SUBSCRIBED}
  BEGIN ${recordEvent('user', `'user.verification_changed'`)} END;
  CREATE TRIGGER event_user_tax_form AFTER UPDATE OF tax_form ON users WHEN OLD.tax_form IS NOT NEW.tax_form AND ${SUBSCRIBED}
  BEGIN ${recordEvent('user', `'user.tax_form_changed'`)} END;
  -- A flow is completed when its last step is: every step of it is among its completed ones.
  CREATE TRIGGER event_flow_completed AFTER UPDATE OF completed_steps ON flows
    WHEN ${SUBSCRIBED} AND EXISTS (SELECT 1 FROM json_each(NEW.steps) s
                 WHERE s.value NOT IN (SELECT value FROM json_each(OLD.completed_steps)))
     AND NOT EXISTS (SELECT 1 FROM json_each(NEW.steps) s
                 WHERE s.value NOT IN (SELECT value FROM json_each(NEW.completed_steps)))
  BEGIN ${recordEvent('flow', `'flow.completed'`)} END;
  `,
];
