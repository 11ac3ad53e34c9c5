import type { EventObject } from '../../lib/service-events';
import type { ConsoleDb } from '../db/database';
import { findServiceObject, recordServiceObject } from '../db/repositories/events/service-events';
import type { ChangeSink } from '../live/changes';
import { rowKeyOf, type ServiceObject, statusOf, statusTimeOf } from './reads';

export type Applied = 'applied' | 'unchanged' | 'older';

/**
 * What the console does with an object read from the service (after an event, or by a sweep): records its status,
 * unless what it holds is newer, by the object's own time of that status (else `fallbackAt`, the event's time), so
 * an older status never replaces a newer one; then tells open pages. A transfer the console paid keeps its key, so
 * the approval or file row it was paid by learns its outcome.
 */
export async function applyRead(
  db: ConsoleDb,
  sink: ChangeSink,
  orgId: string,
  kind: EventObject,
  object: ServiceObject,
  fallbackAt: string,
  now: Date,
): Promise<Applied> {
  const status = statusOf(object);
  const changedAt = statusTimeOf(object) ?? fallbackAt;
  const held = await findServiceObject(db, orgId, kind, object.id);
  if (held && held.changed_at > changedAt) return 'older';
  if (held && held.changed_at === changedAt && held.status === status) return 'unchanged';
  const written = await recordServiceObject(db, {
    org_id: orgId,
    kind,
    object_id: object.id,
    status,
    changed_at: changedAt,
    row_key: rowKeyOf(object),
    read_at: now.toISOString(),
  });
  // Another server recorded this read, or a newer one, in between: it told the pages.
  if (!written) return 'unchanged';
  await sink.publish({ orgId, kind, id: object.id, status });
  return 'applied';
}
