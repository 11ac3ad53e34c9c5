import { objectOfEventType } from '../../lib/service-events';
import { consoleEntry } from '../audit/chain';
import {
  forgetEvent,
  noteEventArrived,
  noteEventOutcome,
  storeEventOnce,
} from '../db/repositories/events/service-events';
import { findOrganizationByClientId } from '../db/repositories/team/organizations';
import type { ReceivedOutcome } from '../db/schema/events';
import type { CallService } from '../gate/service-calls';
import type { ChangeSink } from '../live/changes';
import type { Team } from '../team';
import { applyRead } from './apply';
import { readObject, statusOf } from './reads';
import { noticeTransferTrouble } from './transfer-trouble';
import { verifyDelivery } from './verify';

/** What receiving events needs: the team (database, trail, credentials), the service, where changes are told. */
export interface EventDeps {
  team: Team;
  call: CallService;
  sink: ChangeSink;
  /** The secrets an organization's events are signed with: its stored ones and, upstream, the environment's. */
  secretsFor(orgId: string): Promise<string[]>;
}

export type Received =
  | { status: 401; refused: string }
  | { status: 404 }
  | { status: 503 }
  | { status: 200; outcome: ReceivedOutcome | 'duplicate' };

/**
 * One delivery of the service's events, for the organization of `clientId`. A delivery that does not verify, or
 * whose id was seen before, is refused with a line in the trail and nothing applied. An event is a hint: the object
 * is read from the service with the organization's key, and only what that read says is applied; an object the
 * organization does not own, or a read that disagrees with the event, changes nothing and is written in the trail.
 */
export async function receiveEvent(
  deps: EventDeps,
  clientId: string,
  headers: Headers,
  body: string,
): Promise<Received> {
  const { team } = deps;
  const db = team.database.db;
  const org = await findOrganizationByClientId(db, clientId);
  if (!org) return { status: 404 };
  const trail = (
    action: 'event.refuse' | 'event.ignore',
    targets: string[],
    status: number,
    detail: string,
  ) => team.audit(consoleEntry(org.id, action, targets, { status, outcome: 'refused', detail }));

  const verified = verifyDelivery(await deps.secretsFor(org.id), headers, body);
  if (!verified.ok) {
    await trail('event.refuse', verified.webhookId ? [verified.webhookId] : [], 401, verified.refused);
    return { status: 401, refused: verified.refused };
  }
  const { webhookId, event } = verified;
  const kind = objectOfEventType(event.type);
  const now = team.now();
  const stored = await storeEventOnce(db, {
    webhook_id: webhookId,
    org_id: org.id,
    type: event.type,
    object_kind: kind,
    object_id: event.data.id,
    event_at: new Date(event.timestamp).toISOString(),
    received_at: now.toISOString(),
    outcome: null,
  });
  if (!stored) {
    // Answered 2xx all the same: a sender's duplicate must not be sent again and again.
    await trail('event.refuse', [webhookId], 200, `a replayed id: ${event.type} ${event.data.id}`);
    return { status: 200, outcome: 'duplicate' };
  }
  await noteEventArrived(db, org.id, now.toISOString());

  const credentials = team.credentialsFor(org);
  const read = credentials ? await readObject(deps.call, credentials, kind, event.data.id) : null;
  if (!read || read.kind === 'unreadable') {
    await forgetEvent(db, webhookId);
    return { status: 503 };
  }
  const end = async (outcome: ReceivedOutcome, detail: string | null) => {
    if (detail) await trail('event.ignore', [webhookId, event.data.id], 200, detail);
    await noteEventOutcome(db, webhookId, outcome);
    return { status: 200 as const, outcome };
  };
  if (read.kind === 'not-ours') {
    return end(
      'not-ours',
      `${event.type} names ${kind} ${event.data.id}, which the organization does not own`,
    );
  }
  const said = statusOf(event.data);
  const found = statusOf(read.object);
  if (said !== found) {
    return end(
      'disagrees',
      `${event.type} says ${kind} ${event.data.id} is ${said}; the service answers ${found}`,
    );
  }
  const applied = await applyRead(db, deps.sink, org.id, kind, read.object, event.timestamp, now);
  if (applied === 'applied' && kind === 'transfer')
    await noticeTransferTrouble(deps.team, org.id, read.object);
  return end(applied, applied === 'older' ? `${event.type}: the console holds a newer status` : null);
}
