import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { TEAM_REQUEST_KINDS } from '../../../lib/team-changes';

/** Which group of the company's provider gives which role, as it is in force (src/server/sso/role-map.ts). */
export interface RoleMapTables {
  /**
   * One row per organization that signs in through a provider: the mapping in force, as `[[group, role], ...]` sorted
   * by group (JSON), sealed (db/seals.ts). The environment's `OIDC_ROLE_MAP` changes it at start only where it lowers.
   */
  sso_role_maps: {
    org_id: string;
    groups: string;
    changed_at: string;
    seal: string | null;
  };
}

export type RoleMapRow = RoleMapTables['sso_role_maps'];

export const roleMapMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sso_role_maps')
      .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
      .addColumn('groups', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addColumn('seal', 'text')
      .execute();
    // A raise of the environment's mapping waits as a team request that no member proposed (the environment did):
    // its proposer may be empty, and the kinds' CHECK grows.
    await proposerOptional(db);
  },
};

const kindCheck = sql`kind in (${sql.join(TEAM_REQUEST_KINDS.map((k) => sql.lit(k)))})`;

async function proposerOptional(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table team_requests alter column proposer_id drop not null`.execute(db);
    await sql`alter table team_requests drop constraint team_requests_kind`.execute(db);
    await sql`alter table team_requests add constraint team_requests_kind check (${kindCheck})`.execute(db);
    return;
  }
  await db.schema
    .createTable('team_requests_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('proposer_id', 'text', (c) => c.references('members.id'))
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
