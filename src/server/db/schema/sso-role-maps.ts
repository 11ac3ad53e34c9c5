import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { TEAM_REQUEST_KINDS } from '../../../lib/team-changes';
import { widenTeamRequestKinds } from './accounts-payable-team';

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
    await widenTeamRequestKinds(db, kindCheck, { proposer: 'optional' });
  },
};

const kindCheck = sql`kind in (${sql.join(TEAM_REQUEST_KINDS.map((k) => sql.lit(k)))})`;
