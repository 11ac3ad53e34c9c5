import { sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { ConsoleDb } from '../../database';
import { migrations } from '../../migrations';

/** What readiness asks of the console database: that it answers, and which known migrations it has not applied. */

export async function answers(db: ConsoleDb): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function missingMigrations(db: ConsoleDb): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  });
  const applied = await migrator.getMigrations();
  return Object.keys(migrations).filter((name) => !applied.find((m) => m.name === name)?.executedAt);
}
