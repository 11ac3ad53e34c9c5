import { spawnSync } from 'node:child_process';
import { afterAll, vi } from 'vitest';
import type { AuditRow } from '../audit/chain';
import type { ConsoleDb } from '../db/database';
import { teamConsole } from './console';
import type { Backend } from './databases';

/**
 * A running console on one database, as someone who can write that database meets it: the database itself (`sql`),
 * the server (closed, then its database, after the file's tests), the trail's violation lines once the server has
 * written them, an organization's id by its client id, and a way to keep the server's expected complaints quiet.
 */
export async function writerOn(backend: Backend) {
  const database = await backend.open();
  const server = await teamConsole({ database });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  const sql = database.db;
  const violations = async () => {
    await server.team.settled();
    return sql
      .selectFrom('audit_events')
      .select(['targets', 'detail'])
      .where('action', '=', 'integrity.violation')
      .execute();
  };
  const orgIdOf = async (clientId: string) =>
    (
      await sql
        .selectFrom('organizations')
        .select('id')
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).id;
  const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return { database, server, sql, violations, orgIdOf, quietly };
}

type Row = Omit<AuditRow, 'hash'>;

/**
 * What someone who can write the database does to hide a row: change it, then make every later row's hash and link
 * agree again with `hash` (plain SHA-256, another key), and move the head to the new last hash.
 */
export async function rewriteTrail(
  db: ConsoleDb,
  seq: number,
  hash: (row: Row) => string,
  change: Partial<Row> = { email: 'nobody@example.com', amount_cents: 1 },
) {
  await db.updateTable('audit_events').set(change).where('seq', '=', seq).execute();
  const rows = await db.selectFrom('audit_events').selectAll().orderBy('seq').execute();
  let previous = '0'.repeat(64);
  for (const raw of rows) {
    const row = {
      ...raw,
      seq: Number(raw.seq),
      status: Number(raw.status),
      amount_cents: raw.amount_cents === null ? null : Number(raw.amount_cents),
    };
    const { hash: _old, ...rest } = row;
    const next = hash({ ...rest, prev_hash: previous });
    await db
      .updateTable('audit_events')
      .set({ prev_hash: previous, hash: next })
      .where('seq', '=', row.seq)
      .execute();
    previous = next;
  }
  await db.updateTable('audit_head').set({ hash: previous }).where('id', '=', 1).execute();
}

/** `npm run audit:verify` or `audit:reseal` as an operator runs it, with only the environment given. */
export function trailCommand(command: 'verify' | 'reseal', env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', `src/server/audit/${command}.ts`, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      CONSOLE_DB: '',
      AUDIT_KEY: '',
      AUDIT_KEY_FILE: '',
      AUDIT_HEAD_FILE: '',
      ...env,
    },
    encoding: 'utf8',
  });
}
