import { createHmac } from 'node:crypto';
import { type ConsoleDb, transaction } from '../db/database';
import * as auditRows from '../db/repositories/team/audit-trail';
import { organizationIds } from '../db/repositories/team/organizations';
import type { AuditRow } from '../db/schema/team';
import { sha256Hex } from '../identity/secrets';
import { opsEvents } from '../ops/events';
import { type AuditHead, formatHead } from './head-file';
import type { AuditKey } from './key';
import type { AuditWitness } from './witness';

export type AuditOutcome = 'ok' | 'refused' | 'failed';

/** One line of the trail: who, what, on which ids, with what result. Never a body, a key, a password or an account. */
export interface AuditEntry {
  orgId: string | null;
  memberId: string | null;
  email: string | null;
  role: string | null;
  action: string;
  targets: string[];
  outcome: AuditOutcome;
  status: number;
  requestId: string | null;
  clientAddress: string | null;
  /** A reason a member gave for others to read (a rejection's); never a body, a key or an account. */
  detail?: string | null;
  /** The amount the line is about (a payment's, a request's), in cents. */
  amountCents?: number | null;
}

export type { AuditRow };

/** A line the console writes itself, with no member behind it: an expiry, an execution, a paid row of a file. */
export function consoleEntry(
  orgId: string,
  action: string,
  targets: string[],
  result: {
    status: number;
    outcome?: AuditOutcome;
    requestId?: string;
    detail?: string;
    amountCents?: number;
  },
): AuditEntry {
  return {
    orgId,
    memberId: null,
    email: null,
    role: 'console',
    action,
    targets,
    outcome: result.outcome ?? 'ok',
    status: result.status,
    requestId: result.requestId ?? null,
    clientAddress: null,
    detail: result.detail ?? null,
    amountCents: result.amountCents ?? null,
  };
}

const GENESIS = '0'.repeat(64);

/** The fields a row's hash covers, in order: every field and the previous row's hash. */
function hashedFields(row: Omit<AuditRow, 'hash'>): (string | number | null)[] {
  return [
    row.seq,
    row.at,
    row.org_id,
    row.member_id,
    row.email,
    row.role,
    row.action,
    row.targets,
    row.outcome,
    row.status,
    row.request_id,
    row.client_address,
    row.prev_hash,
  ];
}

/**
 * The hash of a row written before the trail had a key: plain SHA-256, which anyone who can write the database can
 * recompute. Such a row never verifies; this only tells an operator that a row that fails is in that format.
 */
export function legacyRowHash(row: Omit<AuditRow, 'hash'>): string {
  const fields = hashedFields(row);
  if (row.detail !== null && row.detail !== undefined) fields.push(row.detail);
  return sha256Hex(JSON.stringify(fields));
}

/**
 * A row's hash: an HMAC-SHA256 under the audit key, which is held outside the database. Whoever can write the
 * database but does not hold the key cannot make a row, or a later row's link, that verifies.
 */
export function rowHash(row: Omit<AuditRow, 'hash'>, key: AuditKey): string {
  const fields = [...hashedFields(row), row.detail ?? null, row.amount_cents ?? null];
  return createHmac('sha256', key.secret).update(JSON.stringify(fields)).digest('hex');
}

