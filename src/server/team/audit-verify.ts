import { parseArgs } from 'node:util';
import { serverConfigFromEnv } from '../config';
import { verifyAudit } from './audit';
import { auditKeyFrom } from './audit-key';
import { openConsoleDatabase } from './database';

/**
 * `npm run audit:verify [-- --expect SEQ:HASH]`: walks the console database's audit chain (CONSOLE_DB or DATABASE_URL,
 * with the audit key as the server finds it) and names the first row that does not hold; prints the head to note
 * down. With `--expect`, a head noted earlier must still be in the chain (a cut tail fails). Exit code 1 when broken.
 */
const { values } = parseArgs({ options: { expect: { type: 'string' } } });
let expect: { seq: number; hash: string } | undefined;
if (values.expect) {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(values.expect.trim());
  if (!match) {
    console.error('--expect takes the head as SEQ:HASH, as this command prints it');
    process.exit(2);
  }
  expect = { seq: Number(match[1]), hash: match[2] as string };
}
const { consoleDb } = serverConfigFromEnv();
const key = auditKeyFrom(process.env, consoleDb);
const database = await openConsoleDatabase(consoleDb);
try {
  const result = await verifyAudit(database.db, key, expect ? { expect } : {});
  if (result.ok) {
    console.log(`Audit trail verified: ${result.rows} rows, one unbroken chain under the audit key.`);
    console.log(`Head: ${result.head.seq}:${result.head.hash}`);
    if (expect) console.log(`It still passes through the head you noted (${expect.seq}).`);
  } else {
    console.error(
      `Audit trail broken at row ${result.brokenAt}: ${result.why} (${result.rows} rows verified before it).`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
