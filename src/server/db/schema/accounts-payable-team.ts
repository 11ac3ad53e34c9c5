import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The console's tables of who acts in accounts payable upstream (src/server/payables/team/ap-user-links.ts). */
export interface ApTeamTables {
  /**
   * Upstream, which of the organization's AP users (`GET approvers`) a member acts as: a grant of power, made by an
   * admin under the second-admin rule. In the sandbox a member is matched to the AP user of their email instead.
   */
  ap_user_links: {
    org_id: string;
    member_id: string;
    ap_user_id: number;
    /** The AP user's name and email when the link was made, to show it without asking the service. */
    ap_user_label: string;
    linked_by: string;
    confirmed_by: string | null;
    at: string;
    /** The row's seal (db/seals.ts): a link a database writer inserts or changes is taken as absent. */
    seal?: string | null;
  };
}

/** Every kind a team request may be, after this step (lib/team-changes.ts). */
const KINDS = [
  'invite',
  'role',
  'enable',
  'disable',
  'password-reset',
  'totp-reset',
  'policy',
  'ap-policy',
  'ap-user-link',
];

const kindCheck = sql`kind in (${sql.join(KINDS.map((k) => sql.lit(k)))})`;

export const apTeamMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ap_user_links')
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
      .addColumn('ap_user_id', 'integer', (c) => c.notNull())
      .addColumn('ap_user_label', 'text', (c) => c.notNull())
      .addColumn('linked_by', 'text', (c) => c.notNull())
      .addColumn('confirmed_by', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('seal', 'text')
      .addPrimaryKeyConstraint('ap_user_links_pk', ['org_id', 'member_id'])
      .execute();
    // One AP user acts for one member at most: two members sharing one would approve as one person.
    await db.schema
      .createIndex('ap_user_links_one_member')
      .on('ap_user_links')
      .columns(['org_id', 'ap_user_id'])
      .unique()
      .execute();
    // Approval policies of accounts payable and AP user links wait for a second admin as team requests: the kinds' CHECK
    // grows.
    await widenTeamRequestKinds(db, kindCheck);
  },
};

/**
 * The team requests' kinds CHECK made `kindCheck`, as a new kind of team request needs. PostgreSQL changes the
 * constraint; SQLite cannot, so the table is made again with its rows and index. `proposer: 'optional'` also lets a
 * request have no proposing member (from 0020x on, a raise the environment asked for: every later caller passes it,
 * or SQLite's copy would make the column required again).
 */
export async function widenTeamRequestKinds(
  db: Kysely<unknown>,
  kindCheck: RawBuilder<unknown>,
  { proposer = 'required' }: { proposer?: 'required' | 'optional' } = {},
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    if (proposer === 'optional') {
      await sql`alter table team_requests alter column proposer_id drop not null`.execute(db);
    }
    await sql`alter table team_requests drop constraint team_requests_kind`.execute(db);
    await sql`alter table team_requests add constraint team_requests_kind check (${kindCheck})`.execute(db);
    return;
  }
  await db.schema
    .createTable('team_requests_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('proposer_id', 'text', (c) =>
      proposer === 'required' ? c.notNull().references('members.id') : c.references('members.id'),
    )
    .addColumn('target_member_id', 'text', (c) => c.references('members.id'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('seal', 'text')
    .addCheckConstraint('team_requests_kind', kindCheck)
    .addCheckConstraint(
      'team_requests_status',
      sql`status in ('pending', 'applied', 'rejected', 'withdrawn', 'expired', 'void')`,
    )
    .execute();
  await sql`insert into team_requests_next (id, org_id, kind, proposer_id, target_member_id, payload, status,
    decided_by, reason, created_at, expires_at, decided_at, seal)
    select id, org_id, kind, proposer_id, target_member_id, payload, status, decided_by, reason, created_at,
    expires_at, decided_at, seal from team_requests`.execute(db);
  await db.schema.dropTable('team_requests').execute();
  await db.schema.alterTable('team_requests_next').renameTo('team_requests').execute();
  await db.schema
    .createIndex('team_requests_by_status')
    .on('team_requests')
    .columns(['org_id', 'status'])
    .execute();
}
