import { parseArgs } from 'node:util';
import { serverConfigFromEnv } from '../config';
import { openConsoleDatabase } from '../db/database';
import { verifyAudit } from './chain';
import { AuditHeadFile, auditHeadFileFrom, formatHead, parseHead } from './head-file';
import { auditKeyFrom } from './key';

/**
 * `npm run audit:verify [-- --expect SEQ:HASH]`: walks the console database's audit chain (CONSOLE_DB or DATABASE_URL,
 * with the audit key as the server finds it) and names the first row that does not hold; prints the head to note
 * down. The chain must pass through the head noted outside the database: the head file the servers keep
 * (AUDIT_HEAD_FILE, or beside the key file) unless `--expect` gives another (a head noted in a ticket, a log).
 * Exit code 1 when broken.
 */
const { values } = parseArgs({ options: { expect: { type: 'string' } } });
let expect = values.expect === undefined ? null : parseHead(values.expect);
if (values.expect !== undefined && !expect) {
  console.error('--expect takes the head as SEQ:HASH, as this command prints it');
  process.exit(2);
}
const { consoleDb } = serverConfigFromEnv();
const headPath = auditHeadFileFrom(process.env, consoleDb);
let source = '--expect';
if (!expect && headPath) {
  expect = new AuditHeadFile(headPath).read();
  source = `the head file ${headPath}`;
  if (!expect) console.log(`No head noted in ${headPath} yet: the chain is checked without one.`);
} else if (!expect) {
  console.log(
    'No head file (AUDIT_HEAD_FILE) and no --expect: the chain is checked without a head noted elsewhere.',
  );
}
const key = auditKeyFrom(process.env, consoleDb, { create: false });
const database = await openConsoleDatabase(consoleDb);
try {
  if (expect) console.log(`Head noted in ${source}: ${formatHead(expect)}`);
  const result = await verifyAudit(database.db, key, expect ? { expect } : {});
  if (result.ok) {
    console.log(`Audit trail verified: ${result.rows} rows, one unbroken chain under the audit key.`);
    console.log(`Head: ${formatHead(result.head)}`);
    if (expect) console.log(`It still passes through the head noted in ${source} (row ${expect.seq}).`);
  } else {
    console.error(
      `Audit trail broken at row ${result.brokenAt}: ${result.why} (${result.rows} rows verified before it).`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
