import type { ConsoleDb } from '../../database';
import { preparedQuery } from '../../prepared';
import type { ReceivedOutcome, ServiceEventRow, ServiceObjectRow } from '../../schema/events';

/**
 * Stores an event unless its webhook-id is already here (a duplicate delivery, a replay, or another console server
 * that took it first): true when this call stored it, so that exactly one server applies each event.
 */
export async function storeEventOnce(db: ConsoleDb, row: ServiceEventRow): Promise<boolean> {
  const result = await db
    .insertInto('service_events')
    .values(row)
    .onConflict((c) => c.column('webhook_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function noteEventOutcome(
  db: ConsoleDb,
  webhookId: string,
  outcome: ReceivedOutcome,
): Promise<void> {
  await db.updateTable('service_events').set({ outcome }).where('webhook_id', '=', webhookId).execute();
}

export async function eventsOf(db: ConsoleDb, orgId: string): Promise<ServiceEventRow[]> {
  return db
    .selectFrom('service_events')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('received_at')
    .execute();
}

const serviceObject = preparedQuery((db, v: { orgId: string; kind: string; objectId: string }) =>
  db
    .selectFrom('service_objects')
    .selectAll()
    .where('org_id', '=', v.orgId)
    .where('kind', '=', v.kind)
    .where('object_id', '=', v.objectId),
);

/** What the console holds of one object: asked once for each event, so built and compiled once (prepared.ts). */
export async function findServiceObject(
  db: ConsoleDb,
  orgId: string,
  kind: string,
  objectId: string,
): Promise<ServiceObjectRow | undefined> {
  return (await serviceObject(db, { orgId, kind, objectId }))[0];
}

/**
 * Records what was read of an object, unless what is stored is as new or newer (another server applied the same or a
 * later read first): true when the row was written, which one server only sees for one change.
 */
export async function recordServiceObject(db: ConsoleDb, row: ServiceObjectRow): Promise<boolean> {
  const result = await db
    .insertInto('service_objects')
    .values(row)
    .onConflict((c) =>
      c
        .columns(['org_id', 'kind', 'object_id'])
        .doUpdateSet({
          status: row.status,
          detail: row.detail,
          changed_at: row.changed_at,
          row_key: row.row_key,
          read_at: row.read_at,
        })
        .where((eb) => {
          // Null-safe "differs": a column held as null and read as a value (or the other way round) differs too.
          const differs = (column: 'status' | 'detail', value: string | null) =>
            value === null
              ? eb(`service_objects.${column}`, 'is not', null)
              : eb.or([
                  eb(`service_objects.${column}`, 'is', null),
                  eb(`service_objects.${column}`, '!=', value),
                ]);
          return eb.or([
            eb('service_objects.changed_at', '<', row.changed_at),
            eb.and([
              eb('service_objects.changed_at', '=', row.changed_at),
              eb.or([differs('status', row.status), differs('detail', row.detail)]),
            ]),
          ]);
        }),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function noteEventArrived(db: ConsoleDb, orgId: string, at: string): Promise<void> {
  await db
    .insertInto('event_watch')
    .values({ org_id: orgId, last_event_at: at, swept_at: null })
    .onConflict((c) => c.column('org_id').doUpdateSet({ last_event_at: at }))
    .execute();
}

export async function noteSwept(db: ConsoleDb, orgId: string, at: string): Promise<void> {
  await db
    .insertInto('event_watch')
    .values({ org_id: orgId, last_event_at: null, swept_at: at })
    .onConflict((c) => c.column('org_id').doUpdateSet({ swept_at: at }))
    .execute();
}

export async function eventWatchOf(
  db: ConsoleDb,
  orgId: string,
): Promise<{ last_event_at: string | null; swept_at: string | null } | undefined> {
  return db
    .selectFrom('event_watch')
    .select(['last_event_at', 'swept_at'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

const secretsOfOrg = preparedQuery((db, v: { orgId: string }) =>
  db.selectFrom('event_secrets').select('secret').where('org_id', '=', v.orgId),
);

/** The organization's signing secrets: asked for each event, so built and compiled once (prepared.ts). */
export async function eventSecretsOf(db: ConsoleDb, orgId: string): Promise<string[]> {
  return (await secretsOfOrg(db, { orgId })).map((row) => row.secret);
}

export async function subscriptionIdOf(db: ConsoleDb, orgId: string): Promise<string | null> {
  const row = await db
    .selectFrom('event_secrets')
    .select('subscription_id')
    .where('org_id', '=', orgId)
    .where('subscription_id', 'is not', null)
    .executeTakeFirst();
  return row?.subscription_id ?? null;
}

export async function addEventSecret(
  db: ConsoleDb,
  row: { org_id: string; secret: string; subscription_id: string | null; added_at: string },
): Promise<void> {
  await db
    .insertInto('event_secrets')
    .values(row)
    .onConflict((c) => c.columns(['org_id', 'secret']).doNothing())
    .execute();
}

export async function removeEventSecret(db: ConsoleDb, orgId: string, secret: string): Promise<void> {
  await db.deleteFrom('event_secrets').where('org_id', '=', orgId).where('secret', '=', secret).execute();
}

/** Forgets the events received before `before` (events/sweep.ts keeps a window of them, for dedupe). */
export async function pruneReceivedEvents(db: ConsoleDb, before: string): Promise<number> {
  const result = await db.deleteFrom('service_events').where('received_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** An event the console could not act on yet (the service did not answer its read): its sender delivers it again. */
export async function forgetEvent(db: ConsoleDb, webhookId: string): Promise<void> {
  await db.deleteFrom('service_events').where('webhook_id', '=', webhookId).execute();
}

/** The organizations the console takes events for (it holds a secret of theirs). */
export async function organizationsWithEvents(db: ConsoleDb): Promise<string[]> {
  const rows = await db.selectFrom('event_secrets').select('org_id').distinct().execute();
  return rows.map((row) => row.org_id);
}

/** What the console last read of these objects of one kind, by id. */
export async function serviceObjectsOf(
  db: ConsoleDb,
  orgId: string,
  kind: string,
  ids: readonly string[],
): Promise<ServiceObjectRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('service_objects')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .where('object_id', 'in', [...ids])
    .execute();
}
