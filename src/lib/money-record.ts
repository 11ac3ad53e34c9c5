import type { KeyOnReuse } from './money-answer';

/**
 * What the payout service records for each kind of money the console sends, so that a transfer found by a request's
 * key can be told to be that request's or another's. The service keeps one list of transfers, typed by what moved
 * rather than by the route that moved it (the interface's transfer types): a move between a user's wallet and an
 * app's, or between the organization's wallet and an app's, is a `balance`; a deposit and a withdrawal are a `refill`,
 * a withdrawal's amount negative.
 */
export type MoneySent =
  | 'payment'
  | 'payout'
  | 'deposit'
  | 'withdrawal'
  | 'user-transfer'
  | 'organization-transfer';

export type RecordedType = 'payment' | 'payout' | 'balance' | 'refill';

/** The transfer the service makes for one body: its type, its amount signed as the service signs it, whose it is. */
export interface MoneyRecord {
  type: RecordedType;
  amount: number;
  userId: string | null;
  customerId: string | null;
}

/** A body that moves money as the console sends it: an amount in cents and, for some kinds, a user or customer. */
export interface SentMoneyBody {
  amount: number;
  user_id?: unknown;
  customer_id?: unknown;
}

const idOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export function recordOf(kind: MoneySent, body: SentMoneyBody): MoneyRecord {
  const amount = Number(body.amount);
  switch (kind) {
    case 'payment':
      return { type: 'payment', amount, userId: idOf(body.user_id), customerId: idOf(body.customer_id) };
    case 'payout':
      return { type: 'payout', amount, userId: idOf(body.user_id), customerId: null };
    case 'deposit':
      return { type: 'refill', amount, userId: null, customerId: null };
    case 'withdrawal':
      // The body names how much leaves the wallet; the service records it as money out, negative.
      return { type: 'refill', amount: -amount, userId: null, customerId: null };
    case 'user-transfer':
      // Signed as sent: negative from the app's wallet to the user's, positive back.
      return { type: 'balance', amount, userId: idOf(body.user_id), customerId: null };
    case 'organization-transfer':
      return { type: 'balance', amount, userId: null, customerId: null };
  }
}

/** A transfer as the service lists it, in the fields a look-up by key compares. */
export interface ListedRecord {
  type?: string | undefined;
  amount?: number | string | undefined;
  user_id?: string | null | undefined;
  customer_id?: string | null | undefined;
}

/**
 * Whether a transfer found by a request's key is that request's money: the same type, signed amount and party. A key
 * read from a waiting request and spent first on other money (say $1 to someone else) puts the key on a transfer that
 * is not the request's; that transfer is never taken as the request paid.
 */
export function isRecordOf(transfer: ListedRecord, expected: MoneyRecord): boolean {
  return (
    transfer.type === expected.type &&
    Number(transfer.amount) === expected.amount &&
    (transfer.user_id ?? null) === expected.userId &&
    (transfer.customer_id ?? null) === expected.customerId
  );
}

/**
 * What each service does with a key it has seen, for each kind of money (money-answer.ts, mayResend): the sandbox
 * answers a payment's key again and refuses the others'; the vendor keeps no key for a payment, a deposit or a
 * withdrawal, so one of those whose answer was lost is never sent again, only looked up.
 */
export const KEY_ON_REUSE: Record<MoneySent, Record<'sandbox' | 'upstream', KeyOnReuse>> = {
  payment: { sandbox: 'replays', upstream: 'not-held' },
  payout: { sandbox: 'refused', upstream: 'refused' },
  deposit: { sandbox: 'refused', upstream: 'not-held' },
  withdrawal: { sandbox: 'refused', upstream: 'not-held' },
  'user-transfer': { sandbox: 'refused', upstream: 'refused' },
  'organization-transfer': { sandbox: 'refused', upstream: 'refused' },
};
