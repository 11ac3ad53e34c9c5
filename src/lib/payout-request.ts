import type { PayoutRail } from './payout-methods';

/** What the console sends to POST /v2/payouts (the vendor's `payout-create-request`), always funded by the app. */
export interface CreatePayoutRequest {
  user_id: string;
  amount: number;
  platform: PayoutRail | 'default';
  account_id?: string;
  fund: true;
  idempotency_key: string;
  metadata?: Record<string, string>;
}

/** A payout that passed the rules, whether the form or a row of a file asked for it. */
export interface Payout {
  userId: string;
  cents: number;
  /** The saved method it goes to: its rail, and for a bank account the account's id. */
  method: { platform: PayoutRail | 'default'; accountId?: string | undefined };
  metadata: Readonly<Record<string, string>>;
}

/**
 * The one place a payout's request body is made, for the form and for a file's rows. Its idempotency key is a UUID
 * (the vendor's rule for payouts) and goes into metadata.console_request_id too: a payout whose answer was lost is
 * found by it, because sending the same key again is refused rather than answered. Only a bank account is named by
 * id; a wallet (PayPal, Venmo, Cash App) is the user's one of that kind.
 */
export function toPayoutRequest(
  payout: Payout,
  extras: { idempotencyKey: string; operator?: string | undefined },
): CreatePayoutRequest {
  const metadata: Record<string, string> = { ...payout.metadata, console_request_id: extras.idempotencyKey };
  if (extras.operator) metadata.initiated_by = extras.operator;
  return {
    user_id: payout.userId,
    amount: payout.cents,
    platform: payout.method.platform,
    ...(payout.method.platform === 'ach' && payout.method.accountId
      ? { account_id: payout.method.accountId }
      : {}),
    fund: true,
    idempotency_key: extras.idempotencyKey,
    metadata,
  };
}
