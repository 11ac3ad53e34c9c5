import { objectOfEventType } from '../../lib/service-events';
import { consoleEntry } from '../audit/chain';
import type { ConsoleDb } from '../db/database';
import { groupCommitOf } from '../db/group-commit';
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
import { eventKey } from './commit-keys';
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

/**
 * Where the sweep learns that events flow (events/sweep.ts): written at most once a second for an organization, not
 * for each event, as a gap is judged in minutes and a write for each of a thousand events a second was a commit each.
 */
const ARRIVAL_NOTED_EVERY_MS = 1000;
const arrivalsNoted = new WeakMap<ConsoleDb, Map<string, number>>();

async function noteArrival(db: ConsoleDb, orgId: string, now: Date): Promise<void> {
  let noted = arrivalsNoted.get(db);
  if (!noted) {
    noted = new Map();
    arrivalsNoted.set(db, noted);
  }
  const last = noted.get(orgId);
  const nowMs = now.getTime();
  if (last !== undefined && nowMs >= last && nowMs - last < ARRIVAL_NOTED_EVERY_MS) return;
  noted.set(orgId, nowMs);
  await noteEventArrived(db, orgId, now.toISOString());
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
  const writes = groupCommitOf(db, 'events');
  const row = {
    webhook_id: webhookId,
    org_id: org.id,
    type: event.type,
    object_kind: kind,
    object_id: event.data.id,
    event_at: new Date(event.timestamp).toISOString(),
    received_at: now.toISOString(),
    outcome: null,
  };
  const stored = await writes.run((trx) => storeEventOnce(trx, row), eventKey(webhookId));
  if (!stored) {
    // Answered 2xx all the same: a sender's duplicate must not be sent again and again.
    await trail('event.refuse', [webhookId], 200, `a replayed id: ${event.type} ${event.data.id}`);
    return { status: 200, outcome: 'duplicate' };
  }
  await noteArrival(db, org.id, now);

  const credentials = team.credentialsFor(org);
  const read = credentials ? await readObject(deps.call, credentials, kind, event.data.id) : null;
  if (!read || read.kind === 'unreadable') {
    await forgetEvent(db, webhookId);
    return { status: 503 };
  }
  const end = async (outcome: ReceivedOutcome, detail: string | null) => {
    if (detail) await trail('event.ignore', [webhookId, event.data.id], 200, detail);
    await writes.run((trx) => noteEventOutcome(trx, webhookId, outcome), eventKey(webhookId));
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
  const applied = await applyRead(db, deps.sink, org.id, kind, read.object, event.timestamp, now, 'shared');
  if (applied === 'applied' && kind === 'transfer')
    await noticeTransferTrouble(deps.team, org.id, read.object);
  return end(applied, applied === 'older' ? `${event.type}: the console holds a newer status` : null);
}
