import type { Db } from '../store/db';
import {
  type StatusHistoryRow,
  statusHistoryOf,
  type TransactionRow,
  type TransferRow,
  transactionsOf,
} from '../store/transfers';

function parseStored(json: string | null): unknown {
  return json === null ? null : JSON.parse(json);
}

function groupBy<T extends { transfer_id: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(row.transfer_id);
    if (list) list.push(row);
    else groups.set(row.transfer_id, [row]);
  }
  return groups;
}

function transactionView(row: TransactionRow) {
  return {
    id: row.id,
    amount: row.amount,
    created: row.created,
    source_name: row.source_name,
    destination_name: row.destination_name,
    type: row.type,
    metadata: parseStored(row.metadata),
    transfer_id: row.transfer_id,
  };
}

function transferView(row: TransferRow, transactions: TransactionRow[], history: StatusHistoryRow[]) {
  return {
    id: row.id,
    created: row.created,
    user_id: row.user_id,
    customer_id: row.customer_id,
    status: row.status,
    type: row.type,
    amount: row.amount,
    external_data: { account_id: row.account_id, external_id: row.external_id, platform: row.platform },
    transactions: transactions.map(transactionView),
    payout_link_id: null,
    metadata: parseStored(row.metadata),
    status_history: history.map(({ status, at }) => ({ status, at })),
    failure_reason: row.failure_code ? { code: row.failure_code, message: row.failure_message ?? '' } : null,
  };
}
export type TransferView = ReturnType<typeof transferView>;

/** Transfers as the API shows them, with their transactions and history read in one query each. */
export function transferViews(db: Db, rows: readonly TransferRow[]): TransferView[] {
  const ids = rows.map((row) => row.id);
  const transactions = groupBy(transactionsOf(db, ids));
  const history = groupBy(statusHistoryOf(db, ids));
  return rows.map((row) => transferView(row, transactions.get(row.id) ?? [], history.get(row.id) ?? []));
}

export function transferViewOf(db: Db, row: TransferRow): TransferView {
  return transferViews(db, [row])[0] as TransferView;
}
