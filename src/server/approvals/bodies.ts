import { lastFour, maskPaymentBody } from '../../lib/mask';
import type { MoneySent } from '../../lib/money-record';
import { MOVE_KINDS, type MoveKind } from '../wallets/move-kinds';

/** What an approval request pays, as it is kept: the bodies sent as they were approved, and what the server adds. */

export type PaymentBody = Record<string, unknown> & { amount: number; idempotency_key: string };
/**
 * What a request pays: one payment or a file's payments (with the row numbers of the maker's review), one payout or
 * a file's payouts.
 */
export type RequestBody =
  | { payment: PaymentBody }
  | { rows: PaymentBody[]; row_numbers?: number[] }
  | ({ payout: PaymentBody } & PayoutExtras)
  | ({ payouts: PaymentBody[]; row_numbers?: number[] } & PayoutExtras)
  | MoveBody;

/**
 * A wallet move (move-kinds.ts): its bodies, where they go, and for an app's bank account the account it replaces
 * (masked, read from the service when it was submitted), for the approver to see.
 */
export type MoveBody = {
  move: MoveKind;
  moves: PaymentBody[];
  path: string;
  app_id?: string;
  row_numbers?: number[];
  replaces?: { mask: string; name: string } | null;
};

/**
 * What a payout request keeps besides its bodies: the app whose wallet pays, and each payee's payout methods as they
 * were when it was submitted (gate/service-calls.ts), written by the server, never by the maker.
 */
type PayoutExtras = { app_id?: string; payee_methods?: Record<string, string> };

/** The app a request's payouts are paid from (its wallet), when the maker chose one: sent as Api-App-Id. */
export function appOf(body: RequestBody): string | null {
  return 'app_id' in body && typeof body.app_id === 'string' ? body.app_id : null;
}

export type RequestKind = 'payment' | 'batch' | 'payout' | 'payout-batch' | MoveKind;

export function kindOf(body: RequestBody): RequestKind {
  if ('payment' in body) return 'payment';
  if ('rows' in body) return 'batch';
  if ('payout' in body) return 'payout';
  if ('move' in body) return body.move;
  return 'payout-batch';
}

export function bodiesOf(body: RequestBody): PaymentBody[] {
  if ('payment' in body) return [body.payment];
  if ('rows' in body) return body.rows;
  if ('payout' in body) return [body.payout];
  if ('move' in body) return body.moves;
  return body.payouts;
}

/** Where each of a request's bodies is sent. */
export function pathOf(body: RequestBody): string {
  if ('move' in body) return body.path;
  return 'payment' in body || 'rows' in body ? '/v2/payments' : '/v2/payouts';
}

/** What money each of a request's bodies is, as the service records it; null for an app's bank account (no money). */
export function moneyOf(body: RequestBody): MoneySent | null {
  if ('move' in body) return MOVE_KINDS[body.move].money;
  return 'payment' in body || 'rows' in body ? 'payment' : 'payout';
}

/** The method each of a request's bodies is sent with. */
export function methodOf(body: RequestBody): 'POST' | 'PUT' {
  return 'move' in body ? MOVE_KINDS[body.move].method : 'POST';
}

/**
 * The body with every account number reduced to its last four digits: what is shown, and kept once it ended. (A
 * payout names a saved method by id: it holds no account number.)
 */
export function maskedBody(body: RequestBody): RequestBody {
  if ('payment' in body) return { payment: maskPaymentBody(body.payment) };
  if ('rows' in body) return { ...body, rows: body.rows.map((row) => maskPaymentBody(row)) };
  if ('move' in body && body.move === 'ach-account') {
    // Masking a body kept masked (a request that ended) keeps its last four: what the approver and every later reader see.
    return {
      ...body,
      moves: body.moves.map(({ account_number, ...rest }) =>
        typeof account_number === 'string'
          ? { ...rest, account_number_last4: lastFour(account_number) }
          : rest,
      ) as PaymentBody[],
    };
  }
  return body;
}
