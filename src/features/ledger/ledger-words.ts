/**
 * The ledger's words for what the service sends as codes: a line's type, the wallet a line is in, and a range whose
 * days are the wrong way round.
 */

import { TRANSACTION_TYPE_WORDS, transactionTypeWords } from '../../lib/words';

/** The vendor's transaction types, as an operator says them (lib/words.ts: the CSV says the same). */
export const TYPE_LABELS = TRANSACTION_TYPE_WORDS;

export const TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

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
