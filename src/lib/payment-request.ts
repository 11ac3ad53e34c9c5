/** The body of POST /v2/payments (exactly one payer, exactly one source). */
export interface CreatePaymentRequest {
  amount: number;
  platform: 'ach';
  user_id?: string;
  customer_id?: string;
  ach_info?: { account_number: string; routing_number: string; account_type: 'checking' | 'savings' };
  account_id?: string;
  metadata?: Record<string, string>;
  idempotency_key?: string;
}

export type PaymentSource =
  | { kind: 'stored'; accountId: string }
  | { kind: 'bank'; accountNumber: string; routingNumber: string; accountType: 'checking' | 'savings' };

/** A payment that passed the rules, whether the form or a row of a file asked for it. */
export interface Payment {
  payerKind: 'user' | 'customer';
  payerId: string;
  cents: number;
  source: PaymentSource;
  metadata: Readonly<Record<string, string>>;
}

export interface RequestExtras {
  /** One per request body: made when the review opens (a file's row: derived from the row), reused by every resend. */
  idempotencyKey?: string | undefined;
  /** Who initiated it (metadata.initiated_by), when known. */
  operator?: string | undefined;
}

/**
 * The one place a payment's request body is made, for the form and for a file's rows: exactly one payer, exactly one
 * source, amount in integer cents; the idempotency key also goes into metadata.console_request_id, so that a payment
 * whose answer was lost can be found by it. Metadata is left out when empty.
 */
export function toPaymentRequest(payment: Payment, extras: RequestExtras = {}): CreatePaymentRequest {
  const request: CreatePaymentRequest = { amount: payment.cents, platform: 'ach' };
  if (payment.payerKind === 'user') request.user_id = payment.payerId;
  else request.customer_id = payment.payerId;
  if (payment.source.kind === 'stored') request.account_id = payment.source.accountId;
  else {
    request.ach_info = {
      account_number: payment.source.accountNumber,
      routing_number: payment.source.routingNumber,
      account_type: payment.source.accountType,
    };
  }
  const metadata: Record<string, string> = { ...payment.metadata };
  if (extras.idempotencyKey) metadata.console_request_id = extras.idempotencyKey;
  if (extras.operator) metadata.initiated_by = extras.operator;
  if (Object.keys(metadata).length > 0) request.metadata = metadata;
  if (extras.idempotencyKey) request.idempotency_key = extras.idempotencyKey;
  return request;
}
