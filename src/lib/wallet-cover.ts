/**
 * Whether each app's wallet covers what waits to be paid from it: approved bills paid from the wallet
 * (`dots_balance`), payout requests the service has not decided, the console's approval requests that would take
 * money out, and payouts or wallet moves of batches still running. The overview says which wallet falls short, and by
 * how much; a wallet already below zero (a returned deposit took back money it had spent) is short by that much with
 * nothing waiting.
 */

export type WaitingKind = 'bills' | 'payoutRequests' | 'approvals' | 'pendingPayouts';

/** Money that waits to leave a wallet: the app's, or (null) the wallet the service pays from when none is named. */
export interface Waiting {
  appId: string | null;
  kind: WaitingKind;
  cents: number;
}

export interface WalletBalance {
  appId: string;
  appName: string;
  cents: number;
}

export interface WalletShortfall {
  appId: string;
  appName: string;
  balanceCents: number;
  waitingCents: number;
  /** How much more the wallet needs to pay everything waiting: waiting - balance, above zero. */
  shortCents: number;
  byKind: Record<WaitingKind, number>;
}

const NO_KIND: Record<WaitingKind, number> = { bills: 0, payoutRequests: 0, approvals: 0, pendingPayouts: 0 };

/**
 * The wallets that will not cover what waits for them, worst first. What names no app waits on `defaultAppId`'s
 * wallet (the one the service pays from when none is named); what names an app the organization does not list is
 * left out.
 */
export function walletShortfalls(
  wallets: readonly WalletBalance[],
  waiting: readonly Waiting[],
  defaultAppId: string | null,
): WalletShortfall[] {
  const byApp = new Map(wallets.map((wallet) => [wallet.appId, { ...NO_KIND }]));
  for (const item of waiting) {
    const kinds = byApp.get(item.appId ?? defaultAppId ?? '');
    if (kinds && item.cents > 0) kinds[item.kind] += item.cents;
  }
  return wallets
    .flatMap((wallet) => {
      const byKind = byApp.get(wallet.appId) ?? { ...NO_KIND };
      const waitingCents = Object.values(byKind).reduce((sum, cents) => sum + cents, 0);
      const shortCents = waitingCents - wallet.cents;
      return shortCents > 0
        ? [
            {
              appId: wallet.appId,
              appName: wallet.appName,
              balanceCents: wallet.cents,
              waitingCents,
              shortCents,
              byKind,
            },
          ]
        : [];
    })
    .sort((a, b) => b.shortCents - a.shortCents);
}

/** An approval request as far as its money goes: its kind and the bodies it will send. */
export interface WaitingRequest {
  kind: string;
  body: Record<string, unknown>;
}

const amountOf = (body: unknown) => {
  const amount = (body as { amount?: unknown } | null)?.amount;
  return typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : 0;
};

/**
 * What an approval request would take out of an app's wallet once approved: a payout (or a payouts file), a
 * withdrawal, a move to a user's wallet (a negative amount), a move to the organization's (a positive organization
 * transfer). Payments and deposits bring money in, and are not counted: a wallet is judged without money on its way.
 */
export function drainOfRequest(request: WaitingRequest): Waiting | null {
  const body = request.body;
  const appId = typeof body.app_id === 'string' ? body.app_id : null;
  let cents = 0;
  if ('payout' in body) cents = amountOf(body.payout);
  else if (Array.isArray(body.payouts)) cents = body.payouts.reduce((sum: number, p) => sum + amountOf(p), 0);
  else if (Array.isArray(body.moves)) {
    cents = body.moves.reduce((sum: number, move) => {
      const amount = amountOf(move);
      if (request.kind === 'withdrawal') return sum + amount;
      if (request.kind === 'transfer' || request.kind === 'transfer-batch') return sum + Math.max(0, -amount);
      if (request.kind === 'organization-transfer') return sum + Math.max(0, amount);
      return sum;
    }, 0);
  }
  return cents > 0 ? { appId, kind: 'approvals', cents } : null;
}
