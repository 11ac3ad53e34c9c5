import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** What a service event left in the console (src/server/events/): each event once, and what the console knows now. */
export type ReceivedOutcome = 'applied' | 'unchanged' | 'not-ours' | 'disagrees' | 'older' | 'unreadable';
export const RECEIVED_OUTCOMES: readonly ReceivedOutcome[] = [
  'applied',
  'unchanged',
  'not-ours',
  'disagrees',
  'older',
  'unreadable',
];

export interface ServiceEventTables {
  /**
   * Each event received, once: its webhook-id is the key, so a duplicate delivery or a replay finds it already here,
   * on any console server sharing the database. `outcome` is null while the one server that stored it applies it.
   */
  service_events: {
    webhook_id: string;
    org_id: string;
    type: string;
    object_kind: string;
    object_id: string;
    event_at: string;
    received_at: string;
    outcome: ReceivedOutcome | null;
  };
  /**
   * An object of the service as the console last read it, after an event or a sweep: its status and the time of
   * that status (the object's own, else the event's), which a later read must not be older than to replace it. A
   * transfer's `row_key` is the console's idempotency key on it (metadata.console_request_id): the approval or file
   * row it was paid by. `detail` is what else of the object a page shows that has no status or time of its own (a
   * user's tax form): a read that differs there is a change too (events/reads.ts, detailOf).
   */
  service_objects: {
    org_id: string;
    kind: string;
    object_id: string;
    status: string | null;
    detail: string | null;
    changed_at: string;
    row_key: string | null;
    read_at: string;
  };
  /** When events last arrived for an organization and when its sweep last read the service (events/sweep.ts). */
  event_watch: {
    org_id: string;
    last_event_at: string | null;
    swept_at: string | null;
  };
  /** A signing secret the console accepts for an organization's events (sandbox mode; upstream, the environment). */
  event_secrets: {
    org_id: string;
    secret: string;
    subscription_id: string | null;
    added_at: string;
  };
}

export type ServiceEventRow = ServiceEventTables['service_events'];
export type ServiceObjectRow = ServiceEventTables['service_objects'];

/** What else of an object counts as a change beside its status (a user's tax form): null for what was read before. */
export const serviceObjectDetailMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('service_objects').addColumn('detail', 'text').execute();
  },
};

export const serviceEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('service_events')
      .addColumn('webhook_id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('object_kind', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('event_at', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text')
      .addCheckConstraint(
        'service_events_outcome',
        sql`outcome is null or outcome in (${sql.join(RECEIVED_OUTCOMES.map((o) => sql.lit(o)))})`,
      )
      .execute();
    await db.schema
      .createTable('service_objects')
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addColumn('row_key', 'text')
      .addColumn('read_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('service_objects_pk', ['org_id', 'kind', 'object_id'])
      .execute();
    await db.schema
      .createTable('event_watch')
      .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
      .addColumn('last_event_at', 'text')
      .addColumn('swept_at', 'text')
      .execute();
    await db.schema
      .createTable('event_secrets')
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('subscription_id', 'text')
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_secrets_pk', ['org_id', 'secret'])
      .execute();
  },
};
