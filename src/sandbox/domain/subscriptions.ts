import { randomBytes, randomUUID } from 'node:crypto';
import type { EventType } from '../../lib/service-events';
import {
  deleteSubscription,
  findSubscription,
  insertSubscription,
  rotateSecret,
  type SubscriptionRow,
  subscriptionsOf,
} from '../store/events';
import type { Caller } from './auth';
import { found } from './errors';

/**
 * Event subscriptions (an extension: the vendor's document asks integrators to handle webhooks but says nothing of
 * how they subscribe). An organization sees and manages its own only. The signing secret is answered once, when it is
 * made (at creation and at a rotation), in the Standard Webhooks form `whsec_<base64>`.
 */

export interface SubscriptionCreate {
  url: string;
  event_types: (EventType | '*')[];
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

function subscriptionView(row: SubscriptionRow, nowMs: number) {
  return {
    id: row.id,
    url: row.url,
    event_types: JSON.parse(row.event_types) as string[],
    created: row.created,
    /** Until when the secret before the last rotation still signs (null when it no longer does). */
    previous_secret_expires:
      row.previous_until_ms !== null && row.previous_until_ms > nowMs
        ? new Date(row.previous_until_ms).toISOString()
        : null,
  };
}

export function createSubscription({ db, tenant, nowMs, origin }: Caller, body: SubscriptionCreate) {
  const row: Omit<SubscriptionRow, 'seq'> = {
    id: randomUUID(),
    org_id: tenant.orgId,
    url: body.url,
    event_types: JSON.stringify([...new Set(body.event_types)]),
    secret: newSecret(),
    previous_secret: null,
    previous_until_ms: null,
    origin: origin ?? 'http://127.0.0.1',
    created: new Date(nowMs).toISOString(),
    created_ms: nowMs,
  };
  insertSubscription(db, row);
  return { ...subscriptionView({ ...row, seq: 0 }, nowMs), secret: row.secret };
}

export function listSubscriptions({ db, tenant, nowMs }: Caller) {
  return {
    data: subscriptionsOf(db, tenant.orgId).map((row) => subscriptionView(row, nowMs)),
    has_more: false,
  };
}

export function removeSubscription({ db, tenant }: Caller, id: string): void {
  const row = found(findSubscription(db, tenant.orgId, id));
  db.transaction(() => deleteSubscription(db, row.id))();
}

/** A new secret; the one it replaces still signs for `overlapSeconds`, so a receiver can switch without losing one. */
export function rotateSubscriptionSecret({ db, tenant, nowMs }: Caller, id: string, overlapSeconds: number) {
  const row = found(findSubscription(db, tenant.orgId, id));
  const secret = newSecret();
  const until = nowMs + overlapSeconds * 1000;
  rotateSecret(db, row.id, secret, until);
  return {
    ...subscriptionView({ ...row, secret, previous_secret: row.secret, previous_until_ms: until }, nowMs),
    secret,
  };
}
