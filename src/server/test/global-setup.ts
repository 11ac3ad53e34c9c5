import type { TestProject } from 'vitest/node';
import { startThrowAwayPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL for the console database's suite, or why there is none. */
    postgres: { url: string } | { skipped: string };
  }
}

/** One cluster for the whole run: DATABASE_URL when given, else a throw-away one when the binaries are here. */
export default async function setup(project: TestProject) {
  const given = process.env.DATABASE_URL?.trim();
  if (given) {
    project.provide('postgres', { url: given });
    return;
  }
  const started = await startThrowAwayPostgres();
  if ('skipped' in started) {
    console.log(`PostgreSQL part of the console database suite skipped: ${started.skipped}`);
    project.provide('postgres', started);
    return;
  }
  project.provide('postgres', { url: started.url });
  return () => started.stop();
}
