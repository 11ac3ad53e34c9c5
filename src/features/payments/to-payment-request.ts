import type { CreatePaymentRequest } from '../../api/payments';
import { parseDollars } from '../../lib/money';
import type { PaymentFormValues } from './payment-form-schema';

/**
 * Validated form values -> request body: exactly one payer, exactly one source (a customer always pays with bank
 * details), amount in integer cents, metadata rows as an object (left out when empty).
 */
export interface RequestExtras {
  /** Made when the review opens, reused by every resend of the same body. */
  idempotencyKey?: string;
  /** Who initiated it (metadata.initiated_by), when the operator gave a name. */
  operator?: string | undefined;
}

export function toPaymentRequest(
  values: PaymentFormValues,
  extras: RequestExtras = {},
): CreatePaymentRequest {
  const amount = parseDollars(values.amount);
  if (!amount.ok) throw new Error(`toPaymentRequest needs a valid amount: ${amount.problem}`);
  const request: CreatePaymentRequest = { amount: amount.cents, platform: 'ach' };
  if (values.payer === 'user') request.user_id = values.userId.trim().toLowerCase();
  else request.customer_id = values.customerId.trim().toLowerCase();
  if (values.payer === 'user' && values.source === 'stored') {
    request.account_id = values.accountId;
  } else {
    request.ach_info = {
      account_number: values.accountNumber.replaceAll(' ', ''),
      routing_number: values.routingNumber.trim(),
      account_type: values.accountType,
    };
  }
  const metadata: Record<string, string> = Object.fromEntries(
    values.metadata.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]),
  );
  if (extras.idempotencyKey) metadata.console_request_id = extras.idempotencyKey;
  if (extras.operator) metadata.initiated_by = extras.operator;
  if (Object.keys(metadata).length > 0) request.metadata = metadata;
  if (extras.idempotencyKey) request.idempotency_key = extras.idempotencyKey;
  return request;
}

/** Where the service's 400 field paths land in the form. */
export const FORM_FIELD_BY_API_PATH: Readonly<Record<string, keyof PaymentFormValues>> = {
  amount: 'amount',
  user_id: 'userId',
  customer_id: 'customerId',
  'ach_info.account_number': 'accountNumber',
  'ach_info.routing_number': 'routingNumber',
  'ach_info.account_type': 'accountType',
  ach_info: 'accountNumber',
  account_id: 'accountId',
  metadata: 'metadata',
};
