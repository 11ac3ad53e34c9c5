import type { EventObject } from '../../lib/service-events';
import type { ConsoleDb } from '../db/database';
import { groupCommitOf } from '../db/group-commit';
import { findServiceObject, recordServiceObject } from '../db/repositories/events/service-events';
import type { ChangeSink } from '../live/changes';
import { objectKey } from './commit-keys';
import { detailOf, rowKeyOf, type ServiceObject, statusOf, statusTimeOf } from './reads';

export type Applied = 'applied' | 'unchanged' | 'older';

/**
 * The time of a sweep's read, for an object that keeps no time of its status (a bill, a link, a user): what the
 * service answers now is newer than what the console holds, unless it is the status held already.
 */
export const READ_NOW = 'read-now';

/**
 * What the console does with an object read from the service (after an event, or by a sweep): records its status,
 * unless what it holds is newer, by the object's own time of that status (else `fallbackAt`: the event's time, or a
 * sweep's READ_NOW), so
 * an older status never replaces a newer one; then tells open pages. A transfer the console paid keeps its key, so
 * the approval or file row it was paid by learns its outcome.
 */
export async function applyRead(
  db: ConsoleDb,
  sink: ChangeSink,
  orgId: string,
  kind: EventObject,
  object: ServiceObject,
  fallbackAt: string | typeof READ_NOW,
  now: Date,
  /**
   * `shared`: in the commit of the events received at the same time (receive.ts), whose objects come after their
   * events in a group (commit-keys.ts). A sweep, which writes one object after another, commits each on its own.
   */
  commit: 'own' | 'shared' = 'own',
): Promise<Applied> {
  const status = statusOf(object);
  const detail = detailOf(kind, object);
  const held = await findServiceObject(db, orgId, kind, object.id);
  // A user's tax form changes under the same status: a read that differs there is a change as well.
  const same = held !== undefined && held.status === status && (held.detail ?? null) === detail;
  const readNow = same ? held.changed_at : now.toISOString();
  const changedAt = statusTimeOf(object) ?? (fallbackAt === READ_NOW ? readNow : fallbackAt);
  if (held && held.changed_at > changedAt) return 'older';
  if (held && held.changed_at === changedAt && same) return 'unchanged';
  const row = {
    org_id: orgId,
    kind,
    object_id: object.id,
    status,
    detail,
    changed_at: changedAt,
    row_key: rowKeyOf(object),
    read_at: now.toISOString(),
  };
  const written =
    commit === 'shared'
      ? await groupCommitOf(db, 'events').run(
          (trx) => recordServiceObject(trx, row),
          objectKey(orgId, kind, object.id),
        )
      : await recordServiceObject(db, row);
  // Another server recorded this read, or a newer one, in between: it told the pages.
  if (!written) return 'unchanged';
  await sink.publish({ orgId, kind, id: object.id, status });
  return 'applied';
}
