import { createHmac } from 'node:crypto';
import type { ConsoleDb, ConsoleTables } from '../db/database';
import { sha256Hex } from '../identity/secrets';
import { type AuditHead, type AuditHeadFile, formatHead } from './head-file';
import type { AuditKey } from './key';

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

export type AuditRow = ConsoleTables['audit_events'];

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

/**
 * Appends a line to the trail. The head row is updated first, inside the transaction: on PostgreSQL that locks it,
 * on SQLite it takes the write lock, so two servers appending at once wait for each other and the chain stays one.
 */
export async function appendAudit(
  db: ConsoleDb,
  key: AuditKey,
  entry: AuditEntry,
  now = new Date(),
): Promise<AuditHead> {
  return db.transaction().execute((trx) => appendAuditIn(trx, key, entry, now));
}

/** Appends a line inside a transaction the caller holds (lines that must commit with a change, or not at all). */
export async function appendAuditIn(
  trx: ConsoleDb,
  key: AuditKey,
  entry: AuditEntry,
  now = new Date(),
): Promise<AuditHead> {
  // The hash returned is still the previous row's: it is replaced below, once this row's is known.
  const head = await trx
    .updateTable('audit_head')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', 1)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  const row: Omit<AuditRow, 'hash'> = {
    seq: Number(head.seq),
    at: now.toISOString(),
    org_id: entry.orgId,
    member_id: entry.memberId,
    email: entry.email?.slice(0, 320) ?? null,
    role: entry.role,
    action: entry.action,
    targets: entry.targets.join(' '),
    outcome: entry.outcome,
    status: entry.status,
    request_id: entry.requestId?.slice(0, 200) ?? null,
    client_address: entry.clientAddress?.slice(0, 100) ?? null,
    detail: entry.detail?.slice(0, 500) ?? null,
    amount_cents: entry.amountCents ?? null,
    prev_hash: head.hash,
  };
  const hash = rowHash(row, key);
  await trx
    .insertInto('audit_events')
    .values({ ...row, hash })
    .execute();
  await trx.updateTable('audit_head').set({ hash }).where('id', '=', 1).execute();
  return { seq: row.seq, hash };
}

export type VerifyResult =
  | { ok: true; rows: number; head: { seq: number; hash: string } }
  | { ok: false; rows: number; brokenAt: number; why: string };

