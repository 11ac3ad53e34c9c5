import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type ConsoleDatabase, openConsoleDatabase } from '../db/database';
import type {} from './global-setup';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty, migrated database of this backend (its own PostgreSQL database, or its own SQLite file). */
  open(): Promise<ConsoleDatabase & { url?: string }>;
}

const postgres = inject('postgres');

/** The run's PostgreSQL cluster, where it has one (an empty database is made in it with freshPostgresUrl). */
export const postgresOfRun: string | null = 'url' in postgres ? postgres.url : null;

/** A new database in the run's cluster, so that test files running side by side never meet. */
export async function freshPostgresUrl(base: string): Promise<string> {
  const name = `console_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The backends the store's suite runs on: SQLite always, PostgreSQL where the run has one. */
export const BACKENDS: Backend[] = [
  { name: 'sqlite', open: () => openConsoleDatabase({ file: ':memory:' }) },
  ...('url' in postgres
    ? [
        {
          name: 'postgres' as const,
          open: async () => {
            const url = await freshPostgresUrl(postgres.url);
            return { ...(await openConsoleDatabase({ url })), url };
          },
        },
      ]
    : []),
];
