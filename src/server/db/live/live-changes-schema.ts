import { type Generated, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** What changed, for the pages open on any console server (server/live/): a hint to read again, kept a short while. */
export interface LiveChangeTables {
  live_changes: {
    /** Increasing: the event id of the stream to the browser, from which a dropped stream resumes. */
    seq: Generated<number>;
    org_id: string;
    /** One of CHANGE_KINDS (server/live/changes.ts), held by the table's CHECK. */
    kind: string;
    object_id: string;
    status: string | null;
    /** A notice's member: no other member's stream carries it. */
    member_id: string | null;
    at: string;
  };
}

export type LiveChangeRow = Selectable<LiveChangeTables['live_changes']>;

export const liveChangesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('live_changes')
      .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) =>
        postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('member_id', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addCheckConstraint(
        'live_changes_kind',
        sql`kind in ('transfer', 'payout_link', 'payout_request', 'bill', 'user', 'flow', 'approval_request', 'notice')`,
      )
      .execute();
    await db.schema.createIndex('live_changes_by_at').on('live_changes').column('at').execute();
  },
};