function numbered(raw: AuditRow): AuditRow {
  return {
    ...raw,
    seq: Number(raw.seq),
    status: Number(raw.status),
    amount_cents:
      raw.amount_cents === null || raw.amount_cents === undefined ? null : Number(raw.amount_cents),
  };
}

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
    const rows = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(pageSize)
      .execute();
    for (const raw of rows) {
      const row = numbered(raw);
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
  const head = await db
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (head && (Number(head.seq) !== rows || head.hash !== previous)) {
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
  await db.transaction().execute(async (trx) => {
    // Taken first, as an append does: two servers starting at once take it one after the other.
    const head = await trx
      .updateTable('audit_head')
      .set((eb) => ({ seq: eb('seq', '+', 0) }))
      .where('id', '=', 1)
      .returning(['seq', 'key_check'])
      .executeTakeFirstOrThrow();
    if (head.key_check === check) return;
    if (head.key_check !== null) {
      throw new Error(
        'The audit key (AUDIT_KEY or its key file) is not the one this audit trail was written with: start with that key',
      );
    }
    if (Number(head.seq) === 0) {
      await trx.updateTable('audit_head').set({ key_check: check }).where('id', '=', 1).execute();
    }
  });
}

/** The command an operator runs, with the key, once the rows are as they should be: the trail is sealed again. */
export const RESEAL_COMMAND = 'npm run audit:reseal -- --i-understand-this-trusts-the-database';

/** What a server found of its trail when it started: verified under the key and through the head noted outside. */
export type TrailCheck = VerifyResult & {
  /** The head noted in the head file before this start (null: no file, or none in it yet). */
  noted: AuditHead | null;
  headFile: string | null;
  checkedAt: string;
};

/**
 * Verifies the whole chain under the key and, when a head was noted outside the database, that the chain still passes
 * through it. The server says what it found at each start; it never repairs anything (audit:reseal does, when an
 * operator runs it).
 */
export async function checkAuditTrail(
  db: ConsoleDb,
  key: AuditKey,
  headFile: AuditHeadFile | null,
  now = new Date(),
): Promise<TrailCheck> {
  let noted: AuditHead | null = null;
  let unreadable: string | null = null;
  try {
    noted = headFile?.read() ?? null;
  } catch (error) {
    unreadable = (error as Error).message;
  }
  const result = await verifyAudit(db, key, noted ? { expect: noted } : {});
  const at = { noted, headFile: headFile?.path ?? null, checkedAt: now.toISOString() };
  if (unreadable && result.ok) {
    return { ok: false, rows: result.rows, brokenAt: result.rows + 1, why: unreadable, ...at };
  }
  return { ...result, ...at };
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
  return db.transaction().execute(async (trx) => {
    const head = await trx
      .updateTable('audit_head')
      .set((eb) => ({ seq: eb('seq', '+', 0) }))
      .where('id', '=', 1)
      .returning(['seq', 'hash'])
      .executeTakeFirstOrThrow();
    const from = { seq: Number(head.seq), hash: head.hash };
    const before = await verifyAudit(trx, key);
    let previous = GENESIS;
    let seq = 0;
    for (;;) {
      const rows = await trx
        .selectFrom('audit_events')
        .selectAll()
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(5000)
        .execute();
      for (const raw of rows) {
        const { hash: _old, ...rest } = numbered(raw);
        const hash = rowHash({ ...rest, prev_hash: previous }, key);
        await trx
          .updateTable('audit_events')
          .set({ prev_hash: previous, hash })
          .where('seq', '=', rest.seq)
          .execute();
        previous = hash;
        seq = rest.seq;
      }
      if (rows.length < 5000) break;
    }
    await trx
      .updateTable('audit_head')
      .set({ seq, hash: previous, key_check: check })
      .where('id', '=', 1)
      .execute();
    const brokenAt = before.ok ? null : before.brokenAt;
    const detail = `Re-sealed under the audit key from head ${formatHead(from)}${
      brokenAt === null ? ', which verified' : `; the first row that did not verify was ${brokenAt}`
    }`;
    const orgs = await trx.selectFrom('organizations').select('id').execute();
    let to = { seq, hash: previous };
    for (const org of orgs.length > 0 ? orgs.map((o) => o.id) : [null]) {
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

export interface AuditFilter {
  orgId: string;
  memberId?: string | undefined;
  action?: string | undefined;
  outcome?: AuditOutcome | undefined;
  /** ISO times, from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Rows before this sequence number (the next page of a newest-first list). */
  before?: number | undefined;
  limit: number;
}

export async function listAudit(db: ConsoleDb, filter: AuditFilter): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_events').selectAll().where('org_id', '=', filter.orgId);
  if (filter.memberId) query = query.where('member_id', '=', filter.memberId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.before) query = query.where('seq', '<', filter.before);
  const rows = await query.orderBy('seq', 'desc').limit(filter.limit).execute();
  return rows.map(numbered);
}

/** Failed sign-ins since `since`, for one email or one address. */
export async function countFailedSignIns(
  db: ConsoleDb,
  by: { email: string } | { address: string },
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  let query = db
    .selectFrom('audit_events')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('action', '=', 'sign-in')
    .where('outcome', '=', 'refused')
    .where('status', '=', 401)
    .where('at', '>=', since);
  query =
    'email' in by ? query.where('email', '=', by.email) : query.where('client_address', '=', by.address);
  const row = await query.executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: (row?.oldest as string | null) ?? null };
}
