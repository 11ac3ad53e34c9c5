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
    /**
     * From 0021p: the provider (OIDC_ISSUER) and the claim that lists a person's groups under which the groups mean
     * what they say, and the mapping's version, one more at each write and named in the trail line of that write, so
     * that a row deleted or put back as it was before reads as the safe state (no group gives a role). Null and 0 on a
     * row written before, until the first start after the upgrade records them.
     */
    issuer: string | null;
    groups_claim: string | null;
    version: number;
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

/**
 * The issuer and groups claim the mapping holds under, and the versions that anchor the mapping and the password rule
 * to their lines of the trail (a deleted or rolled-back row is then seen); the trail is searched by organization and
 * action, which an index makes one look-up.
 */
export const roleMapSourcesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sso_role_maps').addColumn('issuer', 'text').execute();
    await db.schema.alterTable('sso_role_maps').addColumn('groups_claim', 'text').execute();
    await db.schema
      .alterTable('sso_role_maps')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('password_rules')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('audit_by_org_action')
      .on('audit_events')
      .columns(['org_id', 'action', 'seq'])
      .execute();
  },
};
