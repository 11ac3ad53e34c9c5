import { classifyMoneyAnswer } from '../lib/money-answer';
import { ApiError } from './client';

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
