import {
  addEventSecret,
  removeEventSecret,
  subscriptionIdOf,
} from '../db/repositories/events/service-events';
import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import type { OrganizationRow } from '../db/schema/team';
import { type CallService, serviceRequest } from '../gate/service-calls';
import type { OrgCredentials, Team } from '../team';

/** Where the service is asked to send an organization's events: the console's public origin. */
export const eventsUrlOf = (publicOrigin: string, clientId: string) =>
  `${publicOrigin.replace(/\/$/, '')}/events/${encodeURIComponent(clientId)}`;

interface Subscription {
  id: string;
  url: string;
  secret?: string;
}

async function subscriptionsAt(
  call: CallService,
  credentials: OrgCredentials,
): Promise<Subscription[] | null> {
  const answer = await call(serviceRequest(credentials, '/v2/event-subscriptions'));
  if (!answer.ok) return null;
  return ((await answer.json()) as { data: Subscription[] }).data;
}

/**
 * The console subscribes itself to the organization's events (sandbox mode, at start): once, however often it starts,
 * keeping the subscription whose secret it holds. One at the service to the same URL whose secret the console lost (a
 * database made anew) is replaced, so events are never signed by a secret nobody holds.
 */
export async function ensureSubscription(
  team: Team,
  call: CallService,
  org: OrganizationRow,
  publicOrigin: string,
): Promise<'kept' | 'made' | 'unavailable'> {
  const credentials = team.credentialsFor(org);
  if (!credentials) return 'unavailable';
  const db = team.database.db;
  const url = eventsUrlOf(publicOrigin, org.client_id);
  const existing = await subscriptionsAt(call, credentials);
  if (existing === null) return 'unavailable';
  const held = await subscriptionIdOf(db, org.id);
  if (held && existing.some((s) => s.id === held && s.url === url)) return 'kept';
  for (const stale of existing.filter((s) => s.url === url)) {
    await call(serviceRequest(credentials, `/v2/event-subscriptions/${stale.id}`, { method: 'DELETE' }));
  }
  const made = await call(
    serviceRequest(credentials, '/v2/event-subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url, event_types: ['*'] }),
    }),
  );
  if (made.status !== 201) return 'unavailable';
  const subscription = (await made.json()) as Required<Subscription>;
  await addEventSecret(db, {
    org_id: org.id,
    secret: subscription.secret,
    subscription_id: subscription.id,
    added_at: team.now().toISOString(),
  });
  return 'made';
}

/**
 * Sandbox mode: a test tenant made with `{ "events": true }` is subscribed as the demo is at start, so that the
 * service's own events (not only the advance helper's shortcut) reach its open pages: what the bench's events part
 * measures.
 */
export async function subscribeTestTenant(
  team: Team,
  call: CallService,
  clientId: string,
  publicOrigin: string,
): Promise<'kept' | 'made' | 'unavailable'> {
  const org = await findOrganizationByClientId(team.database.db, clientId);
  return org ? ensureSubscription(team, call, org, publicOrigin) : 'unavailable';
}

/**
 * A new signing secret for the console's subscription: the console accepts the new one at once and the old one until
 * the service's overlap ends (`forget` is called then), so no event is refused while deliveries already signed are in
 * flight.
 */
export async function rotateSubscription(
  team: Team,
  call: CallService,
  org: OrganizationRow,
  oldSecret: string,
  overlapSeconds: number,
): Promise<{ forget: () => Promise<void> } | null> {
  const credentials = team.credentialsFor(org);
  const id = await subscriptionIdOf(team.database.db, org.id);
  if (!credentials || !id) return null;
  const answer = await call(
    serviceRequest(credentials, `/v2/event-subscriptions/${id}/rotate-secret`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ overlap_seconds: overlapSeconds }),
    }),
  );
  if (!answer.ok) return null;
  const { secret } = (await answer.json()) as { secret: string };
  await addEventSecret(team.database.db, {
    org_id: org.id,
    secret,
    subscription_id: id,
    added_at: team.now().toISOString(),
  });
  return { forget: () => removeEventSecret(team.database.db, org.id, oldSecret) };
}
