/**
 * The console's words for what it counts and whose things it names, in one place as the status words are
 * (transfer-states.ts, dates.ts, names.ts): so that a page never says "1 approval(s)" or "Demo Payouts's".
 */

/** "1 approval", "2 approvals": a count with its noun (`many` where the plural is not the noun and an s). */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "Rae's", "Demo Payouts'": whose, in English, for a name that may end in an s. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/**
 * A transfer's `type` as the pages and the files say it (the service's code stays in exports beside it): a bill
 * payment is one thing everywhere, and a deposit or a withdrawal is not a "refill".
 */
export const TRANSFER_TYPE_WORDS: Readonly<Record<string, string>> = {
  payment: 'Payment',
  payout: 'Payout',
  payable: 'Bill payment',
  refill: 'Deposit or withdrawal',
  balance: 'Balance move',
  settlement: 'Settlement',
};

/** A transfer's type in words; a type the console does not know is shown as the service gave it. */
export function transferTypeWords(type: string | null | undefined): string {
  if (!type) return '—';
  return TRANSFER_TYPE_WORDS[type] ?? type;
}

/** The spelling of a status word the console shows: the service's American "canceled", on every page. */
export const CANCELED = 'canceled';

/** A ledger line's (a transaction's) `type` as the ledger page and its CSV say it. */
export const TRANSACTION_TYPE_WORDS: Readonly<Record<string, string>> = {
  refill: 'Deposit or withdrawal',
  payout: 'Payout',
  payment: 'Payment',
  fee: 'Fee',
  balance: 'Balance move (hold, return, opening)',
};

/** A transaction's type in words; one the console does not know is shown as it came. */
export function transactionTypeWords(type: string | null | undefined): string {
  if (!type) return '';
  return TRANSACTION_TYPE_WORDS[type] ?? type;
}

/**
 * A ledger line in words: its type's, except that a bill's payment (its line is the vendor's `payout`) and the line
 * that gives it back when it fails are named as a bill payment, as the Transfers page names its transfer.
 */
export function ledgerLineWords(line: { type?: string | null | undefined; metadata?: unknown }): string {
  const metadata = typeof line.metadata === 'string' ? parseObject(line.metadata) : line.metadata;
  const bill = metadata && typeof metadata === 'object' && 'payable_id' in metadata;
  if (bill) return 'returned' in metadata ? 'Returned bill payment' : transferTypeWords('payable');
  return transactionTypeWords(line.type);
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
