import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations';
import { lastAnchor } from './repositories/team/audit-trail';
import type { ConsoleTables } from './schema/team';

/** A migrated SQLite console database, and every statement it is asked (its SQL and values). */
async function consoleDatabase() {
  const sqlite = new Database(':memory:');
  const asked: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<ConsoleTables>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') asked.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  }).migrateToLatest();
  if (error) throw error;
  asked.length = 0;
  return { db, sqlite, asked };
}

let seq = 0;
/** A line of the trail as the chain writes it (the hashes do not matter to the look-up). */
function line(orgId: string, action: string, targets: string, status = 200) {
  seq++;
  return {
    seq,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    org_id: orgId,
    action,
    targets,
    outcome: status < 400 ? 'ok' : 'refused',
    status,
    prev_hash: 'x',
    hash: `h${seq}`,
  };
}

const WRITES = ['sso.role-map.first', 'sso.role-map.apply', 'sso.role-map.lower'];

describe('the last anchor line of an organization', () => {
  it('is the newest line of any of the actions that went through, whichever action it is', async () => {
    const { db } = await consoleDatabase();
    await db
      .insertInto('audit_events')
      .values([
        line('org-a', 'sso.role-map.first', 'version:1'),
        line('org-a', 'sso.role-map.apply', 'version:2'),
        line('org-b', 'sso.role-map.apply', 'version:9'),
        line('org-a', 'payment.create', 'tr-1'),
        line('org-a', 'sso.role-map.lower', 'version:3'),
        line('org-a', 'sso.role-map.apply', 'version:4', 403),
        line('org-a', 'payment.create', 'tr-2'),
      ])
      .execute();
    expect(await lastAnchor(db, 'org-a', WRITES)).toEqual({ version: 3 });
    expect(await lastAnchor(db, 'org-b', WRITES)).toEqual({ version: 9 });
    expect(await lastAnchor(db, 'org-c', WRITES)).toBeUndefined();
    await db.destroy();
  });

  it("goes down the organization's lines of each action, never back through its whole trail", async () => {
    const { db, sqlite, asked } = await consoleDatabase();
    await db
      .insertInto('audit_events')
      .values([line('org-a', 'sso.role-map.first', 'version:1'), line('org-a', 'payment.create', 'tr-1')])
      .execute();
    asked.length = 0;
    await lastAnchor(db, 'org-a', WRITES);
    expect(asked.length).toBeGreaterThan(0);
    for (const { sql, parameters } of asked) {
      const plan = sqlite
        .prepare(`explain query plan ${sql}`)
        .all(...parameters)
        .map((step) => (step as { detail: string }).detail)
        .join(' | ');
      expect(plan).toContain('audit_by_org_action');
    }
    await db.destroy();
  });
});
