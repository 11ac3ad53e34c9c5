import type { FoundByKey, SendResult } from '../lib/file-engine/run-rows';
import { classifyMoneyAnswer, type KeyOnReuse, mayResend } from '../lib/money-answer';
import type { ActivityDescription } from './activity-log';
import { ApiError } from './client';
import type { RuntimeConfig } from './runtime-config';
import type { Transfer } from './schemas';
import { KEY_LOOK_BACK_MS } from './transfers';

/**
 * One way to move money. A kind of money (a payment, a payout; a bill, a wallet's deposit, a transfer to a user's
 * wallet next) is these parameters, declared beside its fetcher; the one submission of a form
 * (components/use-money-submission.ts) and the rows of a file (sendMoneyRow, below) do the rest the same way for all:
 * a key per body, the answer classified, a look-up by key before anything is sent again.
 */
export interface MoneyKind<TDraft, TBody> {
  /** 'payment', 'payout': how the console's words name one. */
  noun: string;
  /** The one pure builder of its body (lib/payment-request.ts, lib/payout-request.ts), its key inside. */
  bodyOf: (draft: TDraft, extras: { idempotencyKey: string; operator: string | undefined }) => TBody;
  keyOf: (body: TBody) => string;
  /**
   * A key derived from the draft itself (a bill and its attempt), where one draft must never be sent under two keys
   * across reloads and pages; without it a review's key is random, kept while the draft stays the same.
   */
  keyFor?: (draft: TDraft) => string;
  /** Sends it: the transfer made, and whether the service answered a first request with this key again. */
  send: (body: TBody, route: MoneyRoute) => Promise<{ transfer: Transfer; replayed: boolean }>;
  /** Finds it by its key (findTransferByKey), among the transfers it would be in. */
  findByKey: (body: TBody) => Promise<Transfer | undefined>;
  /** What the service does with a key it has seen, in each mode: whether a resend is safe (lib/money-answer.ts). */
  keyOnReuse: Record<RuntimeConfig['mode'], KeyOnReuse>;
  /** Its line in the activity log. */
  describe: (body: TBody, transfer?: Transfer) => ActivityDescription;
}

/** Where a request goes besides its body: the app whose wallet pays, the file (SHA-256) a row comes from. */
export interface MoneyRoute {
  appId?: string | undefined;
  file?: string | undefined;
}

/**
 * Why a request that moves money did not come back made, in the browser's terms (the error `request()` threw), read
 * by the one classifier the console server's executor uses too (lib/money-answer.ts). The forms and the files act on
 * these alike.
 */
export type MoneyFailure =
  /** The service refused it (a 4xx): nothing was made, and the same body would be refused again. */
  | { kind: 'refused'; error: ApiError }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  /** The credentials were refused (401): nothing was made, and nothing will be until the operator signs in. */
  | { kind: 'signedOut'; error: ApiError }
  /**
   * No answer, a gateway that gave up, the service failing (5xx), or a key the service says it has seen (its first
   * answer was lost): it may have been made, and is looked up by its key.
   */
  | { kind: 'unknown'; error: Error };

export function moneyFailureOf(error: unknown): MoneyFailure {
  if (!(error instanceof ApiError)) return { kind: 'unknown', error: error as Error };
  switch (classifyMoneyAnswer(error.status, error.code)) {
    case 'signed-out':
      return { kind: 'signedOut', error };
    case 'rate-limited':
      return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds };
    case 'refused':
      return { kind: 'refused', error };
    default:
      return { kind: 'unknown', error };
  }
}

/**
 * One row of a file sent (its key derived from the row): created, already paid (the service answered its key again,
 * or refused it as used and the look-up found the first), or why not, as the run reads it.
 */
export async function sendMoneyRow<TDraft, TBody>(
  kind: MoneyKind<TDraft, TBody>,
  body: TBody,
  route: MoneyRoute,
): Promise<SendResult> {
  try {
    const { transfer, replayed } = await kind.send(body, route);
    const transaction = transfer.transactions?.[0];
    return {
      kind: replayed ? 'alreadyPaid' : 'created',
      transferId: transfer.id,
      ...(transaction ? { transactionId: String(transaction.id) } : {}),
    };
  } catch (error) {
    if (error instanceof ApiError && classifyMoneyAnswer(error.status, error.code) === 'key-used') {
      const found = await kind.findByKey(body);
      if (found) return { kind: 'alreadyPaid', ...foundByKeyOf(found) };
    }
    const failure = moneyFailureOf(error);
    if (failure.kind === 'refused' || failure.kind === 'unknown') {
      return { kind: failure.kind, message: failure.error.message };
    }
    return failure.kind === 'rateLimited' ? failure : { kind: 'signedOut' };
  }
}

/** A transfer found by its key as a row's look-up answers it: with its first transaction, where it has one. */
function foundByKeyOf(transfer: Transfer): FoundByKey {
  const first = transfer.transactions?.[0];
  return { transferId: transfer.id, ...(first ? { transactionId: String(first.id) } : {}) };
}

/**
 * A kind of money's rows as a file's batch runner (lib/file-engine/run-batches.ts) sends one alone and looks one up:
 * through sendMoneyRow, found by its key among the last day's transfers, sent again after a look-up that found nothing
 * only where the one rule (lib/money-answer.ts) allows it in this mode; the service's answer, the error `request()`
 * threw.
 */
export function moneyRowsOf<TDraft, TBody>(kind: MoneyKind<TDraft, TBody>, mode: RuntimeConfig['mode']) {
  return {
    findByKey: async (body: TBody): Promise<FoundByKey | null> => {
      const found = await kind.findByKey(body);
      return found ? foundByKeyOf(found) : null;
    },
    sendRow: (body: TBody, route: MoneyRoute) => sendMoneyRow(kind, body, route),
    resendAllowed: mayResend(kind.keyOnReuse[mode]),
    serviceErrorOf: (error: unknown) => (error instanceof ApiError ? error : null),
    lookBackMs: KEY_LOOK_BACK_MS,
  };
}
