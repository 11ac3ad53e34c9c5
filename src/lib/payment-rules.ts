import { ACCOUNT_NUMBER, ACCOUNT_NUMBER_RULE } from './account-number';
import { parseDollars, paymentAmountProblem } from './money';
import { routingNumberProblem } from './routing-number';

/** The most metadata the service takes, as serialized JSON. */
export const METADATA_MAX_BYTES = 4096;
/** What an operator may put there: the console keeps 256 bytes for its own keys (console_request_id, initiated_by). */
const OPERATOR_METADATA_MAX_BYTES = METADATA_MAX_BYTES - 256;
/** Metadata keys the console writes itself. */
export const CONSOLE_METADATA_KEYS = ['console_request_id', 'initiated_by'] as const;

/**
 * A payment as the rules see it, whether it comes from the form or from a row of a file: what must hold before
 * anything is sent. The form and the batch file both check their payments with `paymentProblems`: one set of rules.
 */
export interface PaymentDraft {
  amount: string;
  /** Paid from bank details (null when from a stored account). */
  bank: { accountNumber: string; routingNumber: string } | null;
  /** The stored account (when `bank` is null); '' when none was chosen. */
  storedAccountId: string;
  metadata: readonly { key: string; value: string }[];
}

export interface PaymentProblem {
  /** `amount`, `accountNumber`, `routingNumber`, `accountId`, `metadata`, `metadata.<i>.key` or `.value`. */
  path: string;
  message: string;
}

export function paymentProblems(draft: PaymentDraft): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });

  const amount = parseDollars(draft.amount);
  if (!amount.ok) problem('amount', amount.problem);
  else {
    const bound = paymentAmountProblem(amount.cents);
    if (bound) problem('amount', bound);
  }

  if (draft.bank) {
    const account = draft.bank.accountNumber.replaceAll(' ', '');
    if (!account) problem('accountNumber', 'Enter the account number');
    else if (!ACCOUNT_NUMBER.test(account)) problem('accountNumber', ACCOUNT_NUMBER_RULE);
    const routing = routingNumberProblem(draft.bank.routingNumber.trim());
    if (routing) problem('routingNumber', routing);
  } else if (!draft.storedAccountId) problem('accountId', 'Choose an account on file');

  problems.push(...metadataProblems(draft.metadata));
  return problems;
}

/** The rules of metadata rows, for a payment and a payout alike: keys, sizes, the console's own keys. */
export function metadataProblems(rows: readonly { key: string; value: string }[]): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  const keys = new Set<string>();
  rows.forEach((row, index) => {
    const key = row.key.trim();
    if (!key && row.value.trim()) problem(`metadata.${index}.key`, 'Give this value a key');
    if (key.length > 40) problem(`metadata.${index}.key`, 'A key is at most 40 characters');
    if (key && keys.has(key)) problem(`metadata.${index}.key`, 'This key is already used');
    if ((CONSOLE_METADATA_KEYS as readonly string[]).includes(key)) {
      problem(`metadata.${index}.key`, 'The console sets this key itself');
    }
    keys.add(key);
    if (row.value.length > 500) problem(`metadata.${index}.value`, 'A value is at most 500 characters');
  });
  const metadata = Object.fromEntries(rows.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value]));
  if (new TextEncoder().encode(JSON.stringify(metadata)).length > OPERATOR_METADATA_MAX_BYTES) {
    problem('metadata', `Metadata is at most ${OPERATOR_METADATA_MAX_BYTES} bytes in all`);
  }
  return problems;
}
