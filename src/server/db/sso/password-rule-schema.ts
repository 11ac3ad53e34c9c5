import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { TEAM_REQUEST_KINDS } from '../../../lib/team-changes';

/** Whether an organization's members may sign in with a password (src/server/sso/password-rule.ts). */
export interface PasswordRuleTables {
  /**
   * One row per organization that ever changed it (no row: passwords on). While `passwords` is 'off', only the
   * break-glass admin signs in with a password (and their TOTP); everyone else signs in through the provider.
   */
  password_rules: {
    org_id: string;
    passwords: 'on' | 'off';
    break_glass_member_id: string | null;
    proposed_by: string;
    confirmed_by: string;
    changed_at: string;
  };
}

export type PasswordRuleRow = PasswordRuleTables['password_rules'];

const kindCheck = sql`kind in (${sql.join(TEAM_REQUEST_KINDS.map((k) => sql.lit(k)))})`;

export const passwordRuleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('password_rules')
      .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
      .addColumn('passwords', 'text', (c) => c.notNull())
      .addColumn('break_glass_member_id', 'text', (c) => c.references('members.id'))
      .addColumn('proposed_by', 'text', (c) => c.notNull())
      .addColumn('confirmed_by', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addCheckConstraint('password_rules_passwords', sql`passwords in ('on', 'off')`)
      .addCheckConstraint(
        'password_rules_break_glass',
        sql`(passwords = 'off') = (break_glass_member_id is not null)`,
      )
      .execute();
    // The change waits for a second admin as a team request: the kinds' CHECK grows. PostgreSQL changes the
    // constraint; SQLite cannot, so the table is made again with its rows and index.
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`alter table team_requests drop constraint team_requests_kind`.execute(db);
      await sql`alter table team_requests add constraint team_requests_kind check (${kindCheck})`.execute(db);
      return;
    }
    await db.schema
      .createTable('team_requests_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('proposer_id', 'text', (c) => c.notNull().references('members.id'))
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
  },
};
