import { parseArgs } from 'node:util';
import { serverConfigFromEnv } from '../config';
import { openConsoleDatabase } from '../db/database';
import { resealAuditChain } from './chain';
import { AuditHeadFile, auditHeadFileFrom, formatHead } from './head-file';
import { auditKeyFrom } from './key';

/**
 * `npm run audit:reseal -- --i-understand-this-trusts-the-database`: seals the audit chain again under the key, as its
 * rows are now. No server ever does this by itself: a trail that does not verify (rows edited, a trail written before
 * keys) is said loudly until an operator who holds the key decides that the rows are as they should be. The trail
 * gets a line naming the head it was re-sealed from; the new head is printed and written to the head file.
 */
const FLAG = 'i-understand-this-trusts-the-database';
const { values } = parseArgs({ options: { [FLAG]: { type: 'boolean' } } });
if (!values[FLAG]) {
  console.error(
    `This re-seals the audit trail as the database holds it now: whatever was changed in it becomes part of the chain.\nRun it only once the rows are as they should be, with --${FLAG}.`,
  );
  process.exit(2);
}
const { consoleDb } = serverConfigFromEnv();
const key = auditKeyFrom(process.env, consoleDb, { create: false });
const headPath = auditHeadFileFrom(process.env, consoleDb);
const database = await openConsoleDatabase(consoleDb);
try {
  const noted = headPath ? new AuditHeadFile(headPath).read() : null;
  if (noted) console.log(`The head file ${headPath} noted ${formatHead(noted)} before this.`);
  const { from, brokenAt, to } = await resealAuditChain(database.db, key);
  console.log(`Re-sealed the audit trail under the key from head ${formatHead(from)}.`);
  console.log(
    brokenAt === null
      ? 'It verified before: nothing changed but its seal.'
      : `Before, it did not verify from row ${brokenAt}: those rows are vouched for as they are now.`,
  );
  console.log(`New head: ${formatHead(to)}`);
  if (headPath) {
    const file = new AuditHeadFile(headPath);
    file.note(to);
    await file.flush();
    console.log(`Noted in ${headPath}. Restart the console servers: they check the trail when they start.`);
  } else {
    console.log('No head file (AUDIT_HEAD_FILE): note the new head somewhere the database is not.');
  }
} finally {
  await database.close();
}
