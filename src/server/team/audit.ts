import type { ConsoleDb, ConsoleTables } from './database';
import { sha256Hex } from './secrets';

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
}

export type AuditRow = ConsoleTables['audit_events'];

/** A line the console writes itself, with no member behind it: an expiry, an execution, a paid row of a file. */
export function consoleEntry(
  orgId: string,
  action: string,
  targets: string[],
  result: { status: number; outcome?: AuditOutcome; requestId?: string },
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
  };
}

const GENESIS = '0'.repeat(64);

/** The row's hash covers every field and the previous row's hash, so an edit, an insert or a removal shows. */
export function rowHash(row: Omit<AuditRow, 'hash'>): string {
  const fields: (string | number | null)[] = [
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
  // Rows written before the column existed hash as they did then.
  if (row.detail !== null && row.detail !== undefined) fields.push(row.detail);
  return sha256Hex(JSON.stringify(fields));
}

/**
 * Appends a line to the trail. The head row is updated first, inside the transaction: on PostgreSQL that locks it,
 * on SQLite it takes the write lock, so two servers appending at once wait for each other and the chain stays one.
 */
export async function appendAudit(db: ConsoleDb, entry: AuditEntry, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
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
      prev_hash: head.hash,
    };
    const hash = rowHash(row);
    await trx
      .insertInto('audit_events')
      .values({ ...row, hash })
      .execute();
    await trx.updateTable('audit_head').set({ hash }).where('id', '=', 1).execute();
    return row.seq;
  });
}

export type VerifyResult =
  | { ok: true; rows: number }
  | { ok: false; rows: number; brokenAt: number; why: string };

/** Walks the whole chain in order; names the first row whose hash, link or number does not hold. */
export async function verifyAudit(db: ConsoleDb, pageSize = 5000): Promise<VerifyResult> {
  let previous = GENESIS;
  let expectedSeq = 1;
  for (;;) {
    const rows = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(pageSize)
      .execute();
    for (const raw of rows) {
      const row = { ...raw, seq: Number(raw.seq), status: Number(raw.status) };
      const broken = (why: string, at = row.seq): VerifyResult => ({
        ok: false,
        rows: expectedSeq - 1,
        brokenAt: at,
        why,
      });
      if (row.seq !== expectedSeq) return broken(`row ${expectedSeq} is missing`, expectedSeq);
      if (row.prev_hash !== previous) return broken('its previous hash is not the hash of the row before it');
      const { hash, ...rest } = row;
      if (rowHash(rest) !== hash) return broken('its content does not match its hash');
      previous = hash;
      expectedSeq++;
    }
    if (rows.length < pageSize) break;
  }
  const head = await db
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const rows = expectedSeq - 1;
  if (head && (Number(head.seq) !== rows || head.hash !== previous)) {
    return {
      ok: false,
      rows,
      brokenAt: rows + 1,
      why: `the chain ends at row ${rows} but its head says ${head.seq}`,
    };
  }
  return { ok: true, rows };
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
  return rows.map((row) => ({ ...row, seq: Number(row.seq), status: Number(row.status) }));
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
