import { serverConfigFromEnv } from '../config';
import { verifyAudit } from './audit';
import { openConsoleDatabase } from './database';

/**
 * `npm run audit:verify`: walks the console database's audit chain (CONSOLE_DB or DATABASE_URL, as the server) and
 * names the first row that does not hold. Exit code 1 when the chain is broken.
 */
const { consoleDb } = serverConfigFromEnv();
const database = await openConsoleDatabase(consoleDb);
try {
  const result = await verifyAudit(database.db);
  if (result.ok) {
    console.log(`Audit trail verified: ${result.rows} rows, one unbroken chain.`);
  } else {
    console.error(
      `Audit trail broken at row ${result.brokenAt}: ${result.why} (${result.rows} rows verified before it).`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
