/** What the console sends to POST /v2/transfers, and as each item of a transfer batch: a move of a user's wallet. */
export interface WalletMoveRequest {
  /** Signed as the vendor's: negative from the app's wallet to the user's, positive from the user's to the app's. */
  amount: number;
  user_id: string;
  idempotency_key: string;
  metadata: Record<string, string>;
}

/** A move that passed the rules, whether the form or a row of a file asked for it. */
export interface WalletMove {
  userId: string;
  /** Which way the money goes: to the user's wallet (from the app's) or from it (to the app's). */
  direction: 'to_user' | 'from_user';
  /** How much, in cents, always positive: the direction gives the sign. */
  cents: number;
  metadata?: Readonly<Record<string, string>> | undefined;
}

/**
 * The one place a wallet move's body is made, for the form and for a file's rows. Its key (a UUID, which the vendor
 * refuses once used) goes into metadata.console_request_id too: a move whose answer was lost is found by it.
 */
export function toWalletMoveRequest(
  move: WalletMove,
  extras: { idempotencyKey: string; operator?: string | undefined },
): WalletMoveRequest {
  const metadata: Record<string, string> = { ...move.metadata, console_request_id: extras.idempotencyKey };
  if (extras.operator) metadata.initiated_by = extras.operator;
  return {
    amount: move.direction === 'to_user' ? -move.cents : move.cents,
    user_id: move.userId,
    idempotency_key: extras.idempotencyKey,
    metadata,
  };
}
