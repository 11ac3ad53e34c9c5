import { findLine, type LedgerCursor, pageOfLines, totalsByType } from '../store/ledger';
import { findApp, findUser } from '../store/tenants';
import { TRANSFER_JSON } from '../store/transfers';
import type { Caller } from './auth';
import { found, notFoundOrUnauthorized } from './errors';
import { DEFAULT_PAGE_SIZE } from './pages';

/**
 * The ledger as the API reads it (GET /v2/transactions): every line of every wallet of the organization, newest first,
 * by keyset pages; filters (extensions) by wallet, by the wallet a movement's money left or went into, type and dates;
 * totals by type for a range (an extension).
 */

export interface TransactionQuery {
  limit?: number | undefined;
  starting_after?: number | undefined;
  ending_before?: number | undefined;
  include_transfer?: 'true' | 'false' | undefined;
  wallet_id?: string | undefined;
  source_wallet_id?: string | undefined;
  destination_wallet_id?: string | undefined;
  type?: string | undefined;
  start_date?: number | undefined;
  end_date?: number | undefined;
  bill?: 'true' | 'false' | undefined;
}

/** A wallet filter names one of the organization's wallets: anything else is the one refusal for what is not theirs. */
function checkWallet({ db, tenant }: Caller, walletId: string | undefined): void {
  if (!walletId || walletId === tenant.orgId) return;
  if (findApp(db, tenant.orgId, walletId) || findUser(db, tenant.orgId, walletId)) return;
  throw notFoundOrUnauthorized();
}

function filterOf(caller: Caller, query: TransactionQuery) {
  checkWallet(caller, query.wallet_id);
  checkWallet(caller, query.source_wallet_id);
  checkWallet(caller, query.destination_wallet_id);
  return {
    orgId: caller.tenant.orgId,
    walletId: query.wallet_id,
    sourceId: query.source_wallet_id,
    destinationId: query.destination_wallet_id,
    type: query.type,
    startMs: query.start_date,
    endMs: query.end_date,
    bill: query.bill === undefined ? undefined : query.bill === 'true',
  };
}

export function listTransactions(caller: Caller, query: TransactionQuery): string {
  const { db, tenant } = caller;
  const cursor = (id: number | undefined): LedgerCursor | undefined => {
    if (id === undefined) return undefined;
    const line = found(findLine(db, tenant.orgId, id));
    return { createdMs: line.created_ms, id: line.id };
  };
  const page = pageOfLines(db, filterOf(caller, query), {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: cursor(query.starting_after),
    before: cursor(query.ending_before),
    withTransfer: query.include_transfer === 'true' ? TRANSFER_JSON : null,
  });
  return `{"data":[${page.rows.join(',')}],"has_more":${page.more}}`;
}

export function transactionOf({ db, tenant }: Caller, id: number): string {
  return found(findLine(db, tenant.orgId, id)).json;
}

/** Each type's sum and count over the range, and their net: what the range changed the wallets filtered by. */
export function transactionTotals(caller: Caller, query: TransactionQuery) {
  const totals = totalsByType(caller.db, filterOf(caller, query));
  return { totals, net: totals.reduce((sum, row) => sum + row.amount, 0) };
}
