import { maskAccount } from './mask';

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
 * A kind of ledger line in words, by its type and whether it is a bill's: a bill's payment (its line is the vendor's
 * `payout`) and the `balance` line that gives it back when it fails are named as a bill payment, as the Transfers and
 * Bills pages name it; the ledger's lines, its totals by type and its CSV all say it from here.
 */
export function ledgerKindWords(type: string | null | undefined, bill: boolean): string {
  if (!bill) return transactionTypeWords(type);
  return type === 'balance'
    ? `Returned ${transferTypeWords('payable').toLowerCase()}`
    : transferTypeWords('payable');
}

/** A ledger line in words: its kind's (a line is a bill's when its metadata names the bill). */
export function ledgerLineWords(line: { type?: string | null | undefined; metadata?: unknown }): string {
  const metadata = typeof line.metadata === 'string' ? parseObject(line.metadata) : line.metadata;
  const bill = Boolean(metadata && typeof metadata === 'object' && 'payable_id' in metadata);
  return ledgerKindWords(line.type, bill);
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What a bank account is called where the service gives it no name (and what kind of account it is is not known). */
export const UNNAMED_BANK_ACCOUNT = 'Bank account';

/**
 * A bank account by its name and its last four digits, the mask said once though the name may carry it already:
 * "Checking •••• 6789"; one the service gives no name is a "Bank account •••• 6789" on every page.
 */
export function bankAccountWords(account: { mask: string; name?: string | null | undefined }): string {
  const masked = maskAccount(account.mask);
  const name = account.name?.trim() || UNNAMED_BANK_ACCOUNT;
  return name.includes(masked) ? name : `${name} ${masked}`;
}
