import { maskPaymentBody } from '../../lib/mask';

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
  | ({ payouts: PaymentBody[]; row_numbers?: number[] } & PayoutExtras);

/**
 * What a payout request keeps besides its bodies: the app whose wallet pays, and each payee's payout methods as they
 * were when it was submitted (gate/service-calls.ts), written by the server, never by the maker.
 */
type PayoutExtras = { app_id?: string; payee_methods?: Record<string, string> };

/** The app a request's payouts are paid from (its wallet), when the maker chose one: sent as Api-App-Id. */
export function appOf(body: RequestBody): string | null {
  return 'app_id' in body && typeof body.app_id === 'string' ? body.app_id : null;
}

export type RequestKind = 'payment' | 'batch' | 'payout' | 'payout-batch';

export function kindOf(body: RequestBody): RequestKind {
  if ('payment' in body) return 'payment';
  if ('rows' in body) return 'batch';
  if ('payout' in body) return 'payout';
  return 'payout-batch';
}

export function bodiesOf(body: RequestBody): PaymentBody[] {
  if ('payment' in body) return [body.payment];
  if ('rows' in body) return body.rows;
  if ('payout' in body) return [body.payout];
  return body.payouts;
}

/** Where each of a request's bodies is sent. */
export function pathOf(body: RequestBody): '/v2/payments' | '/v2/payouts' {
  return 'payment' in body || 'rows' in body ? '/v2/payments' : '/v2/payouts';
}

/**
 * The body with every account number reduced to its last four digits: what is shown, and kept once it ended. (A
 * payout names a saved method by id: it holds no account number.)
 */
export function maskedBody(body: RequestBody): RequestBody {
  if ('payment' in body) return { payment: maskPaymentBody(body.payment) };
  if ('rows' in body) return { ...body, rows: body.rows.map((row) => maskPaymentBody(row)) };
  return body;
}
