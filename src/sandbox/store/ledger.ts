import type { Db } from './db';
import { pageFrom, sql } from './prepare';

/**
 * The ledger's SQL: lines of transactions, one per wallet a movement touches, signed in cents from that wallet's side.
 * A wallet's balance is the sum of its lines; the balance columns are caches written here, with the line, and nowhere
 * else (domain/ledger.ts is the one caller).
 */

export type WalletKind = 'organization' | 'app' | 'user';

export interface WalletRef {
  kind: WalletKind;
  /** The organization's, the app's or the user's id. */
  id: string;
}

export interface LineRow {
  transfer_id: string | null;
  type: string;
  amount: number;
  source_name: string;
  destination_name: string;
  metadata: string | null;
  created: string;
  created_ms: number;
  org_id: string;
  wallet: WalletRef;
}

/**
 * A transaction as the API shows it, for the row `x`: the vendor's fields, and (an extension) the wallet whose line it
 * is. A line without a transfer or a wallet leaves the field out rather than sending null.
 */
export const TRANSACTION_JSON = `json_remove(json_object(
      'id', x.id,
      'amount', x.amount,
      'created', x.created,
      'source_name', x.source_name,
      'destination_name', x.destination_name,
      'type', x.type,
      'metadata', json(x.metadata),
      'transfer_id', x.transfer_id,
      'wallet', json_object('type', x.wallet_kind, 'id', x.wallet_id)),
    CASE WHEN x.transfer_id IS NULL THEN '$.transfer_id' ELSE '$._' END,
    CASE WHEN x.wallet_id IS NULL THEN '$.wallet' ELSE '$._' END)`;