/** A line's text without NUL characters, which PostgreSQL refuses: a refusal's line is never lost to one. */
function printable(text: string | undefined | null): string | null {
  if (text === undefined || text === null) return null;
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

/**
 * Appends a line to the trail. The head row is updated first, inside the transaction: on PostgreSQL that locks it,
 * on SQLite it takes the write lock, so two servers appending at once wait for each other and the chain stays one.
 */
export async function appendAudit(
  db: ConsoleDb,
  key: AuditKey,
  entry: AuditEntry,
  now = new Date(),
  witness: AuditWitness | null = null,
): Promise<AuditHead> {
  return transaction(db, (trx) => appendAuditIn(trx, key, entry, now, witness));
}

/** Appends a line inside a transaction the caller holds (lines that must commit with a change, or not at all). */
export async function appendAuditIn(
  trx: ConsoleDb,
  key: AuditKey,
  entry: AuditEntry,
  now = new Date(),
  /** The server's last head: the chain appended to must pass through it (witness.ts). */
  witness: AuditWitness | null = null,
): Promise<AuditHead> {
  // The hash returned is still the previous row's: it is replaced below, once this row's is known.
  const head = await auditRows.takeNextSeq(trx);
  await witness?.vouch(trx, { seq: head.seq - 1, hash: head.hash });
  const row: Omit<AuditRow, 'hash'> = {
    seq: head.seq,
    at: now.toISOString(),
    org_id: entry.orgId,
    member_id: entry.memberId,
    email: printable(entry.email?.slice(0, 320)),
    role: entry.role,
    action: entry.action,
    targets: printable(entry.targets.join(' ')) ?? '',
    outcome: entry.outcome,
    status: entry.status,
    request_id: printable(entry.requestId?.slice(0, 200)),
    client_address: printable(entry.clientAddress?.slice(0, 100)),
    detail: printable(entry.detail?.slice(0, 500)),
    amount_cents: entry.amountCents ?? null,
    prev_hash: head.hash,
  };
  const hash = rowHash(row, key);
  await auditRows.insertAuditRow(trx, { ...row, hash });
  opsEvents.emit('audit-line', {
    action: entry.action,
    outcome: entry.outcome,
    status: entry.status,
    amountCents: entry.amountCents ?? null,
    memberId: entry.memberId,
    requestId: entry.requestId,
  });
  await auditRows.setHeadHash(trx, hash);
  return { seq: row.seq, hash };
}

export type VerifyResult =
  | { ok: true; rows: number; head: { seq: number; hash: string } }
  | { ok: false; rows: number; brokenAt: number; why: string };

/**
 * Walks the whole chain in order; names the first row whose hash, link or number does not hold. `expect` is a head
 * noted earlier (its sequence number and hash): a chain that no longer passes through it was cut or rewritten.
 */
export async function verifyAudit(
  db: ConsoleDb,
  key: AuditKey,
  options: { expect?: { seq: number; hash: string }; pageSize?: number } = {},
): Promise<VerifyResult> {
  const pageSize = options.pageSize ?? 5000;
  let previous = GENESIS;
  let expectedSeq = 1;
  let expectSeen = false;
  for (;;) {
    const rows = await auditRows.auditRowsFrom(db, expectedSeq, pageSize);
    for (const row of rows) {
      const broken = (why: string, at = row.seq): VerifyResult => ({
        ok: false,
        rows: expectedSeq - 1,
        brokenAt: at,
        why,
      });
      if (row.seq !== expectedSeq) return broken(`row ${expectedSeq} is missing`, expectedSeq);
      if (row.prev_hash !== previous) return broken('its previous hash is not the hash of the row before it');
      const { hash, ...rest } = row;
      if (rowHash(rest, key) !== hash) {
        return broken(
          legacyRowHash(rest) === hash
            ? 'its hash is in the old format without the key (plain SHA-256): written before the trail had a key, or rewritten by someone without it'
            : 'its content does not match its hash (edited, or another key)',
        );
      }
      if (options.expect && row.seq === options.expect.seq) {
        if (hash !== options.expect.hash) return broken('it is not the row of the head you noted');
        expectSeen = true;
      }
      previous = hash;
      expectedSeq++;
    }
    if (rows.length < pageSize) break;
  }
  const rows = expectedSeq - 1;
  if (options.expect && !expectSeen) {
    return {
      ok: false,
      rows,
      brokenAt: rows + 1,
      why: `the chain ends at row ${rows}, before the head you noted (row ${options.expect.seq}): its tail was cut`,
    };
  }
  const head = await auditRows.readHead(db);
  if (head && (head.seq !== rows || head.hash !== previous)) {
    return {
      ok: false,
      rows,
      brokenAt: rows + 1,
      why: `the chain ends at row ${rows} but its head says ${head.seq}`,
    };
  }
  return { ok: true, rows, head: { seq: rows, hash: previous } };
}

const KEY_CHECK_TEXT = 'payout-console audit key check v1';

function keyCheckOf(key: AuditKey): string {
  return createHmac('sha256', key.secret).update(KEY_CHECK_TEXT).digest('hex');
}

/**
 * Before a server appends anything: a new trail takes this key's check, and a trail whose check names another key
 * refuses the server (most likely a key mixed up between environments: appending under it would break the chain for
 * good). Nothing else is decided from the database: a trail without a check (written before keys, or forged and
 * stripped of it) is neither sealed nor trusted; it is verified like any other, and fails (checkAuditTrail).
 */
export async function adoptAuditKey(db: ConsoleDb, key: AuditKey): Promise<void> {
  const check = keyCheckOf(key);
  await transaction(db, async (trx) => {
    // Taken first, as an append does: two servers starting at once take it one after the other.
    const head = await auditRows.holdHead(trx);
    if (head.keyCheck === check) return;
    if (head.keyCheck !== null) {
      throw new Error(
        'The audit key (AUDIT_KEY or its key file) is not the one this audit trail was written with: start with that key',
      );
    }
    if (head.seq === 0) await auditRows.setHead(trx, { keyCheck: check });
  });
}

/**
 * The operator's explicit act (npm run audit:reseal): every row's hash made again under the key as the rows are now,
 * the head and the key's check with it, in one transaction; then a line for each organization's trail naming the head
 * it was re-sealed from. Whatever the database holds at that moment is what the trail vouches for from then on.
 */
export async function resealAuditChain(
  db: ConsoleDb,
  key: AuditKey,
  now = new Date(),
): Promise<{ from: AuditHead; brokenAt: number | null; to: AuditHead }> {
  const check = keyCheckOf(key);
  return transaction(db, async (trx) => {
    const head = await auditRows.holdHead(trx);
    const from = { seq: head.seq, hash: head.hash };
    const before = await verifyAudit(trx, key);
    let previous = GENESIS;
    let seq = 0;
    for (;;) {
      const rows = await auditRows.auditRowsFrom(trx, seq + 1, 5000);
      for (const row of rows) {
        const { hash: _old, ...rest } = row;
        const hash = rowHash({ ...rest, prev_hash: previous }, key);
        await auditRows.relinkAuditRow(trx, rest.seq, previous, hash);
        previous = hash;
        seq = rest.seq;
      }
      if (rows.length < 5000) break;
    }
    await auditRows.setHead(trx, { seq, hash: previous, keyCheck: check });
    const brokenAt = before.ok ? null : before.brokenAt;
    const detail = `Re-sealed under the audit key from head ${formatHead(from)}${
      brokenAt === null ? ', which verified' : `; the first row that did not verify was ${brokenAt}`
    }`;
    const orgs = await organizationIds(trx);
    let to = { seq, hash: previous };
    for (const org of orgs.length > 0 ? orgs : [null]) {
      to = await appendAuditIn(
        trx,
        key,
        {
          ...consoleEntry(org ?? '', 'audit.reseal', [], { status: 200, detail }),
          orgId: org,
          role: 'operator',
        },
        now,
      );
    }
    return { from, brokenAt, to };
  });
}
