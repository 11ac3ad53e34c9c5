/**
 * The ledger's words for what the service sends as codes: a line's type, the wallet a line is in, and a range whose
 * days are the wrong way round.
 */

import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import {
  ledgerKindWords,
  ledgerLineWords,
  TRANSACTION_TYPE_WORDS,
  transactionTypeWords,
} from '../../lib/words';

/** The vendor's transaction types, as an operator says them (lib/words.ts: the CSV says the same). */
export const TYPE_LABELS = TRANSACTION_TYPE_WORDS;

export const TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * The Type filter's choices that are a bill's lines, as "Totals by type" names them: its payment (a `payout` line) and
 * its return (a `balance` one). Only a service that tells them apart (the sandbox's `bill` filter) offers them.
 */
const BILL_CHOICES = {
  'bill-payment': 'payout',
  'bill-return': 'balance',
} as const satisfies Record<string, string>;
type BillChoice = keyof typeof BILL_CHOICES;
const isBillChoice = (choice: string): choice is BillChoice => choice in BILL_CHOICES;

/** The Type filter's choices: every type, and where the service tells them apart, a bill's payment and its return. */
export function typeOptions(billsApart: boolean): { value: string; label: string }[] {
  if (!billsApart) return TYPE_OPTIONS;
  return [
    ...TYPE_OPTIONS,
    ...Object.entries(BILL_CHOICES).map(([value, type]) => ({ value, label: ledgerKindWords(type, true) })),
  ];
}

/**
 * What a Type choice asks of the service. Where it tells a bill's lines apart, "Payout" and "Balance move" leave them
 * out (they have their own choices, as their own rows in the totals); where it does not, a type is sent as it is,
 * and a bill's choice (from an old address) asks for nothing it could not answer.
 */
export function typeFilter(
  choice: string | undefined,
  billsApart: boolean,
): { type?: string; bill?: 'true' | 'false' } {
  if (!choice) return {};
  if (isBillChoice(choice)) return billsApart ? { type: BILL_CHOICES[choice], bill: 'true' } : {};
  if (billsApart && Object.values(BILL_CHOICES).some((type) => type === choice)) {
    return { type: choice, bill: 'false' };
  }
  return { type: choice };
}

/** What the Type filter says beside it where the service cannot tell a bill's payment from a payout. */
export const BILLS_NOT_APART = 'Payouts include bill payments here: the service does not tell them apart';

/**
 * The accessible name of a ledger line's link to its transfer: what moved, how much, between whom and when, so that
 * each of a page's links says which it opens (its visible text stays "Open transfer", which the name starts with).
 */
export function openTransferName(line: {
  type?: string | null | undefined;
  metadata?: unknown;
  amount: number | string;
  source_name?: string | null | undefined;
  destination_name?: string | null | undefined;
  created?: string | null | undefined;
}): string {
  const between = [
    line.source_name ? `from ${line.source_name}` : '',
    line.destination_name ? `to ${line.destination_name}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const what = [ledgerLineWords(line), formatCents(Number(line.amount)), between].filter(Boolean).join(' ');
  return `Open transfer: ${what}, ${formatDateTime(line.created)}`;
}

/** A type's words; one the console does not know is shown as it came. */
export const typeLabel = transactionTypeWords;

interface KnownWallets {
  organization: { id: string; name: string };
  apps: readonly { id: string; name: string }[];
}

/**
 * The wallet a line is in, by name: the organization's, an app's, or a user's (named by the line itself: money into a
 * user's wallet goes to them, money out of it comes from them).
 */
export function walletName(
  line: {
    wallet?: { type?: string | null; id?: string | null } | null;
    amount: number | string;
    source_name?: string | null;
    destination_name?: string | null;
  },
  known: KnownWallets | undefined,
): string {
  const wallet = line.wallet;
  if (!wallet?.type) return '';
  if (wallet.type === 'organization') {
    return known && known.organization.id === wallet.id
      ? `${known.organization.name} (organization)`
      : 'Organization';
  }
  if (wallet.type === 'app') {
    const app = known?.apps.find((one) => one.id === wallet.id);
    return app ? app.name : 'An app';
  }
  if (wallet.type === 'user') {
    const name = Number(line.amount) >= 0 ? line.destination_name : line.source_name;
    return name ? `${name} (user)` : 'A user';
  }
  return wallet.type;
}

/** A range whose To date comes before its From date: what to say at the To date, else null (ISO days compare as text). */
export function rangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to || to >= from) return null;
  return `Before the From date (${from}): pick a day on or after it`;
}
