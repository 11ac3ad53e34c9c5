import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { TEAM_REQUEST_KINDS } from '../../../lib/team-changes';
import { widenTeamRequestKinds } from './accounts-payable-team';

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
    /** db/seals.ts: a row a database writer edits (passwords on again, another break-glass admin) does not verify. */
    seal: string | null;
    /** From 0021p: one more at each write, named in its line of the trail (a rolled-back or deleted row is seen). */
    version: number;
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
    // The change waits for a second admin as a team request: the kinds' CHECK grows.
    await widenTeamRequestKinds(db, kindCheck);
  },
};

/**
 * The rule's row is sealed (db/seals.ts): a database writer who turns passwords on again, or names another break-glass
 * admin, makes a row that does not verify. A row written before is sealed once, as it is, at the first start with the
 * seal (audit/first-seal.ts).
 */
export const passwordRuleSealsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('password_rules').addColumn('seal', 'text').execute();
  },
};
