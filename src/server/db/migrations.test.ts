import { createHmac, hkdfSync } from 'node:crypto';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEAM_REQUEST_KINDS, TEAM_REQUEST_STATUSES } from '../../lib/team-changes';
import { freshPostgresUrl, postgresOfRun } from '../test/databases';
import { migrations } from './migrations';
import type { ConsoleTables, TeamRequestRow } from './schema/team';
import { Sealer } from './seals';

/**
 * 0020x remade the team requests' table (on SQLite, a copy: the proposer became optional): a console upgraded with
 * team requests of every kind and status keeps each as it was, and takes a request no member proposed afterwards.
 * 0021p gives the stored mapping of groups and the password rule a version: a row sealed before still verifies.
 * 0022e gives what the console holds of a service object a detail beside its status (a user's tax form).
 */

const AUDIT_SECRET = Buffer.alloc(32, 7);
const SEALER = new Sealer(AUDIT_SECRET);

/** A seal as the server made it before 0021p (db/seals.ts then): the row's fields without version or issuer. */
function sealedBefore0021p(table: string, fields: unknown[]): string {
  const key = Buffer.from(
    hkdfSync('sha256', AUDIT_SECRET, Buffer.alloc(0), 'payout-console row seals v1', 32),
  );
  return createHmac('sha256', key)
    .update(JSON.stringify([table, ...fields]))
    .digest('hex');
}

/** An empty database of each backend, with no migration run yet. */
const EMPTY = [
  {
    name: 'sqlite',
    open: async () =>
      new Kysely<ConsoleTables>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) }),
  },
  ...(postgresOfRun
    ? [
        {
          name: 'postgres',
          open: async () =>
            new Kysely<ConsoleTables>({
              dialect: new PostgresDialect({
                pool: new pg.Pool({
                  connectionString: await freshPostgresUrl(postgresOfRun as string),
                  max: 2,
                }),
              }),
            }),
        },
      ]
    : []),
];

