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
  /** What a member is told of their own things (a request they submitted ended), kept for the list they open. */
  member_notices: {
    id: string;
    org_id: string;
    member_id: string;
    /** What it is about: one of CHANGE_KINDS but `notice`. */
    about_kind: string;
    about_id: string;
    status: string | null;
    at: string;
    /** When its member marked it read; null while unread. */
    read_at: string | null;
  };
  /** Whether a member asked for their notices by mail too (Settings): off until they do. */
  notice_mail: {
    member_id: string;
    email_me: 'on' | 'off';
    changed_at: string;
  };
}

export type LiveChangeRow = Selectable<LiveChangeTables['live_changes']>;
export type MemberNoticeRow = LiveChangeTables['member_notices'];
export type NoticeMailRow = LiveChangeTables['notice_mail'];

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
    await db.schema
      .createTable('member_notices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.notNull())
      .addColumn('about_kind', 'text', (c) => c.notNull())
      .addColumn('about_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('member_notices_by_member')
      .on('member_notices')
      .columns(['member_id', 'at'])
      .execute();
  },
};

/**
 * A notice is read once its member says so; it is kept once per object and status (an event delivered twice, or read
 * again by a sweep, tells its member once); a member may ask for their notices by mail too.
 */
export const noticeReadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('member_notices').addColumn('read_at', 'text').execute();
    await db.schema
      .createIndex('member_notices_once')
      .on('member_notices')
      .columns(['member_id', 'about_kind', 'about_id', 'status'])
      .unique()
      .execute();
    await db.schema
      .createTable('notice_mail')
      .addColumn('member_id', 'text', (c) => c.primaryKey())
      .addColumn('email_me', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addCheckConstraint('notice_mail_email_me', sql`email_me in ('on', 'off')`)
      .execute();
  },
};