/** Writes one line and moves its wallet's cached balance by the same amount. Call inside a transaction. */
export function insertLine(db: Db, line: LineRow): number {
  const id = sql(
    db,
    `INSERT INTO transactions (transfer_id, transfer_seq, type, amount, source_name, destination_name, metadata,
       created, org_id, wallet_kind, wallet_id, created_ms)
     VALUES (?, (SELECT seq FROM transfers WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    line.transfer_id,
    line.transfer_id,
    line.type,
    line.amount,
    line.source_name,
    line.destination_name,
    line.metadata,
    line.created,
    line.org_id,
    line.wallet.kind,
    line.wallet.id,
    line.created_ms,
  ).lastInsertRowid;
  // organizations.balance is the organization's money: its own wallet and its apps' (GET /v2/organizations).
  if (line.wallet.kind === 'user') {
    sql(db, 'UPDATE users SET wallet = wallet + ? WHERE id = ?').run(line.amount, line.wallet.id);
  } else {
    if (line.wallet.kind === 'app') {
      sql(db, 'UPDATE apps SET balance = balance + ? WHERE id = ?').run(line.amount, line.wallet.id);
    }
    sql(db, 'UPDATE organizations SET balance = balance + ? WHERE id = ?').run(line.amount, line.org_id);
  }
  return Number(id);
}

/** A wallet's balance as the sum of its lines (the index ledger_by_wallet holds every amount it reads). */
export function sumOfLines(db: Db, walletId: string): number {
  return (
    sql<number>(db, 'SELECT COALESCE(sum(amount), 0) FROM transactions WHERE wallet_id = ?')
      .pluck()
      .get(walletId) ?? 0
  );
}

/** Where a transfer's money went out to: the destination of its first line out of a wallet, if it has one. */
export function paidOutTo(db: Db, transferId: string): string | undefined {
  return sql<string>(
    db,
    'SELECT destination_name FROM transactions WHERE transfer_id = ? AND amount < 0 ORDER BY id LIMIT 1',
  )
    .pluck()
    .get(transferId);
}

/** The organization's users' wallets: how much they hold together and how many hold any. */
export function usersWallets(db: Db, orgId: string): { balance: number; count: number } {
  return (
    sql<{ balance: number; count: number }>(
      db,
      'SELECT COALESCE(sum(wallet), 0) AS balance, count(*) FILTER (WHERE wallet <> 0) AS count FROM users WHERE org_id = ?',
    ).get(orgId) ?? { balance: 0, count: 0 }
  );
}

/**
 * An app's payments on their way in: their lines are in its balance, and their money has not arrived (on
 * payments_by_app, a range of the app's few payments in those states).
 */
export function paymentsOnTheirWay(db: Db, appId: string): { amount: number; count: number } {
  return (
    sql<{ amount: number; count: number }>(
      db,
      `SELECT COALESCE(sum(amount), 0) AS amount, count(*) AS count FROM transfers
       WHERE app_id = ? AND type = 'payment' AND status IN ('created', 'pending', 'flagged')`,
    ).get(appId) ?? { amount: 0, count: 0 }
  );
}

/** A wallet's cached balance: every line, the money on its way in included. */
export function cachedBalance(db: Db, wallet: WalletRef, orgId: string): number {
  switch (wallet.kind) {
    case 'user':
      return sql<number>(db, 'SELECT wallet FROM users WHERE id = ?').pluck().get(wallet.id) ?? 0;
    case 'app':
      return sql<number>(db, 'SELECT balance FROM apps WHERE id = ?').pluck().get(wallet.id) ?? 0;
    default:
      // The organization's own wallet is not cached apart from its apps': its lines say it.
      return orgId === wallet.id ? sumOfLines(db, wallet.id) : 0;
  }
}

export interface LedgerFilter {
  orgId: string;
  walletId?: string | undefined;
  /** Lines of movements whose money left this wallet, or went into that one (both lines of a move between two). */
  sourceId?: string | undefined;
  destinationId?: string | undefined;
  type?: string | undefined;
  startMs?: number | undefined;
  endMs?: number | undefined;
  /** Only a bill's lines (true), or none of them (false): its payment is a `payout` line, its return a `balance` one. */
  bill?: boolean | undefined;
}

/** A line that pays a bill or gives its payment back: one of those two types, the bill named in its metadata. */
const BILL_LINE = `(type IN ('payout', 'balance') AND json_extract(metadata, '$.payable_id') IS NOT NULL)`;

export interface LedgerCursor {
  createdMs: number;
  id: number;
}

function whereOf(filter: LedgerFilter, params: Record<string, unknown>): string[] {
  // A wallet's lines are found by its id alone, on ledger_by_wallet (ids are UUIDs, unique across kinds; the domain
  // has checked the wallet is the organization's): a user's few lines among a million are a range, not a scan.
  const where: string[] = [];
  if (filter.walletId) {
    where.push('wallet_id = @walletId');
    params.walletId = filter.walletId;
  } else {
    where.push('org_id = @orgId');
    params.orgId = filter.orgId;
  }
  // A movement's lines are written together (domain/ledger.ts's post()): one transfer, one instant. A line is of a
  // movement out of S when it is S's own negative line, or a line written with one.
  const side = (name: 'sourceId' | 'destinationId', sign: '<' | '>') => {
    const id = filter[name];
    if (!id) return;
    where.push(
      `((x.wallet_id = @${name} AND x.amount ${sign} 0) OR (x.transfer_id IS NOT NULL AND EXISTS (
         SELECT 1 FROM transactions y WHERE y.transfer_id = x.transfer_id
           AND y.created_ms = x.created_ms AND y.wallet_id = @${name} AND y.amount ${sign} 0)))`,
    );
    params[name] = id;
  };
  side('sourceId', '<');
  side('destinationId', '>');
  if (filter.type) {
    where.push('type = @type');
    params.type = filter.type;
  }
  if (filter.bill !== undefined) where.push(filter.bill ? BILL_LINE : `NOT ${BILL_LINE}`);
  if (filter.startMs !== undefined) {
    where.push('created_ms >= @startMs');
    params.startMs = filter.startMs;
  }
  if (filter.endMs !== undefined) {
    where.push('created_ms <= @endMs');
    params.endMs = filter.endMs;
  }
  return where;
}

/**
 * One page of the ledger, newest first, by keyset on (created_ms, id): the filter and the order are one index's
 * (ledger_by_org, ledger_by_org_type or ledger_by_wallet), so that a first page costs the same at any size.
 */
export function pageOfLines(
  db: Db,
  filter: LedgerFilter,
  options: {
    limit: number;
    after?: LedgerCursor | undefined;
    before?: LedgerCursor | undefined;
    withTransfer: string | null;
  },
): { rows: string[]; more: boolean } {
  const params: Record<string, unknown> = { take: options.limit + 1 };
  const where = whereOf(filter, params);
  const cursor = options.after ?? options.before;
  if (cursor) {
    where.push(`(created_ms, id) ${options.before ? '>' : '<'} (@cursorMs, @cursorId)`);
    params.cursorMs = cursor.createdMs;
    params.cursorId = cursor.id;
  }
  const direction = options.before ? 'ASC' : 'DESC';
  const json = options.withTransfer
    ? `json_set(${TRANSACTION_JSON}, '$.transfer', json((SELECT ${options.withTransfer} FROM transfers t WHERE t.id = x.transfer_id)))`
    : TRANSACTION_JSON;
  const rows = sql<string>(
    db,
    `SELECT ${json} FROM transactions x WHERE ${where.join(' AND ')}
     ORDER BY created_ms ${direction}, id ${direction} LIMIT @take`,
  )
    .pluck()
    .all(params);
  return pageFrom(rows, options.limit, options.before !== undefined);
}

export function findLine(
  db: Db,
  orgId: string,
  id: number,
): { id: number; created_ms: number; json: string } | undefined {
  return sql<{ id: number; created_ms: number; json: string }>(
    db,
    `SELECT x.id, x.created_ms, ${TRANSACTION_JSON} AS json FROM transactions x WHERE x.id = ? AND x.org_id = ?`,
  ).get(id, orgId);
}

/**
 * The range's lines summed by type, a bill's apart from the rest of its type: what each kind of movement added to (or
 * took from) the wallets filtered. A bill's payment is written as the vendor's `payout` line (and its return as a
 * `balance` one) marked with the bill in its metadata; only those two types' metadata is read.
 */
export function totalsByType(
  db: Db,
  filter: LedgerFilter,
): { type: string; bill: boolean; amount: number; count: number }[] {
  const params: Record<string, unknown> = {};
  const where = whereOf(filter, params);
  return sql<{ type: string; bill: number; amount: number; count: number }>(
    db,
    `SELECT type, ${BILL_LINE} AS bill,
       sum(amount) AS amount, count(*) AS count
     FROM transactions x WHERE ${where.join(' AND ')}
     GROUP BY type, bill ORDER BY type, bill`,
  )
    .all(params)
    .map((row) => ({ ...row, bill: row.bill === 1 }));
}

/** Every wallet with a line, and its sum: what the property test compares with the caches. */
export function sumsByWallet(db: Db): { org_id: string; kind: WalletKind; id: string; sum: number }[] {
  return sql<{ org_id: string; kind: WalletKind; id: string; sum: number }>(
    db,
    `SELECT org_id, wallet_kind AS kind, wallet_id AS id, sum(amount) AS sum FROM transactions
     WHERE wallet_id IS NOT NULL GROUP BY org_id, wallet_kind, wallet_id`,
  ).all();
}