describe.each(EMPTY)('a console upgraded past 0020x and 0021p with rows, on $name', async (backend) => {
  const db = await backend.open();
  afterAll(() => db.destroy());
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const at = '2026-11-30T10:00:00.000Z';

  it('keeps every kind of team request, in every status, as it was, and then takes one with no proposer', async () => {
    const before = await migrator.migrateTo('0020s-password-rule-seals');
    expect(before.error).toBeUndefined();
    await db
      .insertInto('organizations')
      .values({
        id: 'org-1',
        name: 'Acme',
        client_id: 'client-1',
        sandbox_api_key: null,
        batch_secret: 's',
        created_at: at,
      })
      .execute();
    const member = (id: string, role: string) => ({
      id,
      org_id: 'org-1',
      email: `${id}@acme.example`,
      name: id,
      role,
      status: 'active',
      password_hash: null,
      totp_secret: null,
      totp_pending_secret: null,
      created_at: at,
      last_seen_at: null,
      approver_since: null,
      password_link_shown_to: null,
      password_set_at: null,
      held_until: null,
      held_by: null,
      seal: `seal-of-${id}`,
    });
    await db
      .insertInto('members')
      .values([member('ana', 'admin'), member('bo', 'admin'), member('cy', 'viewer')])
      .execute();
    const kinds = TEAM_REQUEST_KINDS.filter((kind) => kind !== 'role-map');
    const rows: TeamRequestRow[] = kinds.map((kind, i) => {
      const status = TEAM_REQUEST_STATUSES[i % TEAM_REQUEST_STATUSES.length] ?? 'pending';
      const ended = status !== 'pending';
      return {
        id: `request-${String(i).padStart(2, '0')}`,
        org_id: 'org-1',
        kind,
        proposer_id: 'ana',
        target_member_id: kind === 'policy' || kind === 'ap-policy' ? null : 'cy',
        payload: JSON.stringify({ kind, n: i }),
        status,
        decided_by: ended ? 'bo' : null,
        reason: status === 'rejected' || status === 'void' ? `why ${i}` : null,
        created_at: at,
        expires_at: '2026-12-07T10:00:00.000Z',
        decided_at: ended ? '2026-12-01T10:00:00.000Z' : null,
        seal: `seal-of-request-${i}`,
      };
    });
    await db.insertInto('team_requests').values(rows).execute();

    expect((await migrator.migrateTo('0020x-sso-role-maps')).error).toBeUndefined();
    const kept0020x = await db.selectFrom('team_requests').selectAll().orderBy('id').execute();
    expect(kept0020x).toEqual(rows);
    // A mapping and a password rule sealed before 0021p, as the server then sealed them.
    const oldMap = { org_id: 'org-1', groups: '[["ops","admin"]]', changed_at: at };
    const oldRule = {
      org_id: 'org-1',
      passwords: 'off' as const,
      break_glass_member_id: 'ana',
      proposed_by: 'ana',
      confirmed_by: 'bo',
      changed_at: at,
    };
    await db
      .insertInto('sso_role_maps')
      .values({ ...oldMap, seal: sealedBefore0021p('sso_role_maps', Object.values(oldMap)) } as never)
      .execute();
    await db
      .insertInto('password_rules')
      .values({ ...oldRule, seal: sealedBefore0021p('password_rules', Object.values(oldRule)) } as never)
      .execute();

    const after = await migrator.migrateTo('0021p-sso-role-map-sources');
    expect(after.results?.map((r) => r.migrationName)).toEqual(['0021p-sso-role-map-sources']);
    // 0021p adds the version (0: from before) and the issuer (unknown until the next start): the seals still verify.
    const map = await db.selectFrom('sso_role_maps').selectAll().executeTakeFirstOrThrow();
    const rule = await db.selectFrom('password_rules').selectAll().executeTakeFirstOrThrow();
    expect(map).toMatchObject({ ...oldMap, issuer: null, groups_claim: null });
    expect(Number(map.version)).toBe(0);
    expect(Number(rule.version)).toBe(0);
    const violation = { table: 'sso_role_maps' as const, id: 'org-1', orgId: 'org-1' };
    expect(SEALER.verifies('sso_role_maps', map, violation)).toBe(true);
    expect(SEALER.verifies('password_rules', rule, { ...violation, table: 'password_rules' })).toBe(true);
    // A writer who puts the version back to 0 under a seal of the new form makes a row that does not verify.
    const resealed = SEALER.sealed('password_rules', { ...rule, version: 2 });
    expect(
      SEALER.verifies(
        'password_rules',
        { ...resealed, version: 0 },
        { ...violation, table: 'password_rules' },
      ),
    ).toBe(false);

    expect(after.error).toBeUndefined();
    const kept = await db.selectFrom('team_requests').selectAll().orderBy('id').execute();
    expect(kept).toEqual(rows);
    // What 0020x was for: a request the environment proposed, with no proposing member, of the new kind.
    await db
      .insertInto('team_requests')
      .values({
        ...(rows[0] as TeamRequestRow),
        id: 'from-the-environment',
        kind: 'role-map',
        proposer_id: null,
      })
      .execute();
    // The kinds stay closed, and the table keeps its index by status.
    await expect(
      db
        .insertInto('team_requests')
        .values({
          ...(rows[0] as TeamRequestRow),
          id: 'unknown-kind',
          kind: 'no-such-kind' as TeamRequestRow['kind'],
        })
        .execute(),
    ).rejects.toThrow();
    const indexed =
      backend.name === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and name = 'team_requests_by_status'`.execute(
            db,
          )
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where indexname = 'team_requests_by_status'`.execute(
            db,
          );
    expect(indexed.rows).toHaveLength(1);
  });

  // After the test above, on the same database (at 0021p, with its organization).
  it("keeps what events said of each object past 0022e, which adds the object's detail (unknown: null)", async () => {
    const object = {
      org_id: 'org-1',
      kind: 'user',
      object_id: 'user-1',
      status: 'in_review',
      changed_at: at,
      row_key: null,
      read_at: at,
    };
    await db
      .insertInto('service_objects')
      .values(object as never)
      .execute();
    const latest = await migrator.migrateToLatest();
    expect(latest.error).toBeUndefined();
    expect(latest.results?.map((r) => r.migrationName)).toEqual(['0022e-service-object-details']);
    expect(await db.selectFrom('service_objects').selectAll().execute()).toEqual([
      { ...object, detail: null },
    ]);
  });
});
